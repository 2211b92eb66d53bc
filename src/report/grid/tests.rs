//! Tests of the grid layer: shapes, blocks, alignment, brief grids.

use super::*;
use crate::report::RowView;
use crate::stats::Summary;

/// A cell whose change (`delta`, "+800.0%") is also its comparison's
/// `pct_better`, as [`super::super::section`] makes them.
fn cell(text: &str, n: u32, sd: Option<&str>, delta: Option<&str>) -> Option<CellView> {
    let mean: f64 = text.parse().unwrap_or(0.0);
    let comparison = delta.map(|d| crate::stats::Comparison {
        diff: 0.0,
        pct_better: d.strip_suffix('%').and_then(|p| p.parse().ok()),
        welch: None,
        p_adjusted: None,
        significant: false,
        within_step: false,
        no_ratio: false,
        baseline: 0.0,
    });
    Some(CellView {
        summary: Summary { n, mean, stddev: None, cv: None, min: mean, max: mean, median: mean },
        text: text.into(),
        stddev_text: sd.map(Into::into),
        delta_text: delta.map(Into::into),
        comparison,
        ..Default::default()
    })
}

/// A row: kernel, parameter values, cells.
type Row<'a> = (&'a str, Vec<&'a str>, Vec<Option<CellView>>);

fn table(columns: &[(&str, &str)], params: &[&str], rows: Vec<Row>) -> TableView {
    TableView {
        param_headers: params.iter().map(|p| p.to_string()).collect(),
        columns: columns
            .iter()
            .map(|(n, u)| ColumnView {
                name: n.to_string(),
                unit: u.to_string(),
                better: Better::Lower,
                precision: 2,
                ..Default::default()
            })
            .collect(),
        rows: rows
            .into_iter()
            .map(|(k, p, c)| RowView::new(k.to_string(), p.into_iter().map(String::from).collect(), c))
            .collect(),
        direction: "smaller is better".to_string(),
        ..Default::default()
    }
}

/// UnixBench with 2 kernels and 7 tests: tests as rows, kernels as
/// columns (9 lines, as the post), not two blocks of columns.
#[test]
fn many_metrics_few_kernels_become_rows() {
    let names = [
        "Pipe Throughput",
        "Pipe-based Context Switching",
        "Process Creation",
        "System Call Overhead",
        "Shell Scripts (1 concurrent)",
        "C Compiler Throughput",
        "Dc: sqrt(2) to 99 decimal places",
    ];
    let cols: Vec<(&str, &str)> = names.iter().map(|n| (*n, "lps")).collect();
    let t = table(
        &cols,
        &[],
        vec![
            ("2.4.17", vec![], (0..7).map(|i| cell(&format!("{}.3", 1000 + i), 1, None, None)).collect()),
            ("2.4.17rat", vec![], (0..7).map(|i| cell(&format!("{}.9", 990 + i), 1, None, Some("-1.0%"))).collect()),
        ],
    );
    let g = grid(&t, &GridOptions::default());
    assert_eq!(g.shape, Shape::MetricsAsRows);
    assert_eq!(g.text_lines(), 9);
    assert_eq!(g.blocks[0].columns.len(), 2);
    assert_eq!(g.unit.as_deref(), Some("lps"));
}

/// A metric with a parameter the others lack (LMbench's Select at its
/// fd count) makes a block of its own: no row without a value. The
/// parameter, one value wherever it is given, is said once in the caption,
/// not in a column of the block (sysbench memory's `block_size 1KiB`,
/// `operation write`, `scope global` beside its cpu rows made a table 84
/// columns wide in a mail of 72).
#[test]
fn a_parameter_of_one_metric_makes_its_own_block() {
    let t = table(
        &[("stat", "µs"), ("Select", "µs")],
        &["fds"],
        vec![
            ("a", vec![""], vec![cell("3.41", 1, None, None), None]),
            ("a", vec!["10"], vec![None, cell("36.80", 1, None, None)]),
            ("b", vec![""], vec![cell("4.56", 1, None, None), None]),
            ("b", vec!["10"], vec![None, cell("55.40", 1, None, None)]),
        ],
    );
    let g = grid_of(&t, Shape::MetricsAsColumns, &GridOptions::default());
    assert_eq!(g.blocks.len(), 2);
    for b in &g.blocks {
        assert_eq!(b.rows.len(), 2);
        assert!(b.rows.iter().all(|r| r.cells.iter().any(Option::is_some)));
    }
    assert_eq!(g.blocks[0].label_headers, ["kernel"]);
    assert_eq!(g.blocks[1].label_headers, ["kernel"]);
    assert_eq!(g.caption(&t), "µs, smaller is better; fds 10");
    // Of two values it is a dimension: a column again.
    let mut two = t.clone();
    two.rows[3].params[0] = "100".into();
    let g = grid_of(&two, Shape::MetricsAsColumns, &GridOptions::default());
    assert_eq!(g.blocks[1].label_headers, ["kernel", "fds"]);
    assert!(g.fixed.is_empty());
}

