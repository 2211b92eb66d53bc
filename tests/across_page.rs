//! The cross-class page (issue 23, point 2): where several machine classes
//! ran one kernel, `across.html`, `across.md` and `across.txt` set the
//! machines side by side per benchmark against a reference machine. The
//! demo's K6-2 and quad Xeon both ran IRMAN on 2.4.20-pre5 and 2.5.33-mm5
//! (real numbers from the posts); `reference_machine: quad-xeon-raid5`.

mod common;

use common::{benchsite, dbench, put};
use std::path::Path;

#[test]
fn the_demo_sets_the_k6_beside_the_quad_xeon_in_every_rendering() {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    benchsite().arg("build").arg("--content").arg(&content).arg("--output").arg(&out).assert().success();
    let read = |f: &str| std::fs::read_to_string(out.join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
    let (html, md, txt) = (read("across.html"), read("across.md"), read("across.txt"));
    // The quad Xeon (the reference) first, the K6-2 under it with its change.
    let q = "| Quad Xeon, 3.75 GB, QLogic 2200 to RAID 5 | 52.405 | 0.009 | 0.011 | 0.080 |";
    let k = "| AMD K6-2 475 MHz, 384 MB | 180.719 | 0.016 | 0.113 | 3.708 |";
    assert!(md.contains(&format!("{q}\n{k}\n| % | -3.45× |")), "{md}");
    assert!(md.contains("## 2.4.20-pre5: irman") && md.contains("## 2.5.33-mm5: irman"), "{md}");
    // Kernels that share no benchmark (2.5.33: IRMAN on the K6-2 only) are left out.
    assert!(!md.contains("## 2.5.33: "), "{md}");
    for n in ["52.405", "180.719", "456.733", "2.955"] {
        assert!(html.contains(&format!(">{n}<")), "{n} in across.html");
        assert!(txt.contains(n), "{n} in across.txt");
    }
    // The rows' header in the kernels' font by the stylesheet's rule for a
    // grid's first header (no class: `table.grid:not(:has(th.metric))`).
    assert!(html.contains("<thead><tr><th>machine<th>"), "{html}");
    assert!(txt.contains("% = change vs Quad Xeon, 3.75 GB, QLogic 2200 to RAID 5"), "{txt}");
    // Names past 20 columns are rows by their directory's name, each said
    // once: a row was 3 to 4 lines of a wrapped name (archive35 7).
    let words = txt.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("Machines: k6-2-475-384m = AMD K6-2 475 MHz, 384 MB; quad-xeon-raid5 = Quad Xeon, 3.75 GB, QLogic 2200 to RAID 5."), "{txt}");
    assert!(txt.contains("\nquad-xeon-raid5   52.405   0.009"), "{txt}");
    assert!(read("index.html").contains("<a href=\"across.html\">Machines side by side</a>"));
    assert!(read("index.md").contains("[Machines side by side](across.md)"));
    // `text --across` prints across.txt, at its own width.
    let printed = benchsite().arg("text").arg("--across").arg("--content").arg(&content).assert().success();
    assert_eq!(String::from_utf8_lossy(&printed.get_output().stdout), txt);
    let narrow = benchsite()
        .arg("text")
        .arg("--across")
        .arg("--width")
        .arg("60")
        .arg("--content")
        .arg(&content)
        .assert()
        .success();
    let narrow = String::from_utf8_lossy(&narrow.get_output().stdout).into_owned();
    assert!(narrow.lines().all(|l| l.chars().count() <= 60), "{narrow}");
    assert!(narrow.contains("\nmachine  ") && !narrow.contains("\nkernel "), "{narrow}");
}

