//! How a section's parts (`parts:`) become the columns of its one table:
//! selection, column order and names, shared rows.

use super::*;
use crate::model::{Better, Metric};
use crate::site::{Kernel, KernelConfig};
use std::path::PathBuf;

use crate::site::testing::result_file as file;

/// The page of a class of kernels 2.4.17 (the baseline) and 2.4.17rat,
/// with `yaml`'s sections over `results`.
fn page(sections_yaml: &str, results: Vec<ResultFile>) -> MachinePage {
    page_of("2.4.17", sections_yaml, results)
}

/// [`page`] with `baseline` as the class's baseline.
fn page_of(baseline: &str, sections_yaml: &str, results: Vec<ResultFile>) -> MachinePage {
    page_of_kernels(&["2.4.17", "2.4.17rat"], baseline, sections_yaml, results)
}

/// [`page_of`] with `kernels` as the class's kernels, in order.
fn page_of_kernels(kernels: &[&str], baseline: &str, sections_yaml: &str, results: Vec<ResultFile>) -> MachinePage {
    let yaml = format!("name: M\nbaseline: \"{baseline}\"\nsections:\n{sections_yaml}");
    let config: MachineConfig = serde_yaml::from_str(&yaml).expect("machine.yaml");
    let kernels = kernels
        .iter()
        .map(|k| Kernel {
            name: k.to_string(),
            config: KernelConfig::default(),
            env: Default::default(),
            other_machine: None,
            other_machine_group: None,
            machine_caveat: None,
        })
        .collect();
    let selection = crate::site::select(&config.sections, &config.leave_out, &results);
    let m = MachineClass {
        slug: "m".into(),
        dir: PathBuf::from("m"),
        config,
        kernels,
        results,
        selection,
        ignored: Vec::new(),
        setups: Vec::new(),
        skipped: Vec::new(),
    };
    let policy = machine_policy(&SiteConfig::default(), &m);
    machine_page(&m, &policy)
}

fn names(t: &TableView) -> Vec<&str> {
    t.columns.iter().map(|c| c.name.as_str()).collect()
}

/// Every row as kernel, parameters and cell texts (`-` for none).
fn rows(t: &TableView) -> Vec<String> {
    t.rows
        .iter()
        .map(|r| {
            let cells = r.cells.iter().map(|c| c.as_ref().map_or("-", |c| c.text.as_str()));
            std::iter::once(r.kernel.as_str())
                .chain(r.params.iter().map(String::as_str))
                .chain(cells)
                .collect::<Vec<_>>()
                .join(" ")
        })
        .collect()
}

fn builds() -> Vec<ResultFile> {
    let real = |v| Sample::new(Metric::new("real", "s", Better::Lower), v, 1);
    let mut out = Vec::new();
    for (k, perl, kernel) in [("2.4.17", 1620.0, 1347.0), ("2.4.17rat", 1629.0, 1444.0)] {
        out.push(file(&format!("{k}/build-kernel.txt"), "bash-time", vec![real(kernel)]));
        out.push(file(&format!("{k}/build-perl.txt"), "bash-time", vec![real(perl)]));
    }
    out
}