/// Decimal points line up; the change sits in its own sub-column.
#[test]
fn cells_line_up_on_the_decimal_point() {
    let t = table(
        &[("Throughput", "MB/s")],
        &[],
        vec![
            ("a", vec![], vec![cell("12.5", 1, None, None)]),
            ("b", vec![], vec![cell("112.25", 1, None, Some("+800.0%"))]),
        ],
    );
    let g = grid_of(&t, Shape::MetricsAsColumns, &GridOptions::default());
    let plan = &g.blocks[0].text.columns[0];
    let a = plan.cell_text(g.blocks[0].rows[0].cells[0].as_ref(), false);
    let b = plan.cell_text(g.blocks[0].rows[1].cells[0].as_ref(), false);
    assert_eq!(a.find('.'), b.find('.'), "{a:?} {b:?}");
    assert!(b.ends_with("+800.0%"));
    assert_eq!(a.len(), b.len());
}

/// Change rows keep a wide table in one block at 72 columns.
#[test]
fn change_rows_keep_a_wide_table_whole() {
    let names =
        ["null call", "stat", "open clos", "selct TCP", "sig inst", "sig hndl", "fork proc", "exec proc", "sh proc"];
    let cols: Vec<(&str, &str)> = names.iter().map(|n| (*n, "µs")).collect();
    let t = table(
        &cols,
        &[],
        vec![
            ("2.4.17", vec![], (0..9).map(|_| cell("3.41", 1, None, None)).collect()),
            ("2.4.17rat", vec![], (0..9).map(|_| cell("4.56", 1, None, Some("-33.7%"))).collect()),
        ],
    );
    let g = grid(&t, &GridOptions::default());
    assert_eq!(g.shape, Shape::ChangeRows);
    assert_eq!(g.blocks[0].text.groups.len(), 1);
    let change = &g.blocks[0].rows[2];
    assert!(change.change);
    assert_eq!(change.labels[0], "%");
    assert_eq!(change.cells[1].as_ref().map(|c| c.value.as_str()), Some("-33.7%"));
}

/// One metric over one parameter: parameter values as columns.
#[test]
fn one_metric_over_a_parameter_turns_the_parameter() {
    let mut rows = Vec::new();
    for procs in ["32", "64", "96"] {
        for k in ["aa1", "pre4-ac1", "pre5", "mm5"] {
            rows.push((k, vec![procs], vec![cell("35.411", 1, None, None)]));
        }
    }
    let t = table(&[("ctxsw", "µs")], &["procs"], rows);
    let g = grid(&t, &GridOptions::default());
    assert_eq!(g.shape, Shape::ParamsAsColumns);
    assert_eq!(g.blocks[0].rows.len(), 4);
    assert_eq!(g.blocks[0].columns[2].name, "procs 96");
    assert_eq!(g.caption(&t), "ctxsw in µs, smaller is better");
}

/// CoreMark's single-thread run prints no `Parallel PThreads` line: its
/// column says it has no `parallel` value (it read "parallel", as if
/// parallel; display27, the Cix board's fixture).
#[test]
fn a_column_of_rows_without_the_parameter_says_so() {
    let mut rows = Vec::new();
    for parallel in ["", "64"] {
        for k in ["6.1", "6.2"] {
            rows.push((k, vec![parallel], vec![cell("24832.38", 1, None, None)]));
        }
    }
    let t = table(&[("Iterations/Sec", "iterations/s")], &["parallel"], rows);
    let g = grid(&t, &GridOptions::default());
    assert_eq!(g.shape, Shape::ParamsAsColumns);
    let names: Vec<&str> = g.blocks[0].columns.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["no parallel", "parallel 64"]);
}

/// Parts of several columns (`Seq Read Rate`, `Seq Read CPU%`) say
/// their label once, over their columns.
#[test]
fn a_parts_label_is_said_over_its_columns() {
    let mut t = table(
        &[("Seq Read Rate", "MB/s"), ("Seq Read CPU%", "%"), ("Rand Read Rate", "MB/s"), ("Rand Read CPU%", "%")],
        &[],
        vec![("a", vec![], (0..4).map(|_| cell("12.5", 1, None, None)).collect())],
    );
    for (i, c) in t.columns.iter_mut().enumerate() {
        c.part = i / 2;
    }
    let g = grid_of(&t, Shape::MetricsAsColumns, &GridOptions::default());
    let b = &g.blocks[0];
    let names: Vec<(&str, &str)> = b.columns.iter().map(|c| (c.over.as_str(), c.name.as_str())).collect();
    assert_eq!(names, [("Seq Read", "Rate"), ("Seq Read", "CPU%"), ("Rand Read", "Rate"), ("Rand Read", "CPU%")]);
    assert_eq!(over_runs(b), [0..2, 2..4]);
    // The label line, the header, the units (MB/s; CPU% says its
    // own), the rule and the row.
    assert_eq!(b.text.lines, 5);
}