#[test]
fn runs_on_two_machines_are_tested_and_a_bad_reference_is_warned_at_its_line() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let c = tmp.path().join("content");
    put(&c, "site.yaml", "title: \"t\"\nreference_machine: nowhere\n");
    for (m, runs) in [("a", ["9.1", "9.2", "9.0"]), ("b", ["6.1", "6.2", "6.0"])] {
        put(&c, &format!("{m}/machine.yaml"), format!("name: \"Machine {m}\"\n"));
        let text: String = runs.iter().map(|r| dbench(r)).collect();
        put(&c, &format!("{m}/2.4.7/dbench-32.txt"), text);
    }
    // A kernel only one machine ran is not on the page.
    put(&c, "b/2.4.8/dbench-32.txt", dbench("5.0"));
    let out = tmp.path().join("out");
    let built = benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let stderr = String::from_utf8_lossy(&built.get_output().stderr).into_owned();
    assert!(stderr.contains("site.yaml:2: reference_machine: \"nowhere\" is not a machine class"), "{stderr}");
    let md = std::fs::read_to_string(out.join("across.md")).expect("across.md");
    assert!(md.contains("## 2.4.7: dbench"), "{md}");
    assert!(!md.contains("2.4.8"), "{md}");
    // Machine a (first in page order) is the reference; b is 33% slower,
    // significant over three runs each.
    assert!(md.contains("; procs 32*"), "one procs value: said once, {md}");
    assert!(md.contains("*bigger is better: Throughput; smaller is better: elapsed"), "directions, {md}");
    assert!(md.contains("| Machine a | 9.1±0.100 | 454.59±0 |"), "{md}");
    assert!(md.contains("| Machine b | 6.1±0.10 | 454.59±0 |"), "{md}");
    assert!(md.contains("| % | -33.0%\\* | +0.0% |"), "{md}");
    assert!(
        md.contains("test of this page") && !md.contains("of this machine class"),
        "the page's own correction: {md}"
    );
}

/// Two classes with one `name:` (attack47 F3): the index, the cross-class
/// page and data.json's index showed two rows `Box` whose figures no
/// reader could tell apart. Each is now followed by its directory.
#[test]
fn two_classes_of_one_name_are_told_apart_by_their_directories() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let c = tmp.path().join("content");
    put(&c, "site.yaml", "title: \"t\"\n");
    for (m, run) in [("box", "9.1"), ("box2", "6.1"), ("other", "7.5")] {
        let name = if m == "other" { "Other" } else { "Box" };
        put(&c, &format!("{m}/machine.yaml"), format!("name: \"{name}\"\n"));
        put(&c, &format!("{m}/2.4.7/dbench-32.txt"), dbench(run));
    }
    let out = tmp.path().join("out");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let read = |f: &str| std::fs::read_to_string(out.join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
    let (md, txt, index) = (read("across.md"), read("across.txt"), read("index.md"));
    assert!(md.contains("| Box (box) | 9.1 |") && md.contains("| Box (box2) | 6.1 -33.0% |"), "{md}");
    assert!(md.contains("| Other | 7.5 -17.6% |"), "a name of its own stays: {md}");
    assert!(txt.contains("Box (box2)") && !txt.contains("\nBox  "), "{txt}");
    assert!(index.contains("[Box (box)](box/index.md)") && index.contains("[Box (box2)](box2/index.md)"), "{index}");
}

/// Classes sharing many kernels: the page holds the last
/// `ACROSS_KERNELS` (20) in version order and says how many it leaves out
/// and where they are.
#[test]
fn many_shared_kernels_give_the_last_twenty_and_say_so() {
    let tmp = tempfile::tempdir().expect("tempdir");
    let c = tmp.path().join("content");
    put(&c, "site.yaml", "title: \"t\"\n");
    for m in ["a", "b"] {
        put(&c, &format!("{m}/machine.yaml"), format!("name: \"Machine {m}\"\n"));
        for k in 1..=25 {
            put(&c, &format!("{m}/2.4.{k}/dbench-32.txt"), dbench("9.1"));
        }
    }
    let out = tmp.path().join("out");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let md = std::fs::read_to_string(out.join("across.md")).expect("across.md");
    assert_eq!(md.matches("\n## 2.4.").count(), benchsite::report::ACROSS_KERNELS, "{md}");
    assert!(md.contains("## 2.4.25: dbench") && md.contains("## 2.4.6: dbench") && !md.contains("## 2.4.5: "), "{md}");
    assert!(md.contains("The page holds the last 20 of the 25 kernels several classes ran"), "{md}");
}

/// An iperf3 text run at `rate` (`1.00 Gbits/sec`).
fn iperf3(rate: &str) -> String {
    format!(
        "Connecting to host 10.0.0.2, port 5201\n\
         [ ID] Interval           Transfer     Bitrate         Retr\n\
         [  5]   0.00-10.00  sec  1.16 GBytes  {rate}    0             sender\n\
         [  5]   0.00-10.00  sec  1.16 GBytes  {rate}                  receiver\n\niperf Done.\n"
    )
}