const BUILD_PARTS: &str = "  - title: Build times
    parts:
      - label: perl_build
        files: [\"*/build-perl.txt\"]
      - label: kernel_build
        files: [\"*/build-kernel.txt\"]
";

#[test]
fn parts_of_one_metric_are_columns_named_by_their_labels() {
    let p = page(BUILD_PARTS, builds());
    assert_eq!(p.sections.len(), 1, "every file is claimed by a part");
    let t = &p.sections[0].table;
    assert_eq!(names(t), ["perl_build", "kernel_build"]);
    assert_eq!(t.columns.iter().map(|c| (c.part, c.unit.as_str())).collect::<Vec<_>>(), [(0, "s"), (1, "s")]);
    assert_eq!(rows(t), ["2.4.17 1620 1347", "2.4.17rat 1629 1444"]);
    // One run each: nothing averaged; each compared with its own part's baseline.
    let rat = &t.rows[1];
    let delta =
        |c: usize| rat.cells[c].as_ref().map(|c| (c.summary.n, c.delta_text.as_deref().unwrap_or("").to_string()));
    assert_eq!((delta(0), delta(1)), (Some((1, "-0.6%".into())), Some((1, "-7.2%".into()))));
    assert_eq!(t.direction, "smaller is better");
}

#[test]
fn without_parts_two_files_of_one_metric_share_a_cell() {
    // What `parts:` is for: the load warns about this (site::select).
    let p = page("  - title: Build\n    files: [\"*/build-*.txt\"]\n", builds());
    let t = &p.sections[0].table;
    assert_eq!((names(t), t.rows[0].cells[0].as_ref().map(|c| c.summary.n)), (vec!["real"], Some(2)));
}

/// tiobench-like rows: both kernels at 1 and 2 threads, in two groups.
fn tiobench() -> Vec<ResultFile> {
    let mut samples = Vec::new();
    for (group, base) in [("Sequential Reads", 10.0), ("Random Reads", 1.0)] {
        for k in ["2.4.17", "2.4.17rat"] {
            for threads in [1, 2] {
                let s = |m: Metric, v: f64| {
                    Sample::new(m, v, 1).with_kernel(k).with_group(group).with_param("threads", threads)
                };
                samples.push(s(Metric::new("Rate", "MB/s", Better::Higher), base + f64::from(threads)));
                samples.push(s(Metric::new("CPU%", "%", Better::Neither), 50.0));
            }
        }
    }
    vec![file("tiobench.txt", "tiobench", samples)]
}

#[test]
fn parts_of_several_metrics_name_label_and_metric_and_share_rows() {
    let yaml = "  - title: Reads
    files: [\"tiobench.txt\"]
    benchmark: tiobench
    parts:
      - label: Seq Read
        group: Sequential Reads
      - label: Rand Read
        group: Random Reads
        metrics: [\"CPU%\", \"Rate\"]
";
    let p = page(yaml, tiobench());
    assert_eq!(p.sections.len(), 1);
    let t = &p.sections[0].table;
    assert_eq!(names(t), ["Seq Read Rate", "Seq Read CPU%", "Rand Read CPU%", "Rand Read Rate"]);
    assert_eq!(t.param_headers, ["threads"]);
    assert_eq!(
        rows(t),
        ["2.4.17 1 11 50 50 2", "2.4.17rat 1 11 50 50 2", "2.4.17 2 12 50 50 3", "2.4.17rat 2 12 50 50 3"]
    );
    assert_eq!(t.direction, "bigger is better; CPU% columns informational");
}

#[test]
fn a_sections_metrics_apply_to_every_part_and_a_part_of_two_groups_names_them() {
    let yaml = "  - title: Rates
    metrics: [Rate]
    parts:
      - label: Seq Read
        group: Sequential Reads
      - label: Rand Read
        group: Random Reads
  - title: Both
    parts:
      - label: All
        metrics: [Rate]
";
    let p = page(yaml, tiobench());
    assert_eq!(names(&p.sections[0].table), ["Seq Read", "Rand Read"]);
    assert_eq!(names(&p.sections[1].table), ["All Sequential Reads Rate", "All Random Reads Rate"]);
    // `CPU%`, hidden by `metrics:`, is claimed all the same: no section of its own.
    assert_eq!(p.sections.len(), 2);
}

/// compare.html's summary: single runs are compared but not tested, so no
/// wins or losses; the geometric mean turns each ratio so that above 1 is
/// better (baseline ÷ kernel for build times, smaller is better).
#[test]
fn the_comparison_summary_counts_significant_changes_and_takes_the_geometric_mean() {
    let m = page(BUILD_PARTS, builds());
    let s = compare_summary(&m);
    assert_eq!(s.len(), 1);
    let k = &s[0];
    assert_eq!(
        (k.kernel.as_str(), k.href.as_str(), k.compared, k.tested, k.wins, k.losses),
        ("2.4.17rat", "#vs-1", 2, 0, 0, 0)
    );
    let want = ((1620.0f64 / 1629.0) * (1347.0 / 1444.0)).sqrt();
    assert!((k.geomean.expect("a geometric mean") - want).abs() < 1e-12, "{:?}", k.geomean);
    assert_eq!((k.geomean_text.as_str(), k.class), ("-3.7%", "worse"));
}

/// newcomer59b: UnixBench's `Index Score` is the geometric mean of its
/// tests' index values, and each index value a test's result over a
/// constant; Bonnie's CPU Eff is a rate over its %CPU. Counted beside the
/// tests, the score weighed every change twice; now the mean is over the
/// tests alone, and `compared` counts what the mean is over. A page of
/// the score alone counts it.
#[test]
fn the_geometric_mean_leaves_out_a_figure_made_of_the_others() {
    let files = |tests: bool| {
        [("2.4.17", 100.0, 10.0), ("2.4.17rat", 110.0, 20.0)]
            .iter()
            .map(|(k, result, score)| {
                let m = |name: &str, unit: &str| Metric::new(name, unit, Better::Higher);
                let mut samples = vec![Sample::new(m("Index Score", ""), *score, 3).with_group("index")];
                if tests {
                    samples.push(Sample::new(m("Pipe Throughput", "lps"), *result, 1));
                    samples.push(Sample::new(m("Pipe Throughput", ""), result / 12440.0, 2).with_group("index"));
                }
                file(&format!("{k}/ub.txt"), "unixbench", samples)
            })
            .collect::<Vec<_>>()
    };
    // As the demo's UnixBench class: the score in a section of its own.
    let parts = "  - title: Score\n    files: [\"*/ub.txt\"]\n    group: index\n    metrics: [\"Index Score\"]\n  - title: Tests\n    files: [\"*/ub.txt\"]\n";
    let m = page(parts, files(true));
    let k = &compare_summary(&m)[0];
    assert_eq!((k.compared, k.geomean_text.as_str()), (1, "+10.0%"), "{:?}", geomean_metrics_text(&m));
    assert!(!geomean_metrics_text(&m).contains("Index Score"), "{}", geomean_metrics_text(&m));
    // One section of all three: the test alone too.
    let k = &compare_summary(&page("  - title: All\n    files: [\"*/ub.txt\"]\n", files(true)))[0];
    assert_eq!((k.compared, k.geomean_text.as_str()), (1, "+10.0%"));
    // The score alone is the one figure there is.
    let k = &compare_summary(&page("  - title: All\n    files: [\"*/ub.txt\"]\n", files(false)))[0];
    assert_eq!((k.compared, k.geomean_text.as_str()), (1, "+100.0%"));
    assert!(crate::derive::of_others("bonnie++", "", "Block CPU Eff"));
    assert!(!crate::derive::of_others("unixbench", "", "Pipe Throughput"));
}

/// attack26 gs/'s means: `better: higher`, 2.4.17 at −5.005 and 2.4.17rat
/// at −10.005 (worse). Their ratio, 2.0, read the other way round as
/// "+99.9%" or turned as "2× worse", says nothing true: the geometric mean
/// leaves the pair out and gives no text, never a factor; the pair is
/// still compared. With a positive pair beside it, only that pair's ratio
/// makes the mean.
#[test]
fn the_comparison_summary_has_no_factor_for_negative_means() {
    let score = |v| Sample::new(Metric::new("score", "", Better::Higher), v, 1);
    let rate = |v| Sample::new(Metric::new("rate", "ops/s", Better::Higher), v, 1);
    let files = |with_rate: bool| {
        [("2.4.17", -5.005, 100.0), ("2.4.17rat", -10.005, 110.0)]
            .iter()
            .map(|(k, s, r)| {
                let mut samples = vec![score(*s)];
                if with_rate {
                    samples.push(rate(*r));
                }
                file(&format!("{k}/gs.txt"), "gnu-time", samples)
            })
            .collect::<Vec<_>>()
    };
    let parts = "  - title: GS\n    files: [\"*/gs.txt\"]\n";
    let k = &compare_summary(&page(parts, files(false)))[0];
    assert_eq!((k.compared, k.geomean, k.geomean_text.as_str(), k.class), (1, None, "", ""));
    let k = &compare_summary(&page(parts, files(true)))[0];
    assert_eq!((k.compared, k.geomean_text.as_str(), k.class), (2, "+10.0%", "better"));
}

/// A section titled `Kernels` or `Kernel 1` does not take the id of the
/// page's list of kernels or of its first kernel.
#[test]
fn section_ids_keep_clear_of_the_pages_own() {
    assert_eq!(unique_id(&[], "kernels".into()), "kernels-2");
    assert_eq!(unique_id(&[], "kernel-1".into()), "kernel-1-2");
    assert_eq!(unique_id(&["dbench".into()], "dbench".into()), "dbench-2");
    assert_eq!(unique_id(&[], "kernel-builds".into()), "kernel-builds");
}

/// A section of `pct-table`'s results is titled by the benchmark alone
/// (`hackbench`, not `pct-table: hackbench`, the parser's id); `(pct
/// table)` after it where the page has a section of hackbench's own
/// output too. Other parsers' sections are titled as before.
#[test]
fn a_pct_table_section_is_titled_by_its_benchmark() {
    let key = |b: &str, g: &str| ((b.to_string(), g.to_string()), Vec::new());
    let alone = [key("pct-table", "hackbench")];
    assert_eq!(unclaimed_title("pct-table", "hackbench", &alone), "hackbench");
    let both = [key("pct-table", "hackbench"), key("hackbench", "")];
    assert_eq!(unclaimed_title("pct-table", "hackbench", &both), "hackbench (pct table)");
    assert_eq!(unclaimed_title("hackbench", "", &both), "hackbench");
    assert_eq!(unclaimed_title("tiobench", "write", &both), "tiobench: write");
    // perf stat's by its name, not its parser's id.
    assert_eq!(unclaimed_title("perf-stat", "./a.out", &both), "perf stat: ./a.out");
}

/// Rows of a word parameter come in the order the files first show them
/// (`before patch` over `after patch`, as a mail sets them); numbers in
/// their order. The alphabet put `after patch` first (a stable backport's
/// netperf before/after, session 29).
#[test]
fn word_rows_keep_the_files_order_and_numbers_theirs() {
    let tput = |v, label: &str, size: u32| {
        Sample::new(Metric::new("Throughput", "MB/s", Better::Higher), v, 1)
            .with_param("size", size)
            .with_param("label", label)
    };
    let results = vec![file(
        "2.4.17/netperf.txt",
        "netperf",
        vec![tput(1.0, "before patch", 64), tput(2.0, "after patch", 64), tput(3.0, "before patch", 16)],
    )];
    let p = page("  - title: Net\n    files: [\"*/netperf.txt\"]\n", results);
    let got: Vec<String> = rows(&p.sections[0].table);
    assert_eq!(got, ["2.4.17 16 before patch 3", "2.4.17 64 before patch 1", "2.4.17 64 after patch 2"]);
}

/// attack41 F11: the baseline's `log-1 log-2 log-4 log-8` (a doubling
/// series, counts: the build warns their values are averaged as runs)
/// beside `log-1 … log-3` runs of the other kernel: the change is notable
/// still, marked `^` as its cell is (the list's legend says why). Runs of one
/// name in both kernels say nothing of it (must not fire).
#[test]
fn a_change_of_a_cell_averaging_files_of_different_names_says_so() {
    let tput = |v| Sample::new(Metric::new("Throughput", "MB/sec", Better::Higher), v, 20);
    let series = |base: &[(u32, f64)]| {
        let mut out = Vec::new();
        for &(n, v) in base {
            out.push(file(&format!("2.4.17/log-{n}"), "dbench", vec![tput(v)]));
        }
        for (n, v) in [(1, 1000.0), (2, 1001.0), (3, 999.0)] {
            out.push(file(&format!("2.4.17rat/log-{n}"), "dbench", vec![tput(v)]));
        }
        out
    };
    let section = "  - title: Bench\n    files: [\"*/log-*\"]\n";
    let p = page(section, series(&[(1, 100.0), (2, 200.0), (4, 400.0), (8, 800.0)]));
    let cell = p.sections[0].table.rows.iter().find(|r| r.kernel == "2.4.17rat").and_then(|r| r.cells[0].as_ref());
    assert!(cell.is_some_and(|c| c.merged), "{:?}", p.sections[0].table.rows);
    // afix42: the baseline's own cell (log-1, 2, 4, 8) is marked as
    // `site::select` decided for its warning, the table's legend says what
    // the mark is, and the grid shows it after both values.
    let base = p.sections[0].table.rows.iter().find(|r| r.kernel == "2.4.17").and_then(|r| r.cells[0].as_ref());
    assert!(base.is_some_and(|c| c.merged));
    assert_eq!(p.sections[0].table.merged_legend.as_deref(), Some(super::notable::MERGED_LEGEND));
    // afix43: each kernel page shows the mark, and says what it is.
    for kp in kernel_pages(&p) {
        assert_eq!(kp.mark_legends, [super::notable::MERGED_LEGEND], "{}", kp.file);
    }
    let g = super::grid::section_grid(&p.sections[0], &super::grid::GridOptions::default()).expect("a grid");
    let rows = g.blocks.iter().flat_map(|b| &b.rows).filter(|r| !r.change);
    let values: Vec<&str> = rows.flat_map(|r| r.cells.iter().flatten()).map(|c| c.value.as_str()).collect();
    assert!(!values.is_empty() && values.iter().all(|v| v.ends_with(super::notable::MERGED_MARK)), "{values:?}");
    // Each notable change carries the mark after its change, and the
    // list's legend says once what it means (mail53: a 30-word caveat
    // after each, 27 times on a PostMark page).
    assert!(!p.notable.is_empty());
    // The baseline said once, in the list's heading.
    assert_eq!(p.notable_heading, "Notable changes against 2.4.17");
    for n in &p.notable {
        assert_eq!(n.marks, super::notable::MERGED_MARK, "{}", n.text);
        assert!(n.text.contains("%^ (adjusted p"), "{}", n.text);
        assert!(!n.text.contains("different names"), "{}", n.text);
    }
    assert_eq!(notable_legends(&p.notable), [super::notable::MERGED_LEGEND]);
    assert_eq!(mark_legends_with_notable(&p), [super::notable::MERGED_LEGEND]);
    let p = page(section, series(&[(1, 500.0), (2, 510.0), (3, 505.0)]));
    assert!(!p.notable.is_empty(), "a significant change of runs alike");
    assert!(p.notable.iter().all(|n| n.marks.is_empty() && !n.text.contains('^')), "{:?}", p.notable);
    assert!(notable_legends(&p.notable).is_empty());
    assert!(p.sections[0].table.rows.iter().flat_map(|r| r.cells.iter().flatten()).all(|c| !c.merged));
    assert_eq!(p.sections[0].table.merged_legend, None);
    assert!(kernel_pages(&p).iter().all(|kp| kp.mark_legends.is_empty()));
}

/// attack45 F9: the `^` of a cell averaging files of different names was
/// shown by the tables only: the mail's bars standing in for a one-column
/// table (under the mail's legend of `^`), `compare.html` and the
/// regressions pages showed the value unmarked. Every rendering draws it
/// from the view model now ([`CellView::marks`]), and each prints the
/// legend only where a value shows the mark: a page left with no marked
/// cell (the mail's kernels) says none. Must not fire: cells of runs alike.
#[test]
fn every_rendering_of_a_marked_value_shows_its_mark_and_only_then_its_legend() {
    let tput = |v| Sample::new(Metric::new("Throughput", "MB/sec", Better::Higher), v, 20);
    let series = |base: &[(u32, f64)], other: [f64; 3]| {
        let mut out = Vec::new();
        for &(n, v) in base {
            out.push(file(&format!("2.4.17/log-{n}"), "dbench", vec![tput(v)]));
        }
        for (n, v) in [1, 2, 3].into_iter().zip(other) {
            out.push(file(&format!("2.4.17rat/log-{n}"), "dbench", vec![tput(v)]));
        }
        out
    };
    let section = "  - title: Bench\n    files: [\"*/log-*\"]\n    headline: Throughput\n";
    // The baseline's log-1, 2, 4, 8 (a doubling series averaged as runs),
    // 2.4.17rat's log-1 … 3 far below: a regression of marked cells.
    let p = page(section, series(&[(1, 1000.0), (2, 1001.0), (4, 999.0), (8, 1000.5)], [100.0, 101.0, 99.0]));
    // The text the bars, compare.html and the regressions pages show
    // (`chart::text` draws the bars' value from `marked_text`: a layer
    // above this one, not imported here).
    let cells: Vec<&CellView> = p.sections[0].table.rows.iter().flat_map(|r| r.cells.iter().flatten()).collect();
    assert!(cells.iter().all(|c| c.merged && c.marked_text().ends_with(MERGED_MARK)), "{cells:?}");
    let c = compare_page(&p);
    let rows: Vec<&ComparisonRow> = c.shown.iter().flat_map(|b| b.sections.iter().flat_map(|s| &s.rows)).collect();
    assert!(!rows.is_empty() && rows.iter().all(|r| r.value.ends_with('^') && r.baseline.ends_with('^')), "{rows:?}");
    assert_eq!(blocks_mark_legends(&c.shown), [MERGED_LEGEND]);
    let r = regressions_page(&p);
    assert!(!r.regressions.is_empty(), "{}", r.counts);
    assert!(r.regressions.iter().all(|x| x.value.ends_with('^') && x.baseline_value.ends_with('^')));
    assert_eq!(r.mark_legends, [MERGED_LEGEND]);
    // Runs of one name in both kernels: no mark, no legend anywhere.
    let p = page(section, series(&[(1, 1000.0), (2, 1001.0), (3, 999.0)], [100.0, 101.0, 99.0]));
    let mut cells = p.sections[0].table.rows.iter().flat_map(|r| r.cells.iter().flatten());
    assert!(cells.all(|c| c.marks().is_empty() && c.marked_text() == c.text));
    assert!(blocks_mark_legends(&compare_page(&p).shown).is_empty());
    assert!(regressions_page(&p).mark_legends.is_empty());
}

/// [`marks_of`] spells both marks as the two marks one after the other.
#[test]
fn both_marks_are_the_two_marks() {
    assert_eq!(marks_of(true, true), format!("{MERGED_MARK}{COPIED_MARK}"));
    assert_eq!(legends_of_marks(["", "^=", "="]), [MERGED_LEGEND, COPIED_LEGEND]);
    assert!(legends_of_marks(["", ""]).is_empty());
}

/// attack45 F9: a page keeping only kernels whose cells carry no mark
/// (the mail's last kernels, `text --kernels`) printed the legend of a
/// mark none of its lines shows. Must not fire: the marked kernel kept.
#[test]
fn a_page_left_without_marked_cells_says_no_legend_of_them() {
    let tput = |v, line| Sample::new(Metric::new("Throughput", "MB/sec", Better::Higher), v, line);
    let mut mail = file("2.4.17rat/dbench-mail.eml", "dbench", vec![tput(27.3983, 48), tput(18.4711, 51)]);
    let doubted = format!(
        "`first lines for 2.4.7-ac3, then 2.4.7-ac9` names 2 kernels (2.4.7-ac3, 2.4.7-ac9), but no copy of the \
         output below is labelled with one: {}; …",
        crate::parse::labels::DOUBTED_COPIES
    );
    mail.parsed.notes.push((45, doubted));
    // The parser sets the file's flag with its note (`ParsedFile::doubted_copies`).
    mail.parsed.doubted_copies = true;
    let results = vec![file("2.4.17/dbench.txt", "dbench", vec![tput(20.0, 8), tput(21.0, 9)]), mail];
    let p = page("  - title: Bench\n    files: [\"*/*\"]\n", results);
    assert_eq!(mark_legends(&p).collect::<Vec<_>>(), [MERGED_LEGEND]);
    let only_base = filtered_page(&p, &[], &["2.4.17".to_string()]);
    assert_eq!(mark_legends(&only_base).count(), 0);
    assert!(only_base.sections.iter().all(|s| s.table.merged_legend.is_none()));
    let both = filtered_page(&p, &[], &["2.4.17".to_string(), "2.4.17rat".to_string()]);
    assert_eq!(mark_legends(&both).collect::<Vec<_>>(), [MERGED_LEGEND]);
}

/// afix43's leftover: a third kernel compared with a baseline whose file
/// is another kernel's copy was not marked `=`: its change is against
/// figures that may not be the baseline's. Now its compared cells carry
/// the mark too, and its kernel page the legend. Must not fire: the third
/// kernel against a baseline whose file is no copy (the copy is between
/// the two other kernels), and a class with no copy.
#[test]
fn a_kernel_compared_with_a_copied_baseline_is_marked() {
    let time = |v, line| Sample::new(Metric::new("Time", "s", Better::Lower), v, line);
    let copy = [time(10.273, 8), time(9.8841, 9), time(11.052, 10)];
    let own = vec![time(12.273, 8), time(12.8841, 9), time(13.052, 10)];
    let section = "  - title: Bench\n    files: [\"*/*\"]\n";
    let kernels = ["2.4.17", "2.4.17rat", "2.4.18"];
    // One cell a row: the three figures are runs of one metric.
    let cells = |p: &MachinePage, k: &str| -> Vec<bool> {
        let t = &p.sections[0].table;
        t.rows.iter().filter(|r| r.kernel == k).flat_map(|r| r.cells.iter().flatten()).map(|c| c.copied).collect()
    };
    let results = vec![
        file("2.4.17/hackbench.txt", "hackbench", copy.to_vec()),
        file("2.4.17rat/hb.out", "hackbench", copy.to_vec()),
        file("2.4.18/hackbench.txt", "hackbench", own.clone()),
    ];
    let p = page_of_kernels(&kernels, "2.4.17", section, results);
    assert_eq!(cells(&p, "2.4.18"), [true], "{:?}", p.sections[0].table.rows);
    let kp = kernel_pages(&p);
    let third = kp.iter().find(|k| k.file.contains("2.4.18")).expect("2.4.18's page");
    assert_eq!(third.mark_legends, [super::notable::COPIED_LEGEND]);
    // The copy between two other kernels (2.4.17rat and 2.4.19), the
    // baseline's file its own: 2.4.18, compared with it, is not marked.
    let kernels = ["2.4.17", "2.4.17rat", "2.4.18", "2.4.19"];
    let results = vec![
        file("2.4.17/hackbench.txt", "hackbench", own.clone()),
        file("2.4.17rat/hb.out", "hackbench", copy.to_vec()),
        file("2.4.18/hackbench.txt", "hackbench", vec![time(14.273, 8), time(14.8841, 9), time(15.052, 10)]),
        file("2.4.19/hackbench.txt", "hackbench", copy.to_vec()),
    ];
    let p = page_of_kernels(&kernels, "2.4.17", section, results);
    assert_eq!(cells(&p, "2.4.17"), [false]);
    assert_eq!(cells(&p, "2.4.18"), [false]);
    assert_eq!(cells(&p, "2.4.19"), [true], "its own file is a copy");
    // No copy at all.
    let results = vec![
        file("2.4.17/hackbench.txt", "hackbench", own.clone()),
        file("2.4.18/hackbench.txt", "hackbench", copy.to_vec()),
    ];
    let p = page_of_kernels(&kernels[..3], "2.4.17", section, results);
    assert!(cells(&p, "2.4.18").iter().all(|c| !c), "{:?}", p.sections[0].table.rows);
}

/// newcomer42 N2: `2.4.17rat/hb.out` a copy of `2.4.17/hackbench.txt`
/// (the warning `site::copies` gives names both): both kernels' cells carry
/// the copy mark, the table its legend line, Markdown and mail say it once
/// (`mark_legends`), and both kernel pages too. Must not fire: one figure
/// of the three differs, or the figures are too few and short to tell a
/// copy from runs alike (`12.5`, the warning's own rule).
#[test]
fn a_file_copied_into_another_kernels_directory_marks_both_rows() {
    let time = |v, line| Sample::new(Metric::new("Time", "s", Better::Lower), v, line);
    let files = |other: [f64; 3]| {
        vec![
            file("2.4.17/hackbench.txt", "hackbench", vec![time(10.273, 8), time(9.8841, 9), time(11.052, 10)]),
            file("2.4.17rat/hb.out", "hackbench", vec![time(other[0], 8), time(other[1], 9), time(other[2], 10)]),
        ]
    };
    let section = "  - title: Bench\n    files: [\"*/*\"]\n";
    let p = page(section, files([10.273, 9.8841, 11.052]));
    let t = &p.sections[0].table;
    assert!(t.rows.iter().flat_map(|r| r.cells.iter().flatten()).all(|c| c.copied && !c.merged), "{:?}", t.rows);
    assert_eq!(t.copied_legend.as_deref(), Some(super::notable::COPIED_LEGEND));
    assert_eq!(t.merged_legend, None);
    assert_eq!(mark_legends(&p).collect::<Vec<_>>(), [super::notable::COPIED_LEGEND]);
    let g = super::grid::section_grid(&p.sections[0], &super::grid::GridOptions::default()).expect("a grid");
    let rows = g.blocks.iter().flat_map(|b| &b.rows).filter(|r| !r.change);
    let values: Vec<&str> = rows.flat_map(|r| r.cells.iter().flatten()).map(|c| c.value.as_str()).collect();
    assert!(!values.is_empty() && values.iter().all(|v| v.ends_with(super::notable::COPIED_MARK)), "{values:?}");
    for kp in kernel_pages(&p) {
        assert_eq!(kp.mark_legends, [super::notable::COPIED_LEGEND], "{}", kp.file);
    }
    for other in [[10.273, 9.8841, 11.053], [12.5, 12.5, 12.5]] {
        let mut results = files(other);
        if other[0] == 12.5 {
            results[0] = file("2.4.17/hackbench.txt", "hackbench", vec![time(12.5, 8), time(12.5, 9), time(12.5, 10)]);
        }
        let p = page(section, results);
        let t = &p.sections[0].table;
        assert!(t.rows.iter().flat_map(|r| r.cells.iter().flatten()).all(|c| !c.copied), "{other:?}: {:?}", t.rows);
        assert_eq!(t.copied_legend, None);
        assert_eq!(mark_legends(&p).count(), 0);
        assert!(kernel_pages(&p).iter().all(|kp| kp.mark_legends.is_empty()));
    }
}

/// newcomer44 N2: a file whose copies the parser warns were averaged as
/// runs of one set-up, perhaps of different kernels (a pasted mail's
/// "first lines for 2.4.7-ac3, then 2.4.7-ac9" above dbench pairs): its
/// cells carry the `^` mark, and the mail and Markdown its legend line
/// once (`mark_legends`), as the build's warning is not in them. Must not
/// fire: the same file with another note, or none.
#[test]
fn a_cell_of_copies_a_warning_doubts_are_one_kernels_is_marked() {
    let tput = |v, line| Sample::new(Metric::new("Throughput", "MB/sec", Better::Higher), v, line);
    // The parser sets the file's flag with its note (`ParsedFile::doubted_copies`).
    let files = |note: Option<&str>| {
        let mut mail = file("2.4.17rat/dbench-mail.eml", "dbench", vec![tput(27.3983, 48), tput(18.4711, 51)]);
        if let Some(n) = note {
            mail.parsed.notes.push((45, n.to_string()));
            mail.parsed.doubted_copies = n.contains(crate::parse::labels::DOUBTED_COPIES);
        }
        vec![file("2.4.17/dbench.txt", "dbench", vec![tput(20.0, 8), tput(21.0, 9)]), mail]
    };
    let section = "  - title: Bench\n    files: [\"*/*\"]\n";
    let doubted = format!(
        "`first lines for 2.4.7-ac3, then 2.4.7-ac9` names 2 kernels (2.4.7-ac3, 2.4.7-ac9), but no copy of the \
         output below is labelled with one: {}; …",
        crate::parse::labels::DOUBTED_COPIES
    );
    let p = page(section, files(Some(&doubted)));
    let t = &p.sections[0].table;
    let cell = |k: &str| t.rows.iter().find(|r| r.kernel == k).and_then(|r| r.cells[0].as_ref()).expect("a cell");
    assert!(cell("2.4.17rat").merged, "{:?}", t.rows);
    assert!(!cell("2.4.17").merged, "the baseline's own cell averages no doubted copies");
    assert_eq!(t.merged_legend.as_deref(), Some(super::notable::MERGED_LEGEND));
    assert_eq!(mark_legends(&p).collect::<Vec<_>>(), [super::notable::MERGED_LEGEND]);
    let g = super::grid::section_grid(&p.sections[0], &super::grid::GridOptions::default()).expect("a grid");
    let values: Vec<&str> = g
        .blocks
        .iter()
        .flat_map(|b| &b.rows)
        .filter(|r| !r.change)
        .flat_map(|r| r.cells.iter().flatten())
        .map(|c| c.value.as_str())
        .collect();
    assert!(values.iter().any(|v| v.ends_with(super::notable::MERGED_MARK)), "{values:?}");
    for note in [None, Some("lines 122-128: a table typed by hand")] {
        let p = page(section, files(note));
        let t = &p.sections[0].table;
        assert!(t.rows.iter().flat_map(|r| r.cells.iter().flatten()).all(|c| !c.merged), "{note:?}: {:?}", t.rows);
        assert_eq!(t.merged_legend, None);
        assert_eq!(mark_legends(&p).count(), 0);
    }
}

/// newcomer42 N3: with the baseline the later kernel (`baseline:
/// 2.4.17rat`), it leads each group of rows compared with it, the groups
/// in parameter order, as the seeds' tables set them (tiobench by
/// threads, each group in one kernel order). Must not fire: rows compared
/// with nothing (threads 16 of 2.4.17 only, 32 of the baseline only) keep
/// their parameter order, the baseline's below the other kernel's.
#[test]
fn the_baseline_leads_each_group_of_rows_compared_with_it() {
    let tput = |v, threads: u32| {
        Sample::new(Metric::new("Throughput", "MB/s", Better::Higher), v, 1).with_param("threads", threads)
    };
    let results = vec![
        file("2.4.17/tio.txt", "tiobench", vec![tput(1.0, 4), tput(2.0, 8), tput(5.0, 16)]),
        file("2.4.17rat/tio.txt", "tiobench", vec![tput(3.0, 4), tput(4.0, 8), tput(6.0, 32)]),
    ];
    let p = page_of("2.4.17rat", "  - title: Tio\n    files: [\"*/tio.txt\"]\n", results);
    let got: Vec<String> = rows(&p.sections[0].table);
    assert_eq!(got, ["2.4.17rat 4 3", "2.4.17 4 1", "2.4.17rat 8 4", "2.4.17 8 2", "2.4.17 16 5", "2.4.17rat 32 6"]);
}

/// newcomer42 N14: 6.10.0's schbench report (by path before the baseline's)
/// prints no RPS 20.0th or 90.0th; the columns follow the first kernel's
/// file, as schbench prints them (20.0th, 50.0th, 90.0th, min, max,
/// average rps), not first appearance by path. Must not fire: `metrics:`
/// still sets its metrics first.
#[test]
fn columns_follow_the_first_kernels_file() {
    let rps = |name: &str, v| Sample::new(Metric::new(name, "rps", Better::Higher), v, 1).with_group("rps");
    let later = ["50.0th", "min", "max", "average rps"];
    let first = ["20.0th", "50.0th", "90.0th", "min", "max", "average rps"];
    let results = || {
        vec![
            file("2.4.17rat/schbench.txt", "schbench", later.iter().map(|n| rps(n, 8800.0)).collect()),
            file("2.4.17/schbench.txt", "schbench", first.iter().map(|n| rps(n, 16000.0)).collect()),
        ]
    };
    let p = page("  - title: S\n    files: [\"*/schbench.txt\"]\n", results());
    let got: Vec<&str> = p.sections[0].table.columns.iter().map(|c| c.name.as_str()).collect();
    assert!(got.iter().zip(first).all(|(g, w)| g.ends_with(w)) && got.len() == 6, "{got:?}");
    let p = page("  - title: S\n    files: [\"*/schbench.txt\"]\n    metrics: [max, 20.0th]\n", results());
    let got: Vec<&str> = p.sections[0].table.columns.iter().map(|c| c.name.as_str()).collect();
    assert!(got.len() == 2 && got[0].ends_with("max") && got[1].ends_with("20.0th"), "{got:?}");
}