/// `brief` drops the spread, and its runs note says only how many runs
/// each value is the mean of (a user's trial: without it nothing said
/// that a value was a mean of eight runs beside single runs).
#[test]
fn brief_drops_spread_and_keeps_the_run_count() {
    let t = table(&[("Throughput", "MB/s")], &[], vec![("a", vec![], vec![cell("12.5", 5, Some("0.3"), None)])]);
    let full = grid(&t, &GridOptions::default());
    assert_eq!(full.blocks[0].rows[0].cells[0].as_ref().map(|c| c.spread.as_str()), Some("±0.3"));
    assert!(full.runs_note().is_some());
    let brief = grid(&t, &GridOptions { brief: true, ..GridOptions::default() });
    assert_eq!(brief.blocks[0].rows[0].cells[0].as_ref().map(|c| c.spread.as_str()), Some(""));
    assert_eq!(brief.runs_note().as_deref(), Some("means of 5 runs"));
}

/// A poster's long set-up label beside a distro kernel's name: the label
/// column narrows to the page and its cells wrap, numbers on the first
/// line (it ran 98 columns wide).
#[test]
fn a_long_label_wraps_to_keep_the_page_width() {
    let label = "# another repository / ubuntu@ubuntu on the far rack";
    let t = table(
        &[("Throughput", "10^6bits/sec")],
        &["test", "message", "label"],
        vec![
            ("6.8.0-41-generic", vec!["TCP_MAERTS", "16384", label], vec![cell("4822.19", 1, None, None)]),
            ("6.11.4-301.fc41.x86_64", vec!["TCP_MAERTS", "16384", label], vec![cell("4800.02", 1, None, None)]),
        ],
    );
    let g = grid(&t, &GridOptions::default());
    assert_eq!(g.text_overflow(72), 0);
    let b = &g.blocks[0];
    let li = b.label_headers.iter().position(|h| h == "label").unwrap();
    let lines = wrap_label(label, b.text.label_widths[li]);
    assert_eq!(lines[0], "# another", "{lines:?}");
    assert!(lines.iter().any(|l| l.contains("ubuntu@ubuntu")), "no word is broken: {lines:?}");
    // Each row takes its label's lines; the header one line (it was
    // `Through` / `put`, a word broken to keep the label wider).
    assert_eq!(b.text.columns[0].header, ["Throughput"]);
    assert_eq!(g.text_lines(), 2 + 2 * lines.len(), "header, rule, two rows");
}

/// A row says its values' runs once ([`GridRow::n`], HTML's runs column)
/// where they are all the same count and the grid's values differ in it;
/// a row whose values differ keeps each value's own `n=` (n 0); a grid of
/// one count says it in its note alone (n 0 everywhere).
#[test]
fn a_row_says_its_runs_once_where_its_values_share_them() {
    let t = table(
        &[("Throughput", "MB/s"), ("Latency", "ms")],
        &[],
        vec![
            ("a", vec![], vec![cell("12.5", 3, Some("0.3"), None), cell("1.5", 3, Some("0.1"), None)]),
            ("b", vec![], vec![cell("12.1", 2, Some("0.3"), None), cell("1.4", 3, Some("0.1"), None)]),
            ("c", vec![], vec![cell("12.0", 1, None, None), None]),
        ],
    );
    let g = grid_of(&t, Shape::MetricsAsColumns, &GridOptions::default());
    assert!(g.show_n());
    let ns: Vec<u32> = g.blocks[0].rows.iter().map(|r| r.n).collect();
    assert_eq!(ns, [3, 0, 0]);
    assert!(g.blocks[0].runs_column);
    // Row b's values say their own runs: the note says what n= is.
    assert_eq!(
        g.runs_note_html().as_deref(),
        Some("means of 1 to 3 runs (n=N: a value's own number of runs), ± standard deviation")
    );
    // Without row b, every row says its count in its runs column.
    let mut t2 = t.clone();
    t2.rows.remove(1);
    let g = grid_of(&t2, Shape::MetricsAsColumns, &GridOptions::default());
    assert!(g.show_n() && g.blocks[0].rows[0].n == 3);
    assert_eq!(g.runs_note_html(), g.runs_note());
    let same = table(&[("Throughput", "MB/s")], &[], vec![("a", vec![], vec![cell("12.5", 3, Some("0.3"), None)])]);
    let g = grid_of(&same, Shape::MetricsAsColumns, &GridOptions::default());
    assert!(!g.show_n() && g.blocks[0].rows[0].n == 0 && !g.blocks[0].runs_column);
    assert_eq!(g.runs_note_html(), g.runs_note());
}