/// The cross-class page bounds its tests by the printed step as a class
/// page does: `1.00 Gbits/sec` (995 to 1005 Mbits/sec) on one machine
/// against 1003, 1004, 1003 Mbits/sec on another is no tested change. It
/// was starred (`+0.3%*`) where the class page left it unmarked: the page
/// read the step back from the means. Its +0.3% is within the step
/// `1.00 Gbits/sec` was printed to, so no change is shown, and the note
/// under the table says why.
#[test]
fn a_change_below_the_printed_step_is_not_tested_across_machines() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = dir.path().join("content");
    put(&c, "site.yaml", "title: \"t\"\nreference_machine: alpha\n");
    for (class, rates) in
        [("alpha", ["1.00 Gbits/sec"; 3]), ("beta", ["1003 Mbits/sec", "1004 Mbits/sec", "1003 Mbits/sec"])]
    {
        put(&c, &format!("{class}/machine.yaml"), format!("name: \"{class}\"\n"));
        for (i, r) in rates.iter().enumerate() {
            put(&c, &format!("{class}/6.1/iperf3-{i}.txt"), iperf3(r));
        }
    }
    let out = dir.path().join("out");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let txt = std::fs::read_to_string(out.join("across.txt")).expect("across.txt");
    assert!(txt.contains("sender Bitrate    1000 ±0  1003 ±0.58\n"), "{txt}");
    let words = txt.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(
            "not compared: beta sender Bitrate, beta receiver Bitrate (each one's printed value and alpha's overlap"
        ),
        "{txt}"
    );
    assert!(words.contains("no change could be tested for significance"), "{txt}");
}

/// A fio job's report, its completion latency printed in `unit`.
fn fio(unit: &str, avg: &str) -> String {
    format!(
        "randread: (g=0): rw=randread, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=psync, iodepth=1\n\
         fio-3.33\n\
         randread: (groupid=0, jobs=1): err= 0: pid=5178: Wed May 12 11:01:45 2021\n  \
         read: IOPS=258, BW=1031KiB/s (1056kB/s)(10.1MiB/10001msec)\n    \
         clat ({unit}): min=41, max=30964, avg={avg}, stdev=20.27\n"
    )
}

/// Each class unifies its own units: one printed fio's latencies in usec,
/// the other in nsec. The cross-class page converts them to one unit
/// (the row of the nsec class showed `-`, or the rows were left out).
#[test]
fn classes_that_print_a_metric_in_different_units_are_compared() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = dir.path().join("content");
    put(&c, "site.yaml", "title: \"t\"\nreference_machine: alpha\n");
    for (class, unit, avgs) in
        [("alpha", "usec", ["75.25", "75.31", "75.28"]), ("beta", "nsec", ["80250.00", "80310.00", "80280.00"])]
    {
        put(&c, &format!("{class}/machine.yaml"), format!("name: \"{class}\"\n"));
        for (i, avg) in avgs.iter().enumerate() {
            put(&c, &format!("{class}/6.1/fio-{i}.txt"), fio(unit, avg));
        }
    }
    let out = dir.path().join("out");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let txt = std::fs::read_to_string(out.join("across.txt")).expect("across.txt");
    let row = txt.lines().find(|l| l.starts_with("read: clat mean  ")).unwrap_or_else(|| panic!("no clat row: {txt}"));
    assert!(
        row.contains("usec") && row.contains("75.28") && row.contains("80.28") && row.contains("-6.6%*"),
        "{row}\n{txt}"
    );
}

/// The cross-class page marks at `site.yaml`'s `alpha:`, as the class
/// pages do: 10.0, 10.2, 10.4 MB/sec against 10.5, 10.7, 10.9 (p ≈ 0.037)
/// was `+4.9%*` under `alpha: 0.01`, its legend saying α = 0.05.
#[test]
fn the_cross_class_page_marks_at_the_sites_alpha() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = dir.path().join("content");
    put(&c, "site.yaml", "title: \"t\"\nalpha: 0.01\n");
    for (class, runs) in [("boxa", ["10.0", "10.2", "10.4"]), ("boxb", ["10.5", "10.7", "10.9"])] {
        put(&c, &format!("{class}/machine.yaml"), format!("name: \"{class}\"\n"));
        let text: String = runs.iter().map(|r| dbench(r)).collect();
        put(&c, &format!("{class}/6.1/dbench-32.txt"), text);
    }
    let out = dir.path().join("out");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let txt = std::fs::read_to_string(out.join("across.txt")).expect("across.txt");
    assert!(txt.contains("+4.9%~") && !txt.contains("+4.9%*"), "{txt}");
    assert!(txt.contains("significant at α = 0.01"), "{txt}");
}