/// A mean as wide as its sub-column keeps a blank before its spread, as
/// the narrower means beside it have (dbench32's mail showed `9.34±0.20`
/// beside `33.75 ±0.50`).
#[test]
fn a_spread_stands_a_blank_from_its_mean() {
    let t = table(
        &[("Throughput", "MB/s")],
        &[],
        vec![
            ("2.4.7", vec![], vec![cell("9.34", 3, Some("0.20"), None)]),
            ("2.4.8", vec![], vec![cell("453.0", 3, Some("9.6"), None)]),
        ],
    );
    let g = grid_of(&t, Shape::MetricsAsColumns, &GridOptions::default());
    let plan = &g.blocks[0].text.columns[0];
    let a = plan.cell_text(g.blocks[0].rows[0].cells[0].as_ref(), false);
    let b = plan.cell_text(g.blocks[0].rows[1].cells[0].as_ref(), false);
    assert!(a.contains("9.34 ±0.20"), "{a:?}");
    assert!(b.contains("453.0  ±9.6"), "{b:?}");
    assert_eq!(a.find('±'), b.find('±'), "{a:?} {b:?}");
}

/// A header word up to half the page is never broken (wild32 file 05's
/// mail: `Throughp` / `ut` over a dbench column beside a long label):
/// the label column narrows and wraps instead.
#[test]
fn a_header_word_is_not_broken_beside_a_long_label() {
    let label = "William Lee Irwin III wrote / Taken on 32x/32G NUMA-Q";
    let t = table(
        &[("Throughput", "MB/s")],
        &["procs", "label"],
        vec![
            ("2.5.38-mm2", vec!["16", label], vec![cell("67.3949", 1, None, None)]),
            ("2.5.38-mm2", vec!["", "Taken on 2x/0.8G el-scruffo PC"], vec![cell("135.02", 1, None, None)]),
        ],
    );
    let g = grid(&t, &GridOptions::default());
    assert_eq!(g.text_overflow(72), 0);
    let header = &g.blocks[0].text.columns[0].header;
    assert_eq!(header, &vec!["Throughput".to_string()], "{header:?}");
}

/// archive38b F2: a set-up directory named after the scale its runs used
/// (`bench100/`, `bench1000/`, `bench10000/` beside `scale 100`, `1000`,
/// `10000`) repeats the scale: left out of grids, labels and charts. One
/// directory holding two scales, or one scale in two directories, is a
/// dimension of its own; `bench1000` does not name `100`.
#[test]
fn a_dir_named_after_the_scale_repeats_it() {
    let table = |rows: &[(&str, &str)]| TableView {
        param_headers: vec!["scale".into(), crate::site::DIR_PARAM.into()],
        rows: rows
            .iter()
            .flat_map(|(s, d)| {
                ["aws-rds", "sc-5k-iops"]
                    .map(|k| crate::report::RowView::new(k.into(), vec![s.to_string(), d.to_string()], vec![None]))
            })
            .collect(),
        ..TableView::default()
    };
    let named = table(&[("100", "bench100"), ("1000", "bench1000"), ("10000", "bench10000")]);
    assert_eq!(repeated_dirs(&named), [1]);
    assert_eq!(keyed(&named).param_headers, ["scale"]);
    // bench1000 names 1000, not 100.
    assert!(repeated_dirs(&table(&[("100", "bench1000"), ("1000", "bench100")])).is_empty());
    // Two scales in one directory, one scale in two directories.
    assert!(repeated_dirs(&table(&[("100", "s100-1000"), ("1000", "s100-1000")])).is_empty());
    assert!(repeated_dirs(&table(&[("100", "bench100"), ("100", "bench100-again")])).is_empty());
    // A directory of its own name (ext4, xfs) stays.
    assert!(repeated_dirs(&table(&[("100", "ext4"), ("1000", "xfs")])).is_empty());
    // attack39 #15: a directory naming the scale and a disk says more than
    // the scale: kept (`hdd-10000` beside `scale 10000` hid the disk).
    assert!(repeated_dirs(&table(&[("100", "nvme-100"), ("1000", "nvme-1000"), ("10000", "hdd-10000")])).is_empty());
    assert!(repeated_dirs(&table(&[("100", "100-nvme"), ("1000", "hdd-1000")])).is_empty());
    // One word the same in every row is said beside each value: left out
    // (`scale-100`, `scale-1000`); alone beside one value it may name a
    // disk (`hdd-10000`): kept.
    assert_eq!(repeated_dirs(&table(&[("100", "scale-100"), ("1000", "scale-1000")])), [1]);
    assert!(repeated_dirs(&table(&[("10000", "hdd-10000")])).is_empty());
    // The dir exactly the value, in one row too: left out.
    assert_eq!(repeated_dirs(&table(&[("10000", "10000")])), [1]);
}

/// The newcomer's fio table (newcomer43 N1): seven label columns (kernel,
/// rw, bs, ioengine, iodepth, jobs, set-up) beside `read: clat mean`
/// widened by `4831323.06` took 73 columns at 72, whatever the shape; one
/// space between columns keeps it within 72. At 60 nothing fits, and
/// [`Grid::text_overflow`] says so (the mail warns of it).
#[test]
fn wide_labels_close_up_to_fit_the_width() {
    let params = ["rw", "bs", "ioengine", "iodepth", "jobs", "set-up"];
    let t = table(
        &[("read: IOPS", ""), ("read: bw", "KiB/s"), ("read: clat mean", "nsec")],
        &params,
        vec![
            (
                "6.8.0",
                vec!["randread", "4KiB", "mmap", "32", "24", "A"],
                vec![cell("29330066", 1, None, None), cell("117320262", 1, None, None), cell("1321.87", 1, None, None)],
            ),
            (
                "6.9.0",
                vec!["randread", "4KiB", "mmap", "32", "24", "A"],
                vec![
                    cell("30149335", 1, None, Some("+2.8%")),
                    cell("120597338", 1, None, Some("+2.8%")),
                    cell("1286.47", 1, None, Some("+2.7%")),
                ],
            ),
            (
                "6.10.0-rc1",
                vec!["read", "128KiB", "libaio", "16", "8", "B"],
                vec![cell("26343", 1, None, None), cell("3372201", 1, None, None), cell("4831323.06", 1, None, None)],
            ),
        ],
    );
    let g = grid(&t, &GridOptions::default());
    assert_eq!(g.text_overflow(72), 0, "{:?}", g.blocks.iter().map(|b| &b.text).collect::<Vec<_>>());
    assert!(g.blocks.iter().any(|b| b.text.gap == 1), "closed up to one space");
    let narrow = grid(&t, &GridOptions { width: 60, ..GridOptions::default() });
    // At 60 no layout of the seven label columns fits (one space apart
    // ran past it least, 66 columns, warned of): the last ones fold into
    // one `parameters` column of the plaintext (session 57), which fits.
    assert_eq!(narrow.text_overflow(60), 0);
    let folded: Vec<&FoldedLabels> = narrow.blocks.iter().filter_map(|b| b.text.folded.as_ref()).collect();
    assert!(!folded.is_empty());
    assert!(folded.iter().any(|f| f.rows.iter().any(|r| r.contains("set-up B"))), "{folded:?}");
    // Not where the columns fit two spaces apart: the gap stays 2.
    let wide = grid(&t, &GridOptions { width: 100, ..GridOptions::default() });
    assert!(wide.blocks.iter().all(|b| b.text.gap == 2) && wide.text_overflow(100) == 0);
}

/// newcomer43 N6: kernels as columns, a kernel page kept the baseline's
/// column beside its own, of `–` on all 16 rows where the baseline ran
/// another set-up (stress-ng's 6.9.0 ran 128 instances, 6.8.0 96). A
/// kernel page now shows its own column only, whatever the baseline ran
/// (weight46: the baseline's figures are on its page).
#[test]
fn a_kernel_page_leaves_out_a_baseline_column_empty_on_its_rows() {
    let names: Vec<String> = (0..6).map(|i| format!("metric {i}")).collect();
    let cols: Vec<(&str, &str)> = names.iter().map(|n| (n.as_str(), "")).collect();
    let row = |k: &'static str, inst: &'static str, v: &str| {
        (k, vec![inst], (0..6).map(|i| cell(&format!("{v}{i}.5"), 1, None, None)).collect::<Vec<_>>())
    };
    let t =
        table(&cols, &["instances"], vec![row("6.8.0", "96", "1"), row("6.9.0", "128", "2"), row("6.10", "96", "3")]);
    let g = grid_of(&t, Shape::MetricsAsRows, &GridOptions::default());
    let heads = |g: &Grid| g.blocks[0].columns.iter().map(|c| c.name.clone()).collect::<Vec<_>>();
    assert_eq!(heads(&g.only_kernel("6.9.0")), ["6.9.0"]);
    assert_eq!(heads(&g.only_kernel("6.10")), ["6.10"]);
    assert_eq!(g.only_kernel("6.10").blocks[0].rows.len(), 6);
}

/// newcomer43 N6: on a kernel's page, a parameter column the same on
/// every row (`instances 128`) goes into the caption, so a phone shows
/// the numbers; a column whose rows differ stays (must not fire), and so
/// does the first (the test's or kernel's name).
#[test]
fn a_kernel_page_says_its_shared_settings_in_the_caption() {
    let cols: Vec<(&str, &str)> = vec![("a", ""), ("b", "")];
    let row = |k: &'static str, inst: &'static str, mode: &'static str, v: &str| {
        (k, vec![inst, mode], vec![cell(&format!("{v}1.5"), 1, None, None), cell(&format!("{v}2.5"), 1, None, None)])
    };
    let t = table(
        &cols,
        &["instances", "mode"],
        vec![row("6.8.0", "96", "x", "1"), row("6.9.0", "128", "x", "2"), row("6.9.0", "128", "y", "3")],
    );
    let g = grid_of(&t, Shape::MetricsAsColumns, &GridOptions::default());
    let mine = g.only_kernel("6.9.0");
    assert_eq!(mine.blocks[0].label_headers, ["kernel", "mode"]);
    assert!(mine.caption(&t).ends_with("instances 128"), "{}", mine.caption(&t));
    assert!(mine.blocks[0].rows.iter().all(|r| r.labels.len() == 2));
    // The whole table keeps its columns.
    assert!(g.fixed.is_empty());
}