/// A class that shows a benchmark twice, a section of its first run only
/// above one of every run, shows both, each named: the page took the
/// first section's cell (`Box A 9.2929`, one run, against Box B's three),
/// and swapping the sections changed the page; then the cell of more runs,
/// dropping the other section's (archive35 1). Which of Box A's two
/// sections Box B's one compares with is no guess to make: the note says
/// it is compared with neither.
#[test]
fn a_class_showing_a_benchmark_in_two_sections_gives_both_named() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = dir.path().join("content");
    put(&c, "site.yaml", "title: \"t\"\n");
    put(
        &c,
        "boxa/machine.yaml",
        "name: \"Box A\"\nsections:\n  - title: \"first run\"\n    files: [\"*/dbench-run1.txt\"]\n  - title: \"every run\"\n    files: [\"*/dbench-run*.txt\"]\n",
    );
    put(&c, "boxb/machine.yaml", "name: \"Box B\"\n");
    for (i, r) in ["9.2929", "9.3515", "9.3822"].iter().enumerate() {
        put(&c, &format!("boxa/6.1/dbench-run{}.txt", i + 1), dbench(r));
        put(&c, &format!("boxb/6.1/dbench-run{}.txt", i + 1), dbench(r));
    }
    let out = dir.path().join("out");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let txt = std::fs::read_to_string(out.join("across.txt")).expect("across.txt");
    // 9.342, as on the class page: no more decimals than its spread's.
    assert!(
        txt.contains(
            "Box A    every run  9.342  ±0.045\nBox A    first run  9.2929\nBox B    dbench     9.342  ±0.045\n"
        ),
        "{txt}"
    );
    let words = txt.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains(
            "not compared with Box A: Box B (Box A's rows have section every run or first run; Box B's row has section dbench)"
        ),
        "{txt}"
    );
}

/// The cross-class page shows each cell with the decimals its class
/// printed it with, as the class tables do: dbench's `Throughput 15
/// MB/sec` on one machine beside `10.25 MB/sec` on another was `15.00`
/// (the column's finest cell's decimals).
#[test]
fn each_cell_across_classes_has_its_own_printed_decimals() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = dir.path().join("content");
    put(&c, "site.yaml", "title: \"t\"\nreference_machine: boxa\n");
    for (class, run) in [("boxa", "15"), ("boxb", "10.25")] {
        put(&c, &format!("{class}/machine.yaml"), format!("name: \"{class}\"\n"));
        put(&c, &format!("{class}/6.1/dbench-32.txt"), dbench(run));
    }
    let out = dir.path().join("out");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let txt = std::fs::read_to_string(out.join("across.txt")).expect("across.txt");
    assert!(!txt.contains("15.00"), "{txt}");
    assert!(txt.contains("10.25"), "{txt}");
}

/// A comparison across classes takes each cell's own printed step, as a
/// class page's table does, not its column's over every kernel of the
/// class: alpha's 6.2 printed `1.00 Gbits/sec` (known to 10 Mbits/sec),
/// which made alpha's 6.1 (`1003 Mbits/sec`, to the Mbit) look printed to
/// 10 too, so beta's 1006.3 against it was "not compared" (both read as
/// 998 to 1008). Printed to the Mbit, 1003 and 1006.3 do not overlap.
#[test]
fn each_cell_across_classes_is_compared_at_its_own_printed_step() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = dir.path().join("content");
    put(&c, "site.yaml", "title: \"t\"\nreference_machine: alpha\n");
    let runs = [
        ("alpha", "6.1", ["1003 Mbits/sec"; 3]),
        ("alpha", "6.2", ["1.00 Gbits/sec"; 3]),
        ("beta", "6.1", ["1006 Mbits/sec", "1007 Mbits/sec", "1006 Mbits/sec"]),
    ];
    for (class, kernel, rates) in runs {
        put(&c, &format!("{class}/machine.yaml"), format!("name: \"{class}\"\n"));
        for (i, r) in rates.iter().enumerate() {
            put(&c, &format!("{class}/{kernel}/iperf3-{i}.txt"), iperf3(r));
        }
    }
    let out = dir.path().join("out");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let txt = std::fs::read_to_string(out.join("across.txt")).expect("across.txt");
    assert!(txt.contains("1003 ±0 ") && txt.contains("1006 ±0.58 +0.3%"), "{txt}");
    assert!(!txt.contains("not compared"), "{txt}");
}