/// afix43c's leftover: a kernel's page said the set-up note of the whole
/// table, another kernel's set-up B with it. It now names the set-ups its
/// rows show. Must not fire: the whole table's note is the note as before.
#[test]
fn a_kernel_page_names_only_the_set_ups_its_rows_show() {
    let cols: Vec<(&str, &str)> = vec![("a", ""), ("b", "")];
    let row = |k: &'static str, setup: &'static str, v: &str| {
        (k, vec![setup], vec![cell(&format!("{v}1.5"), 1, None, None), cell(&format!("{v}2.5"), 1, None, None)])
    };
    let mut t = table(
        &cols,
        &[crate::site::SETUP_PARAM],
        vec![row("6.8.0", "A", "1"), row("6.9.0", "A", "2"), row("6.10", "B", "3")],
    );
    let source = |value: &str, place: &str| crate::site::SetupSource {
        benchmark: "fio".into(),
        value: value.into(),
        place: place.into(),
        more: 0,
        normalised: false,
    };
    let (a, b) = (
        source("fio --direct=1 --rw=read", "6.8.0/fio.txt line 1"),
        source("fio --direct=0 --rw=read", "6.10/fio.txt line 1"),
    );
    let keys = vec![
        ("fio --direct=1 --rw=read".to_string(), "A".to_string()),
        ("fio --direct=0 --rw=read".to_string(), "B".to_string()),
    ];
    let note = crate::site::SetupNote::new(&[&a, &b], &keys);
    assert_eq!(note.text(), crate::site::setup_note(&[&a, &b], &keys));
    t.setup_note = Some(note);
    let g = grid(&t, &GridOptions::default());
    let said = |g: &Grid| g.uncompared_note().unwrap_or_default();
    assert!(said(&g).contains("A = `fio --direct=1") && said(&g).contains("B = `fio --direct=0"), "{}", said(&g));
    let mine = g.only_kernel("6.9.0");
    assert!(said(&mine).contains("A = `fio --direct=1"), "{}", said(&mine));
    assert!(!said(&mine).contains("B = "), "{}", said(&mine));
    let theirs = g.only_kernel("6.10");
    assert!(said(&theirs).contains("B = `fio --direct=0"), "{}", said(&theirs));
    assert!(!said(&theirs).contains("A = "), "{}", said(&theirs));
}

/// newcomer42 N14: schbench's `average rps` among rows of rps says its
/// unit in the unit column as they do (its cell stood empty: its name ends
/// with the unit). Must not fire: a name that is the unit (AIM7's
/// `Jobs/Min` in jobs/min) leaves its unit cell empty; a header still names
/// a unit once (`names_its_unit`), and a table of one unit has no unit
/// column (`many_metrics_few_kernels_become_rows`).
#[test]
fn a_metric_named_by_its_unit_says_it_in_the_unit_column() {
    let cols = [
        ("wakeup 50.0th", "usec"),
        ("wakeup 90.0th", "usec"),
        ("wakeup 99.0th", "usec"),
        ("wakeup 99.9th", "usec"),
        ("wakeup min", "usec"),
        ("wakeup max", "usec"),
        ("20.0th", "rps"),
        ("average rps", "rps"),
        ("Jobs/Min", "jobs/min"),
    ];
    let row = |k, base: u32| (k, vec![], (0..9).map(|i| cell(&format!("{}", base + i), 1, None, None)).collect());
    let t = table(&cols, &[], vec![row("6.9.0", 10), row("6.10.0", 20)]);
    let g = folded_grid(&t, Shape::MetricsAsRows, &GridOptions::default());
    let labels: Vec<Vec<String>> = g.blocks.iter().flat_map(|b| &b.rows).map(|r| r.labels.clone()).collect();
    assert!(labels.contains(&vec!["average rps".to_string(), "rps".to_string()]), "{labels:?}");
    assert!(labels.contains(&vec!["20.0th".to_string(), "rps".to_string()]), "{labels:?}");
    // Must not fire: a name that is its unit says it once.
    assert!(labels.contains(&vec!["Jobs/Min".to_string(), String::new()]), "{labels:?}");
}

#[test]
fn header_measures_match_unicode_width() {
    // The ASCII fast paths measure as unicode-width and split_whitespace
    // do, a `\r\n` pair (one column) and a vertical tab (whitespace) too.
    for s in ["", "read MB/s", "  two  spaces ", "a\r\nb", "tab\there", "vt\u{b}word", "ff\u{c}x", "µs ±", "日本 語"]
    {
        assert_eq!(super::plan::exact_width(s), s.width(), "{s:?}");
        let words = s.split_whitespace().map(UnicodeWidthStr::width).max().unwrap_or(0);
        assert_eq!(super::plan::longest_word(s), words, "{s:?}");
    }
}

#[test]
fn a_label_wrapped_again_reads_as_wrapped_first() {
    // The memo ([`wrap_label`]) gives textwrap's lines, the first time
    // and every time after, at each width.
    for s in ["# another repository / ubuntu@ubuntu on the far rack", "x86_64-pc-linux-gnu", "a b", "µs ± 日本 語 word"]
    {
        for w in [1, 3, 8, 12, 40] {
            let direct: Vec<String> = if s.width() <= w {
                vec![s.to_string()]
            } else {
                textwrap::wrap(s, textwrap::Options::new(w).break_words(true))
                    .into_iter()
                    .map(|l| l.into_owned())
                    .collect()
            };
            for _ in 0..2 {
                let lines: Vec<String> = wrap_label(s, w).into_iter().map(|l| l.into_owned()).collect();
                assert_eq!(lines, direct, "{s:?} at {w}");
            }
        }
    }
}

/// archive53: pgbench's set-up directories `default/10000/run-rw` beside
/// `scale 10000` (tvondra/pg-fs-benchmark laid out as it was) said the
/// scale twice in every row: the part that is another column's value in
/// its row is left out of the shown dir, where every dir keeps a part and
/// no two rows become alike; data files keep the whole name.
#[test]
fn a_dir_part_restating_the_row_s_scale_is_left_out() {
    let table = |rows: &[(&str, &str)]| TableView {
        param_headers: vec!["scale".into(), crate::site::DIR_PARAM.into()],
        rows: rows
            .iter()
            .flat_map(|(s, d)| {
                ["ext4", "zfs"]
                    .map(|k| crate::report::RowView::new(k.into(), vec![s.to_string(), d.to_string()], vec![None]))
            })
            .collect(),
        ..TableView::default()
    };
    let dirs = |t: &TableView| keyed(t).rows.iter().map(|r| r.params[1].clone()).collect::<Vec<_>>();
    let t = table(&[("100", "default/100/run-rw"), ("10000", "limit/default/10000/run-rw"), ("10000", "10000")]);
    assert_eq!(
        dirs(&t),
        ["default/run-rw", "default/run-rw", "limit/default/run-rw", "limit/default/run-rw", "10000", "10000"]
    );
    // `a/100` and `a` beside one scale would become one row: kept whole.
    let t = table(&[("100", "a/100"), ("100", "a")]);
    assert_eq!(dirs(&t), ["a/100", "a/100", "a", "a"]);
}

/// Session 57, the wild fixtures laid out as a site: dbench's rows each
/// fill one or two of eight sparse label columns (`clients`, `procs`,
/// `loadfile`, `timelimit`, `label`, `set-up`, `sync`, `quoting`), and
/// the mail's table was 116 columns wide however they narrowed. The plain
/// text folds the last label columns into one `parameters` column of
/// "name value" pairs (a poster's label by itself), wrapped: the lines
/// fit 72, every label's words and every number are still printed, and
/// the grid itself (Markdown's, HTML's) keeps its columns.
#[test]
fn sparse_label_columns_fold_into_one_to_keep_the_mail_width() {
    let params = ["clients", "procs", "loadfile", "timelimit", "label", "set-up", "sync", "quoting"];
    let giggles = "Just for giggles, same machine with 2.4.19-pre4-ac4";
    let rows: Vec<Row> = vec![
        ("k16", vec!["", "1", "", "", giggles, "", "", ""], vec![cell("150.979", 1, None, None)]),
        ("k12", vec!["", "8", "", "", "", "", "", "quoted twice"], vec![cell("111.575", 1, None, None)]),
        ("k20", vec!["", "16", "", "", "booted with scheduler=cfq", "A", "", ""], vec![cell("24.3661", 1, None, None)]),
        (
            "k01",
            vec!["4", "4", "client.txt", "60", "OpenEBS Jiva with 2 replicas", "", "", ""],
            vec![cell("80.6754", 1, None, None)],
        ),
        (
            "k06",
            vec!["4", "4", "", "", "result of 6.7.0", "B", "open", "unquoted"],
            vec![cell("218.935", 1, None, None)],
        ),
    ];
    let t = table(&[("Throughput", "MB/s")], &params, rows);
    let g = grid(&t, &GridOptions::default());
    assert_eq!(g.text_overflow(72), 0);
    let b = &g.blocks[0];
    assert_eq!(b.label_headers.len(), 1 + params.len(), "the grid keeps every label column");
    let folded = b.text.folded.as_ref().expect("folded in plaintext");
    let labels = b.text.labels(b);
    assert_eq!(labels.header(folded.from), FOLDED_HEADER);
    // The folded column's cells: "name value" pairs, a poster's label by
    // itself, in column order; the columns before it drawn as they are.
    // Folding from `loadfile` on takes the fewest lines here.
    assert_eq!(folded.from, 3, "kernel, clients and procs stay columns");
    assert_eq!(
        folded.rows,
        [
            giggles.to_string(),
            "quoting quoted twice".to_string(),
            "booted with scheduler=cfq; set-up A".to_string(),
            "loadfile client.txt; timelimit 60; OpenEBS Jiva with 2 replicas".to_string(),
            "result of 6.7.0; set-up B; sync open; quoting unquoted".to_string(),
        ]
    );
    assert_eq!(labels.count(), folded.from + 1);
    assert_eq!((labels.header(2), labels.text(3, 2)), ("procs", std::borrow::Cow::Borrowed("4")));
    // The numbers are the grid's, untouched.
    let values: Vec<&str> = b.rows.iter().map(|r| r.cells[0].as_ref().map_or("", |c| c.value.as_str())).collect();
    assert_eq!(values, ["150.979", "111.575", "24.3661", "80.6754", "218.935"]);
}