/// One class names its kernels `v6.1` and `6.2.0` (a git tag, `uname -r`),
/// another `6.1` and `6.2` (attack xa/): one kernel each across the two.
/// There was no cross-class page ("No kernel ran on more than one machine
/// class"); now 6.1 and 6.2 each set the two machines side by side, each
/// with its own class's numbers, and the intro names boxb's spellings.
#[test]
fn kernels_named_alike_are_one_kernel_across_classes() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = dir.path().join("content");
    put(&c, "site.yaml", "title: \"t\"\n");
    for (class, kernels, runs) in [
        ("boxa", ["6.1", "6.2"], [["45.1023", "46.2034"], ["41.3012", "42.0045"]]),
        ("boxb", ["v6.1", "6.2.0"], [["61.2034", "62.1001"], ["55.2011", "56.1002"]]),
    ] {
        // boxb's `name:` is not its slug: the intro names it as the
        // tables do (N5 named it by slug, which only the text shows).
        let name = if class == "boxb" { "Box B" } else { class };
        put(&c, &format!("{class}/machine.yaml"), format!("name: \"{name}\"\n"));
        for (k, mbs) in kernels.iter().zip(runs) {
            for (i, mb) in mbs.iter().enumerate() {
                put(&c, &format!("{class}/{k}/dbench-{i}.txt"), dbench(mb));
            }
        }
    }
    let out = dir.path().join("out");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let txt = std::fs::read_to_string(out.join("across.txt")).expect("across.txt");
    // The page pairs boxb's `v6.1` and `6.2.0` with boxa's `6.1` and `6.2`
    // and names them by boxa's spelling; its intro says what boxb calls
    // them (newcomer48 N5: nothing said so, and boxb's page has no `6.2`).
    let md = std::fs::read_to_string(out.join("across.md")).expect("across.md");
    assert!(md.contains("Kernels more than one machine class ran: 6.1 (v6.1 on Box B), 6.2 (6.2.0 on Box B)."), "{md}");
    // boxa's 6.1 (45.1023, 46.2034) against boxb's v6.1 (61.2034, 62.1001);
    // boxa's 6.2 (41.3012, 42.0045) against boxb's 6.2.0 (55.2011, 56.1002).
    // Means by hand: 45.65285, 61.65175 (+35.0%); 41.65285, 55.65065 (+33.6%).
    for row in [
        "6.1: dbench",
        "boxa     45.65 ±0.78",
        "Box B    61.65 ±0.63",
        "%            +35.0%*",
        "6.2: dbench",
        "boxa     41.65 ±0.50",
        "Box B    55.65 ±0.64",
        "%            +33.6%*",
    ] {
        assert!(txt.contains(row), "{row} in {txt}");
    }
}

/// Two sections of one class that give the same benchmark, metric and
/// parameters (pgbench's read-only runs and a warm-up run at the same
/// clients, archive35 1) are two rows, each named by its section: the
/// page took one row of the first section's cells with the second's
/// where the first had none, and dropped the second's others
/// (across.md line 28: a read-only tps beside the warm-up's "tps incl.
/// connections", the warm-up's own tps nowhere).
#[test]
fn two_sections_of_one_benchmark_are_two_rows_named_by_their_section() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = dir.path().join("content");
    put(&c, "site.yaml", "title: \"t\"\n");
    let sections = "sections:\n  - title: \"timed\"\n    files: [\"*/read-only-*.log\"]\n  - title: \"warm-up\"\n    files: [\"*/warmup.log\"]\n";
    for (class, timed, warm) in [
        ("boxa", ["9.2929", "9.3515", "9.3822"], ["7.1015", "7.2031", "7.1507"]),
        ("boxb", ["6.1", "6.2", "6.0"], ["5.1", "5.2", "5.0"]),
    ] {
        put(&c, &format!("{class}/machine.yaml"), format!("name: \"{class}\"\n{sections}"));
        // Runs in directories 1, 2, 3, as pgbench's were.
        for i in 0..3 {
            put(&c, &format!("{class}/6.1/{}/read-only-32.log", i + 1), dbench(timed[i]));
            put(&c, &format!("{class}/6.1/{}/warmup.log", i + 1), dbench(warm[i]));
        }
    }
    let out = dir.path().join("out");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let md = std::fs::read_to_string(out.join("across.md")).expect("across.md");
    // Means by hand: boxa timed 9.34220, warm-up 7.15177; boxb 6.1, 5.1;
    // each section against the reference's same section: 6.1/9.3422 - 1
    // = -34.7%, 5.1/7.15177 - 1 = -28.7%.
    for row in [
        "| machine | section | Throughput (MB/s) |",
        "| boxa | timed | 9.342±0.045 |",
        "| boxa | warm-up | 7.152±0.051 |",
        "| boxb | timed | 6.1±0.10 | 454.59±0 | 34.11±0 | 238.89±0 | 60±0 |\n| % |  | -34.7%\\* |",
        "| boxb | warm-up | 5.1±0.10 | 454.59±0 | 34.11±0 | 238.89±0 | 60±0 |\n| % |  | -28.7%\\* |",
    ] {
        assert!(md.contains(row), "{row} in {md}");
    }
}