/// report.py's `baseline` and `compare` of two files named by the files
/// (the wild fixtures' schedtests: `baseline (k01/linuxppc-2021-08-…txt)`),
/// a kernel's column that is never broken, ran the mail's tables 102 to
/// 133 columns wide. The plaintext gives each a short name, `baseline
/// [1]`, and says `[1] (k01/…txt)` once under the table; a long name
/// without a file is `[3]` and said whole. The grid keeps the names
/// (Markdown, HTML) and every number.
#[test]
fn long_kernel_names_get_short_names_and_a_key_under_the_mail_table() {
    let one = "k01/linuxppc-2021-08-neri-asym-smt-v4-table-1-banner-rule-group-N-thread-N-loads-closing-rule.txt";
    let two = "k05/lkml-2023-04-eevdf-chenyu-prelim-double-quoted-percent-figures-lt2-bounds-nr-instance.txt";
    let long = "5.19.0-rc4-skip-sis-util-plus-sis-short-plus-llc-split-v2+";
    let names = [
        format!("baseline ({one})"),
        format!("compare ({one})"),
        format!("baseline ({two})"),
        format!("compare ({two})"),
        long.to_string(),
        "5.19.0+".to_string(),
    ];
    let values = ["1.0000", "1.0299", "1.0000", "0.8500", "0.9474", "1.1068"];
    let rows: Vec<Row> = names
        .iter()
        .zip(values)
        .map(|(k, v)| (k.as_str(), vec!["process-pipe", "1"], vec![cell(v, 1, None, None)]))
        .collect();
    let t = table(&[("hackbench", "")], &["case", "group"], rows);
    let g = grid(&t, &GridOptions::default());
    assert_eq!(g.text_overflow(72), 0);
    let b = &g.blocks[0];
    let keys = b.text.keys.as_ref().expect("short names in plaintext");
    let labels = b.text.labels(b);
    let shown: Vec<String> = (0..b.rows.len()).map(|ri| labels.text(ri, 0).into_owned()).collect();
    assert_eq!(shown, ["baseline [1]", "compare [1]", "baseline [2]", "compare [2]", "[3]", "5.19.0+"]);
    assert_eq!(keys.name(&names[4]), "[3]");
    let key = b.text.key_lines();
    assert!(key.iter().all(|l| l.width() <= 72), "{key:?}");
    // Every entry whole (lines joined, blanks aside).
    let bare = |s: &str| s.split_whitespace().collect::<String>();
    assert_eq!(bare(&key.concat()), bare(&format!("[1] ({one}) [2] ({two}) [3] {long}")));
    // The grid itself keeps the names; the numbers are the grid's.
    let kernels: Vec<&str> = b.rows.iter().map(|r| r.labels[0].as_str()).collect();
    assert_eq!(kernels, names.iter().map(String::as_str).collect::<Vec<_>>());
    let cells: Vec<&str> = b.rows.iter().map(|r| r.cells[0].as_ref().map_or("", |c| c.value.as_str())).collect();
    assert_eq!(cells, values);
}

/// A short name that is another kernel's name (a kernel named `[1]`)
/// would read as that kernel: the names stay as they are.
#[test]
fn no_short_name_is_another_kernels_name() {
    let one = "k01/linuxppc-2021-08-neri-asym-smt-v4-table-1-banner-rule-group-N-thread-N-loads-closing-rule.txt";
    let long = format!("baseline ({one})");
    let rows: Vec<Row> = vec![
        (long.as_str(), vec![], vec![cell("1.0", 1, None, None)]),
        ("baseline [1]", vec![], vec![cell("2.0", 1, None, None)]),
    ];
    let t = table(&[("hackbench", "")], &[], rows);
    let g = grid(&t, &GridOptions::default());
    assert!(g.blocks.iter().all(|b| b.text.keys.is_none()));
}