/// A section title longer than a short cell is a key in across.txt's
/// `section` column, each key named once above the table, so that a row
/// stays on one line ("pgbench read-only (select only)" took 3 lines of
/// every row at 72 columns).
#[test]
fn long_section_titles_are_keys_in_the_text() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = dir.path().join("content");
    put(&c, "site.yaml", "title: \"t\"\n");
    let sections = "sections:\n  - title: \"dbench read-only (timed runs)\"\n    files: [\"*/read-only-*.log\"]\n  - title: \"warm-up\"\n    files: [\"*/warmup.log\"]\n";
    for (class, timed, warm) in [
        ("boxa", ["9.2929", "9.3515", "9.3822"], ["7.1015", "7.2031", "7.1507"]),
        ("boxb", ["6.1", "6.2", "6.0"], ["5.1", "5.2", "5.0"]),
    ] {
        put(&c, &format!("{class}/machine.yaml"), format!("name: \"{class}\"\n{sections}"));
        for i in 0..3 {
            put(&c, &format!("{class}/6.1/{}/read-only-32.log", i + 1), dbench(timed[i]));
            put(&c, &format!("{class}/6.1/{}/warmup.log", i + 1), dbench(warm[i]));
        }
    }
    let out = dir.path().join("out");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let txt = std::fs::read_to_string(out.join("across.txt")).expect("across.txt");
    assert!(txt.contains("Sections: A = dbench read-only (timed runs); B = warm-up."), "{txt}");
    let rows: Vec<&str> = txt.lines().filter(|l| l.starts_with("boxa ") || l.starts_with("boxb ")).collect();
    assert_eq!(rows.len(), 4, "{txt}");
    for (row, key) in rows.iter().zip(["A", "B", "A", "B"]) {
        assert_eq!(row.split_whitespace().nth(1), Some(key), "{txt}");
    }
    assert!(!txt.contains("(timed\n") && txt.lines().all(|l| l.chars().count() <= 72), "{txt}");
    // The Markdown and HTML pages keep the titles.
    let md = std::fs::read_to_string(out.join("across.md")).expect("across.md");
    assert!(md.contains("| boxa | dbench read-only (timed runs) |"), "{md}");
}

/// Parameter values in number order (clients 1, 4, 16), not as text
/// (1, 16, 4: archive35 7).
#[test]
fn parameter_values_are_in_number_order() {
    let dir = tempfile::tempdir().expect("tempdir");
    let c = dir.path().join("content");
    put(&c, "site.yaml", "title: \"t\"\n");
    for (class, base) in [("boxa", 9), ("boxb", 6)] {
        put(&c, &format!("{class}/machine.yaml"), format!("name: \"{class}\"\n"));
        for (d, extra) in [("1", 1), ("4", 2), ("16", 3)] {
            for run in 1..=3 {
                put(&c, &format!("{class}/6.1/{d}/{run}/dbench.txt"), dbench(&format!("{base}.{extra}{run}")));
            }
        }
    }
    let out = dir.path().join("out");
    benchsite().arg("build").arg("--content").arg(&c).arg("--output").arg(&out).assert().success();
    let md = std::fs::read_to_string(out.join("across.md")).expect("across.md");
    let (one, four, sixteen) = (md.find("| boxa | 1 |"), md.find("| boxa | 4 |"), md.find("| boxa | 16 |"));
    assert!(one.is_some() && four.is_some() && sixteen.is_some(), "{md}");
    assert!(one < four && four < sixteen, "{md}");
}
