//! Hosts, processors and kernel builds kept apart where they must be, and
//! only there (attack37's findings). The fixture site
//! `tests/sites/identity37/` holds the attack's cases, each a class;
//! SOURCES.md there says which real file each is made from.

mod common;

use common::benchsite;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The fixture site's content directory.
fn site() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/sites/identity37")
}

/// The fixture site, built into a temporary directory: (output directory,
/// `build`'s standard error, the directory kept alive).
fn built() -> (PathBuf, String, tempfile::TempDir) {
    common::build_site(&site())
}

/// `check`'s standard error over the fixture site (it passes).
fn checked() -> String {
    let run = benchsite().arg("check").arg("--content").arg(site()).assert().success();
    String::from_utf8_lossy(&run.get_output().stderr).into_owned()
}

/// The rows of metric `metric` in class `class`'s CSV files, each as
/// column → value (`kernel`, `host`, `kernel build`, `n`, `mean`,
/// `pct_better`, …).
fn rows(out: &Path, class: &str, metric: &str) -> Vec<BTreeMap<String, String>> {
    let mut rows = Vec::new();
    let mut files: Vec<PathBuf> =
        std::fs::read_dir(out.join(class).join("csv")).expect("csv dir").map(|e| e.expect("entry").path()).collect();
    files.sort();
    for path in files {
        let text = common::csv_long(&std::fs::read_to_string(path).expect("csv"));
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let header: Vec<String> = reader.headers().expect("header").iter().map(str::to_string).collect();
        for r in reader.records() {
            let r = r.expect("record");
            let row: BTreeMap<String, String> = header.iter().cloned().zip(r.iter().map(str::to_string)).collect();
            if row.get("metric").map(String::as_str) == Some(metric) {
                rows.push(row);
            }
        }
    }
    rows
}

/// The row of `rows` whose columns hold every (column, value) of `of`
/// (an empty value: the column is absent or empty).
fn row<'a>(rows: &'a [BTreeMap<String, String>], of: &[(&str, &str)]) -> &'a BTreeMap<String, String> {
    let found: Vec<_> =
        rows.iter().filter(|r| of.iter().all(|(k, v)| r.get(*k).map_or("", String::as_str) == *v)).collect();
    assert_eq!(found.len(), 1, "one row with {of:?} in {rows:#?}");
    found[0]
}

/// The lines of `text` that hold every one of `words`.
fn said<'a>(text: &'a str, words: &[&str]) -> Vec<&'a str> {
    text.lines().filter(|l| words.iter().all(|w| l.contains(w))).collect()
}

/// Finding 2: 3.10.64 built twice (`#1 PREEMPT Sat Mar 21 10:00:00`, `#2
/// … 12:00:00`, line 5 of each) gave every UnixBench file of the class a
/// `kernel build`, and 3.10.63 (one build, 221.5 against 201.4) was no
/// longer compared. Now 3.10.63 is (+9.98%), and each of 3.10.64's builds
/// is a row of its own compared with the baseline: 241.7 (+20.01%) and
/// 251.8 (+25.02%).
#[test]
fn a_kernel_built_twice_leaves_the_other_kernels_compared() {
    let (out, _stderr, _tmp) = built();
    let rows = rows(&out, "rebuilt", "Index Score");
    assert_eq!(row(&rows, &[("kernel", "3.10.63")])["pct_better"], "9.98", "{rows:#?}");
    assert_eq!(row(&rows, &[("kernel", "3.10.63")])["kernel build"], "", "{rows:#?}");
    let b1 = row(&rows, &[("kernel", "3.10.64"), ("kernel build", "#1 PREEMPT Sat Mar 21 10:00:00 CST 2020")]);
    assert_eq!((b1["mean"].as_str(), b1["pct_better"].as_str()), ("241.7", "20.01"));
    let b2 = row(&rows, &[("kernel", "3.10.64"), ("kernel build", "#2 PREEMPT Sat Mar 21 12:00:00 CST 2020")]);
    assert_eq!((b2["mean"].as_str(), b2["pct_better"].as_str()), ("251.8", "25.02"));
    let check = checked();
    assert!(said(&check, &["rebuilt/", "no row with parameters"]).is_empty(), "{check}");
    let warned = said(&check, &["rebuilt/3.10.64/ubench-2.txt:5:", "different kernel builds", "built twice: 3.10.64"]);
    assert_eq!(warned.len(), 1, "{check}");
}

/// The baseline built twice (`#4 … 18:49:25`, 201.4; `#5 … 21:00:00`,
/// 261.8): 3.10.63 (221.5) is compared with the first build's row,
/// (221.5 − 201.4) / 201.4 = +9.98%, as the warning says.
#[test]
fn a_baseline_built_twice_is_compared_with_its_first_build() {
    let (out, _stderr, _tmp) = built();
    let rows = rows(&out, "rebuilt-baseline", "Index Score");
    assert_eq!(row(&rows, &[("kernel", "3.10.63")])["pct_better"], "9.98", "{rows:#?}");
    assert_eq!(rows.iter().filter(|r| r["kernel"] == "3.10.62").count(), 2, "{rows:#?}");
    let check = checked();
    assert!(said(&check, &["rebuilt-baseline/", "no row with parameters"]).is_empty(), "{check}");
    assert_eq!(said(&check, &["rebuilt-baseline/3.10.62/ubench-2.txt:5:", "the first build's"]).len(), 1, "{check}");
}

/// Finding 3: 3.10.63's host renamed (`opi-renamed`, line 4) was noted as
/// "compared as one machine renamed" but not compared, the `host`
/// parameter 3.10.64's two boards (`opi`, `opi2`) needed having reached
/// every file. Now the note holds: 3.10.63 compared (+9.98%), 3.10.64's
/// `opi` with the baseline's `opi` (+20.01%), `opi2` (282.0) with nothing.
#[test]
fn a_renamed_host_is_compared_as_its_note_says() {
    let (out, _stderr, _tmp) = built();
    let rows = rows(&out, "renamed", "Index Score");
    assert_eq!(row(&rows, &[("kernel", "3.10.63")])["pct_better"], "9.98", "{rows:#?}");
    assert_eq!(row(&rows, &[("kernel", "3.10.64"), ("host", "opi")])["pct_better"], "20.01", "{rows:#?}");
    let opi2 = row(&rows, &[("kernel", "3.10.64"), ("host", "opi2")]);
    assert_eq!((opi2["mean"].as_str(), opi2["pct_better"].as_str()), ("282", ""), "{rows:#?}");
    let check = checked();
    assert_eq!(
        said(&check, &["warning:", "renamed/3.10.63/ubench.txt:4:", "compared as one machine renamed"]).len(),
        1
    );
    assert!(said(&check, &["renamed/", "no row with parameters"]).is_empty(), "{check}");
}

/// Finding 10: a mail's `model name : AMD EPYC 7763 64-Core Processor`
/// (line 5) over the first dbench run (1000 MB/s), then `Second run, same
/// box. Unlike the Intel(R) Xeon(R) CPU E5-2620 v3 @ 2.40GHz numbers Bob
/// posted, no dip here:` (line 29) over the second (1010): the second run
/// was made the Xeon's. A name in a sentence is prose: both runs are the
/// EPYC's, one row of 2, 6.2.0 (1100, 1111) compared with it.
#[test]
fn a_processor_named_in_a_sentence_is_no_machine_line() {
    let (out, _stderr, _tmp) = built();
    let rows = rows(&out, "prose-cpu", "Throughput");
    assert_eq!(rows.len(), 2, "{rows:#?}");
    assert!(rows.iter().all(|r| r["n"] == "2" && !r.contains_key("machine")), "{rows:#?}");
    assert_eq!(row(&rows, &[("kernel", "6.1.0")])["mean"], "1005");
    assert_eq!(row(&rows, &[("kernel", "6.2.0")])["pct_better"], "10");
    let check = checked();
    assert!(said(&check, &["prose-cpu/", "different machines"]).is_empty(), "{check}");
}

/// Finding 11: cpuinfo's `model name\t: Intel(R) Xeon(R) CPU           E5-2670
/// 0 @ 2.60GHz` (its 11 blanks) and the same name with single blanks
/// (`model name :`, lscpu's `Model name:`) were two machines, two rows of
/// one run. Blanks apart, one processor: one row of 2 per kernel, no word.
#[test]
fn processor_names_differing_in_blanks_are_one_machine() {
    let (out, _stderr, _tmp) = built();
    let rows = rows(&out, "blanks", "Throughput");
    assert_eq!(rows.len(), 2, "{rows:#?}");
    assert!(rows.iter().all(|r| r["n"] == "2" && !r.contains_key("machine")), "{rows:#?}");
    assert_eq!(row(&rows, &[("kernel", "6.2.0")])["pct_better"], "9.95");
    let check = checked();
    assert!(said(&check, &["blanks/"]).is_empty(), "{check}");
}

/// Finding 9: cpuinfo's `Intel(R) Xeon(R) CPU E5-2620 v3 @ 2.40GHz` over one
/// 6.1.0 run (1000) and a mail's `Xeon E5-2620 v3:` over the other (1010)
/// were two machines. One model named two ways: one row of 2, with a note
/// naming both lines; 6.2.0's run under no processor line joins its other.
#[test]
fn a_short_and_a_full_name_of_one_processor_are_one_machine() {
    let (out, _stderr, _tmp) = built();
    let rows = rows(&out, "short-name", "Throughput");
    assert_eq!(rows.len(), 2, "{rows:#?}");
    assert!(rows.iter().all(|r| r["n"] == "2" && !r.contains_key("machine")), "{rows:#?}");
    assert_eq!(row(&rows, &[("kernel", "6.1.0")])["mean"], "1005");
    let check = checked();
    let noted =
        said(&check, &["note:", "short-name/6.1.0/dbench-2.txt:1:", "`Xeon E5-2620 v3`", "one processor model"]);
    assert_eq!(noted.len(), 1, "{check}");
    assert!(said(&check, &["short-name/", "warning"]).is_empty(), "{check}");
}

/// Finding 6: two dbench summaries of 6.1.0 under `Linux alpha 6.1.0 #1 …`
/// and `Linux beta 6.1.0 #7 …` (line 2), Throughput 1000 and 3000, were
/// `2000 ±1414`, no word. `uname -a`'s host is the file's, as UnixBench's
/// `System:` is: one row per host, each compared with its own 6.1.0
/// (+10%), and a warning naming both lines.
#[test]
fn uname_a_hosts_keep_two_machines_apart() {
    let (out, _stderr, _tmp) = built();
    let rows = rows(&out, "uname-hosts", "Throughput");
    assert_eq!(row(&rows, &[("kernel", "6.1.0"), ("host", "alpha")])["mean"], "1000", "{rows:#?}");
    assert_eq!(row(&rows, &[("kernel", "6.1.0"), ("host", "beta")])["mean"], "3000", "{rows:#?}");
    assert_eq!(row(&rows, &[("kernel", "6.2.0"), ("host", "beta")])["pct_better"], "10", "{rows:#?}");
    assert!(rows.iter().all(|r| r["n"] == "1"), "{rows:#?}");
    let check = checked();
    let warned = said(&check, &["uname-hosts/6.1.0/dbench-2.txt:2:", "different hosts", "`alpha`", "`beta`"]);
    assert_eq!(warned.len(), 1, "{check}");
}

/// Finding 8: a mail with `Linux alpha 6.1.0 #1 SMP PREEMPT_DYNAMIC Mon Jan
/// 2 …` (line 6) over one dbench summary (1000) and `… #2 … Tue Jan 3 …`
/// (line 31) over another (1200) was `1100 ±141`, no word. Two builds, two
/// rows, and a warning naming both lines.
#[test]
fn two_uname_a_builds_of_one_release_in_a_mail_are_two_rows() {
    let (out, _stderr, _tmp) = built();
    let rows = rows(&out, "uname-builds", "Throughput");
    let b1 = row(&rows, &[("kernel build", "#1 SMP PREEMPT_DYNAMIC Mon Jan 2 10:00:00 UTC 2023")]);
    let b2 = row(&rows, &[("kernel build", "#2 SMP PREEMPT_DYNAMIC Tue Jan 3 10:00:00 UTC 2023")]);
    assert_eq!((b1["mean"].as_str(), b1["n"].as_str(), b2["mean"].as_str()), ("1000", "1", "1200"), "{rows:#?}");
    let check = checked();
    assert_eq!(said(&check, &["uname-builds/6.1.0/dbench-mail.txt:6:", "line 31 `#2 SMP"]).len(), 1, "{check}");
}

/// Finding 5 (in part): one big.LITTLE board's reports list its cores A55
/// first (6.1.0 run1, 201.4) or A76 first (run2, 205.4): two `machine`s,
/// two rows of one run with "put each in a class of its own". The models
/// are a set: one row of 2, no word.
#[test]
fn a_big_little_boards_cores_in_another_order_are_one_machine() {
    let (out, _stderr, _tmp) = built();
    let rows = rows(&out, "big-little", "Index Score");
    assert_eq!(rows.len(), 2, "{rows:#?}");
    assert!(rows.iter().all(|r| r["n"] == "2" && !r.contains_key("machine")), "{rows:#?}");
    assert_eq!(row(&rows, &[("kernel", "6.1.0")])["mean"], "203.4");
    let check = checked();
    assert!(said(&check, &["big-little/"]).is_empty(), "{check}");
}

/// Finding 4: an lmbench summary whose Host column reads `margin` for
/// 2.6.12-rc1-bk3 and `marg2n` for 2.6.12-rc1-bk3-dm (lines 11-20 and
/// 27-36; no kernel's rows name two hosts, both 1300 Mhz) was split by a
/// `host` parameter: nothing compared, and the only word was at
/// `machine.yaml`. Now it is compared as one machine renamed (fork proc
/// 536.0 µs over 7 runs against 515.7 µs over 3), with a warning at the
/// second host's first row naming both hosts' lines.
#[test]
fn an_lmbench_host_renamed_between_kernels_is_compared() {
    let (out, _stderr, _tmp) = built();
    let rows = rows(&out, "lmbench-renamed", "Processor, Processes fork proc");
    assert_eq!(rows.len(), 2, "{rows:#?}");
    assert!(rows.iter().all(|r| r.get("host").is_none_or(String::is_empty)), "{rows:#?}");
    let dm = row(&rows, &[("kernel", "2.6.12-rc1-bk3-dm")]);
    assert_eq!((dm["n"].as_str(), dm["pct_better"].is_empty()), ("3", false), "{rows:#?}");
    let check = checked();
    let renamed = said(&check, &["lmbench-renamed/lmbench-summary.txt:18:", "`margin` (line 11", "`marg2n` (line 18"]);
    assert_eq!(renamed.len(), 1, "{check}");
    assert!(said(&check, &["lmbench-renamed/machine.yaml", "no row with parameters"]).is_empty(), "{check}");
}

/// Finding 1: 3.10.63's three runs are from an ARMv8 board (`CPU 0:`
/// line 8), the baseline 3.10.62's from an ARMv7 one, every figure ×0.5.
/// The caveat was on the class page only; the mail printed -50.0% bare,
/// the regressions page 25 significant regressions. Now 3.10.63 carries
/// the `?` mark wherever its results are shown (mail tables and notable
/// changes, regressions, compare, its kernel page), and the mail and
/// regressions page say what the mark means, naming both boards' lines.
#[test]
fn another_machines_kernel_is_marked_wherever_its_changes_show() {
    let (out, _stderr, _tmp) = built();
    let class = out.join("other-machine");
    let read = |p: &str| std::fs::read_to_string(class.join(p)).unwrap_or_else(|e| panic!("{p}: {e}"));
    let mail = read("email.txt");
    assert!(mail.lines().any(|l| l.starts_with("3.10.63? ")), "{mail}");
    assert!(!mail.lines().any(|l| l.starts_with("3.10.63 ")), "{mail}");
    assert!(mail.contains("Notable changes against 3.10.62\n"), "{mail}");
    let flat = mail.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains(": 3.10.63? 2.00× worse (adjusted p"), "{mail}");
    assert!(flat.contains("its runs are from another machine than the baseline's"), "{mail}");
    assert!(flat.contains("3.10.63: runs from ARMv8 Processor rev 4 (v8l) (3.10.63/run1/ubench.txt line 8)"), "{mail}");
    let regressions = read("regressions.md");
    assert!(regressions.contains("| 3.10.63? |"), "{regressions}");
    assert!(!regressions.contains("| 3.10.63 |"), "{regressions}");
    assert!(regressions.contains("another machine than the baseline's"), "{regressions}");
    for page in ["compare.html", "kernels/3.10.63.html", "index.html"] {
        assert!(read(page).contains("another machine than the baseline"), "{page}");
    }
    // The CSV's `dmesg` column stays the dmesg mark's.
    let rows = rows(&out, "other-machine", "Index Score");
    assert!(rows.iter().all(|r| r["dmesg"].is_empty()), "{rows:#?}");
}

/// Finding 12: a machine swap after the baseline (6.0.0 on ARMv7; 6.1.0 …
/// 6.7.0 on ARMv8, attack37 s22's first eight kernels) was one warning per
/// kernel, each alike. Now one, naming five kernels and counting the rest,
/// at the first kernel's `CPU 0:` line.
#[test]
fn one_machine_swap_is_one_warning() {
    let check = checked();
    let swap = said(&check, &["machine-swap/"]);
    assert_eq!(swap.len(), 1, "{check}");
    assert!(
        swap[0].contains("machine-swap/6.1.0/ubench.txt:8: the runs of 7 kernels (6.1.0, 6.2.0, 6.3.0, 6.4.0, 6.5.0 and 2 more) are from ARMv8"),
        "{}",
        swap[0]
    );
}

/// Finding 5's rest: 6.2.0's runs name only the Cortex-A55 cores of the
/// baseline's A55 + A76 board (`CPU 0-3:` line 8, `4 CPUs in system`):
/// fewer cores online, warned as a CPU difference, not "not the same
/// machine", and not marked as another machine's.
#[test]
fn some_of_the_baselines_core_types_is_a_cpu_difference() {
    let check = checked();
    let offline = said(&check, &["cores-offline/"]);
    assert_eq!(offline.len(), 1, "{check}");
    assert!(
        offline[0].contains("6.2.0's runs are from ARM Cortex-A55, some of the baseline 6.1.0's"),
        "{}",
        offline[0]
    );
    assert!(!offline[0].contains("not the same machine"), "{}", offline[0]);
    let (out, _stderr, _tmp) = built();
    let mail = std::fs::read_to_string(out.join("cores-offline/email.txt")).expect("mail");
    assert!(!mail.contains("6.2.0?"), "{mail}");
}

/// Finding 13: run18's figures are run14's (attack37 s20: two of the
/// fuzzed UnixBench reports), dropped as the same run read twice; its
/// "names kernel … but sits in" warning lost its `OS:` line (5).
#[test]
fn a_dropped_copys_kernel_warning_keeps_its_line() {
    let check = checked();
    let sits = said(&check, &["dropped-copy/6.1.0/run18/ubench.txt", "but sits in kernel directory"]);
    assert_eq!(sits.len(), 1, "{check}");
    assert!(sits[0].contains("run18/ubench.txt:5: "), "{}", sits[0]);
}

/// identfix37's leftover (attack37 s14): a mail with prose above each of
/// two dbench summaries under `uname -a` lines of two builds of 6.1.0.
/// The labels' "copies … were averaged as runs of one set-up" warning
/// printed beside the build warning though the runs are kept apart; now
/// it says they are.
#[test]
fn the_copies_warning_says_uname_builds_kept_them_apart() {
    let check = checked();
    let copies = said(&check, &["uname-builds-prose/", "copies of the output with different text above them"]);
    assert_eq!(copies.len(), 1, "{check}");
    assert!(copies[0].contains("kept apart by the `uname -a` lines above them"), "{}", copies[0]);
    assert!(!copies[0].contains("averaged as runs"), "{}", copies[0]);
    let (out, _stderr, _tmp) = built();
    let rows = rows(&out, "uname-builds-prose", "Throughput");
    assert_eq!(rows.len(), 2, "{rows:#?}");
}

/// ident38 item 1: the cross-class page matched a machine's rows with the
/// reference machine's by exact parameters. At 3.10.62 the reference
/// (`other-machine`, no `host`, no `kernel build`) met `rebuilt` only:
/// `rebuilt-baseline`'s two builds (`#4 …`, `#5 …`) and `renamed`'s row of
/// host `opi`, each compared on its own class page, were compared with
/// nothing here. Now the class table's rule decides (`report::base_rows`):
/// a build is no part of the match, nor another class's host.
#[test]
fn the_cross_class_page_pairs_rows_as_the_class_tables_do() {
    let (out, _stderr, _tmp) = built();
    let across = std::fs::read_to_string(out.join("across.md")).expect("across.md");
    let section: String = across
        .split("\n## ")
        .find(|s| s.starts_with("3.10.62: unixbench"))
        .unwrap_or_else(|| panic!("{across}"))
        .to_string();
    for (class, cell) in [
        ("| rebuilt-baseline |  | \\#4 PREEMPT Wed Mar 18 18:49:25 CST 2020 |", "| 3080833.7 -2.0% |"),
        ("| rebuilt-baseline |  | \\#5 PREEMPT Wed Mar 18 21:00:00 CST 2020 |", "| 4005083.8 +27.5% |"),
        ("| renamed | opi |  |", "| 3080833.7 -2.0% |"),
    ] {
        let line = section.lines().find(|l| l.starts_with(class)).unwrap_or_else(|| panic!("{class}: {section}"));
        assert!(line.contains(cell), "{line}");
    }
}

/// ident38 item 2: one mail (attack37 s13 with the second `uname -a` line's
/// host changed `alpha` → `beta`: line 7 `Linux alpha 6.1.0 #1 …`, line 33
/// `Linux beta 6.2.0 #3 …`, Throughput 1000 and 1200 MB/sec) was kept
/// apart by a `host` parameter and left uncompared, while the same two
/// summaries in two files are compared with a rename note. One rule now:
/// a host renamed between kernels, no kernel's runs under two hosts and
/// no processor apart, is one machine renamed; both compared (+20%), each
/// with one diagnostic naming both hosts.
#[test]
fn a_host_renamed_between_kernels_is_compared_in_one_file_as_in_two() {
    let (out, _stderr, _tmp) = built();
    for class in ["uname-renamed", "uname-renamed-files"] {
        let rows = rows(&out, class, "Throughput");
        let new = row(&rows, &[("kernel", "6.2.0")]);
        let host = new.get("host").map_or("", String::as_str);
        assert_eq!((new["mean"].as_str(), new["pct_better"].as_str(), host), ("1200", "20", ""), "{class}: {rows:#?}");
    }
    let check = checked();
    let one = said(&check, &["uname-renamed/6.2.0/dbench-mail.txt:33:", "compared as one machine renamed"]);
    assert_eq!(one.len(), 1, "{check}");
    assert!(one[0].contains("(line 7 `alpha`: 6.1.0, line 33 `beta`: 6.2.0)"), "{}", one[0]);
    let two = said(&check, &["warning:", "uname-renamed-files/6.2.0/dbench.txt:2:", "compared as one machine renamed"]);
    assert_eq!(two.len(), 1, "{check}");
    assert!(said(&check, &["uname-renamed", "no row with parameters"]).is_empty(), "{check}");
}

/// ident38 item 3: `other-machine`'s 25 regressions are all 3.10.63's, a
/// kernel marked `?` (its runs on another board than the baseline's): the
/// count said "25 regressions" as of any kernel. Now it says how many are
/// another machine's, on the regressions page and in the mail.
#[test]
fn the_regression_count_says_how_many_are_another_machines() {
    let (out, _stderr, _tmp) = built();
    let class = out.join("other-machine");
    for page in ["regressions.md", "email.txt"] {
        let text = std::fs::read_to_string(class.join(page)).expect(page);
        assert!(text.contains("25 regressions (all 25 on another machine), 0 improvements"), "{page}: {text}");
    }
    let rebuilt = std::fs::read_to_string(out.join("renamed/regressions.md")).expect("renamed");
    assert!(!rebuilt.contains("another machine)"), "{rebuilt}");
}

/// ident38 item 5: attack37 s17 (kernels 6.1.0-6.3.0), every kernel's two
/// files of two hosts (`host-1-1`, `host-1-2`, … line 4): one note per
/// kernel, alike but for the names. Now one, at the first kernel's line,
/// naming each kernel's hosts.
#[test]
fn kernels_whose_hosts_all_differ_are_one_note() {
    let check = checked();
    let notes = said(&check, &["warning:", "two-hosts-each/", "other hosts than"]);
    assert_eq!(notes.len(), 1, "{check}");
    assert!(
        notes[0].contains(
            "two-hosts-each/6.2.0/run1/ubench.txt:4: the runs of 2 kernels name other hosts than the baseline \
             6.1.0's host-1-1, host-1-2 (6.1.0/run1/ubench.txt line 4): 6.2.0 host-2-1, host-2-2 (6.2.0/run1/ubench.txt \
             line 4); 6.3.0 host-3-1, host-3-2 (6.3.0/run1/ubench.txt line 4): each host's runs kept apart"
        ),
        "{}",
        notes[0]
    );
}

/// ident38 item 6, reverted by attack38 finding 1: `lmbench-renamed`'s
/// `Processor, Processes` table without its `Mhz` column (lines 1-4 and
/// 23-36 of that file, the four characters of the column and a blank cut
/// from each table line). With no clock to go by, nothing tells one
/// machine renamed from two machines, and in one lmbench summary two host
/// names are in practice two machines (attack38 c01: a real Alpha beside a
/// Pentium Pro had been compared as one machine renamed): each host's rows
/// kept apart, with one warning naming both hosts and saying how to
/// compare them (no key says so; one file per kernel).
#[test]
fn an_lmbench_host_renamed_without_a_clock_column_is_kept_apart_with_a_warning() {
    let (out, _stderr, _tmp) = built();
    let rows = rows(&out, "lmbench-renamed-no-mhz", "fork proc");
    assert_eq!(rows.len(), 2, "{rows:#?}");
    assert!(rows.iter().all(|r| r.get("host").is_some_and(|h| !h.is_empty())), "{rows:#?}");
    let dm = row(&rows, &[("kernel", "2.6.12-rc1-bk3-dm")]);
    assert!(dm["pct_better"].is_empty(), "{rows:#?}");
    let check = checked();
    let renamed = said(
        &check,
        &[
            "lmbench-renamed-no-mhz/lmbench-summary.txt:17:",
            "no clock rate (Mhz) is printed",
            "`marg2n` (line 17",
            "kept apart",
            "no key of machine.yaml",
            "one file per kernel",
        ],
    );
    assert_eq!(renamed.len(), 1, "{check}");
    assert!(!check.contains("lmbench-summary.txt:17: compared as one machine renamed"), "{check}");
    assert_eq!(renamed.len(), 1, "{check}");
}

/// attack38 finding 3: c27, a reply quoting Alice's 6.1.0 run under her
/// `uname -a` (`> Linux alpha …`) above the writer's own 6.2.0 run under
/// `Linux beta …`, was warned "compared as one machine renamed" while
/// 6.2.0 was not compared. A quoted `uname -a` line is another writer's
/// machine: kept apart, the warning saying why. c04-two-files-c, two files
/// whose prompts name the hosts: each host's runs a set-up of their own,
/// not compared, and the rename warning (a warning, as in one file) says so.
#[test]
fn a_rename_is_never_said_compared_of_a_kernel_not_compared() {
    let (out, _stderr, _tmp) = built();
    let check = checked();
    let quoted = said(&check, &["uname-quoted/6.2.0/dbench-mail.txt:5:", "`alpha`, quoted", "another writer's"]);
    assert_eq!(quoted.len(), 1, "{check}");
    assert!(said(&check, &["uname-quoted/", "compared as one machine renamed"]).is_empty(), "{check}");
    let rows = rows(&out, "uname-quoted", "Throughput");
    assert!(rows.iter().all(|r| r["pct_better"].is_empty()), "{rows:#?}");
    let prompts = said(
        &check,
        &["warning:", "prompt-hosts-files/6.14.0-1019-gcp/fio.txt:5:", "kept apart as a set-up of their own"],
    );
    assert_eq!(prompts.len(), 1, "{check}");
    assert!(said(&check, &["prompt-hosts-files/", "compared as one machine renamed"]).is_empty(), "{check}");
}

/// attack38 findings 2 and 18: the rename warning and the CPU-count
/// difference reached only check and the class page; a reader of the
/// mail saw `6.14.0-1019-gcp 3576 +8.0%` with no word of two hosts. Now
/// each is a line of the mail's (and Markdown's) environment differences.
#[test]
fn a_renamed_host_and_a_cpu_difference_reach_the_mail() {
    let (out, _stderr, _tmp) = built();
    let mail = |class: &str| std::fs::read_to_string(out.join(class).join("email.txt")).expect(class);
    let files = mail("uname-renamed-files");
    assert!(files.contains("- 6.2.0: runs from host beta, compared as host alpha renamed"), "{files}");
    let one = mail("uname-renamed");
    assert!(one.contains("- 6.2.0: 6.2.0/dbench-mail.txt line 33: the runs sit under `uname -a`"), "{one}");
    let cores = mail("cores-offline");
    assert!(cores.contains("- 6.2.0: runs on 1 of the baseline 6.1.0's 2 core types"), "{cores}");
    let md = std::fs::read_to_string(out.join("uname-renamed-files/index.md")).expect("index.md");
    assert!(md.contains("compared as host alpha renamed"), "{md}");
}

/// attack38 finding 20: a macOS run under `Darwin MacBook-Pro.local
/// 23.1.0 …` in 6.5.0-14-generic/ was averaged with the Linux run there
/// (16378757 of 22878757 and 9878757; 6.6.0 −39.1%), nothing said. Now
/// another system's run is kept apart by its host, warned of at its line,
/// and the Linux run alone is 6.5.0-14-generic's: 6.6.0 +1.0%.
#[test]
fn a_run_under_another_systems_uname_is_kept_apart() {
    let (out, _stderr, _tmp) = built();
    let rows = rows(&out, "uname-darwin", "events per second");
    let mac = row(&rows, &[("kernel", "6.5.0-14-generic"), ("host", "MacBook-Pro.local (Darwin 23.1.0)")]);
    assert_eq!(mac["mean"], "22878757.01", "{rows:#?}");
    let new = row(&rows, &[("kernel", "6.6.0")]);
    assert_eq!(new["pct_better"], "1.012", "{rows:#?}");
    let check = checked();
    let warned = said(&check, &["uname-darwin/6.5.0-14-generic/sysbench.txt:4:", "`Darwin 23.1.0`", "kept apart"]);
    assert_eq!(warned.len(), 1, "{check}");
}

/// attack39 finding 19: runs "kept apart by a host parameter" were each
/// compared with a baseline whose runs name no host: two Linux hosts in
/// 6.2.0's file (`alpha 3000 +197.0%`, `beta 1020 +1.0%`), and a macOS run
/// in a Linux kernel's directory (`-29.9%`, two regressions, Notable
/// changes). Which of two hosts is the baseline's machine is unknowable,
/// and another system's never is: both now "not compared with 6.1.0".
/// Not fired on: one host renamed between kernels
/// (`a_host_renamed_between_kernels_is_compared_in_one_file_as_in_two`),
/// and a Linux run beside another system's (`uname-darwin`, +1.0%).
#[test]
fn hosts_the_host_less_baseline_cannot_be_are_not_compared() {
    let (out, _stderr, _tmp) = built();
    for (class, hosts) in [
        ("uname-two-hosts-plain-base", &["alpha", "beta"][..]),
        ("uname-darwin-kernel", &["Johns-MBP (Darwin 24.1.0)"][..]),
    ] {
        let rows = rows(&out, class, "Throughput");
        for host in hosts {
            let new = row(&rows, &[("kernel", "6.2.0"), ("host", host)]);
            assert_eq!(new["pct_better"], "", "{class}: {rows:#?}");
        }
        let mail = std::fs::read_to_string(out.join(class).join("email.txt")).expect(class);
        assert!(mail.contains("not compared with 6.1.0: 6.2.0"), "{class}: {mail}");
        assert!(!mail.contains("Notable changes") && !mail.contains('%'), "{class}: {mail}");
    }
}

/// attack39 finding 5: a one-file rename's caveat went to "the kernel of
/// the next sample" — the baseline, where the user's baseline was the
/// second host's kernel — and the mail showed the change with no word.
/// Now every kernel of the file but the baseline carries it. Not fired
/// on: the baseline itself (`lmbench-renamed`'s mail names only
/// 2.6.12-rc1-bk3-dm).
#[test]
fn a_one_file_renames_caveat_reaches_the_mail_whichever_kernel_is_the_baseline() {
    let (out, _stderr, _tmp) = built();
    let mail = |class: &str| std::fs::read_to_string(out.join(class).join("email.txt")).expect(class);
    let other = mail("lmbench-renamed-other-baseline");
    let caveat = said(&other, &["- 2.6.12-rc1-bk3:", "lmbench-summary.txt line 18"]);
    assert_eq!(caveat.len(), 1, "{other}");
    assert!(said(&other, &["- 2.6.12-rc1-bk3-dm:", "lmbench-summary.txt line 18"]).is_empty(), "{other}");
    let first = mail("lmbench-renamed");
    assert_eq!(said(&first, &["- 2.6.12-rc1-bk3-dm:", "lmbench-summary.txt line 18"]).len(), 1, "{first}");
    assert!(said(&first, &["- 2.6.12-rc1-bk3:", "lmbench-summary.txt line 18"]).is_empty(), "{first}");
}

/// attack39 finding 11: `beta.lab.example.com` and `beta` (one host's
/// full and short name, in two files or one mail) were "compared as one
/// machine renamed" — a warning, and a line in every mail. Now one host:
/// compared (+20%), no rename warning. Not fired on: `alpha`/`beta`
/// (`uname-renamed`, still warned).
#[test]
fn a_hosts_full_and_short_name_are_one_host() {
    let (out, _stderr, _tmp) = built();
    for class in ["fqdn-short-files", "fqdn-short-one-file"] {
        let rows = rows(&out, class, "Throughput");
        let new = row(&rows, &[("kernel", "6.2.0")]);
        assert_eq!((new["mean"].as_str(), new["pct_better"].as_str()), ("1200", "20"), "{class}: {rows:#?}");
        let mail = std::fs::read_to_string(out.join(class).join("email.txt")).expect(class);
        assert!(!mail.contains("renamed"), "{class}: {mail}");
    }
    let check = checked();
    assert!(said(&check, &["fqdn-short-", "renamed"]).is_empty(), "{check}");
}

/// attack38 finding 7 (`qmark-order`, attack38 c07): 3.10.63 is another
/// board's (`?`, 25 changes of 2.00×), 3.10.64 the class's own board with
/// two real regressions of -20%. The mail's and the class page's notable
/// changes listed the 13 `3.10.63?` lines first, 3.10.64's last. Now the
/// own board's come first; the `?` kernel's follow, still listed and
/// marked, largest first among themselves. (A class without a `?` kernel
/// keeps its largest-first order: every change has the same flag, the
/// sort is stable.)
#[test]
fn another_machines_changes_come_after_the_classs_own() {
    let (out, _stderr, _tmp) = built();
    let mail = std::fs::read_to_string(out.join("qmark-order/email.txt")).expect("mail");
    let notable: Vec<&str> = mail
        .lines()
        .skip_while(|l| !l.starts_with("Notable changes"))
        .skip(1)
        .take_while(|l| !l.trim().is_empty())
        .collect();
    let flat = notable.join(" ");
    let own = flat.find(": 3.10.64 ").unwrap_or_else(|| panic!("{mail}"));
    let other = flat.find(": 3.10.63? ").unwrap_or_else(|| panic!("{mail}"));
    assert!(own < other, "{mail}");
    assert!(!flat[other..].contains(": 3.10.64 "), "{mail}");
    let page = std::fs::read_to_string(out.join("qmark-order/index.html")).expect("page");
    let notable = &page[page.find("<h2>Notable changes against 3.10.62</h2>").expect("notable")..];
    let (own, other) = (notable.find(": 3.10.64 ").expect("own"), notable.find(": 3.10.63? ").expect("other"));
    assert!(own < other, "{notable}");
}

/// attack38 finding 8 (`machine-swap`: the baseline 6.0.0 on ARMv7, the
/// seven later kernels on ARMv8): `check` warns once, but the mail's
/// environment differences printed seven near-identical items (24 lines
/// before the first figure). Now one item for the seven, naming five and
/// counting the rest, with check's hint. A kernel alone on another machine
/// (`other-machine`'s 3.10.63) keeps its own item, as before.
#[test]
fn one_machine_swap_is_one_environment_item() {
    let (out, _stderr, _tmp) = built();
    let mail = std::fs::read_to_string(out.join("machine-swap/email.txt")).expect("mail");
    let env: Vec<&str> =
        mail.lines().skip_while(|l| !l.starts_with("Environment differences")).take_while(|l| !l.is_empty()).collect();
    let items: Vec<&&str> = env.iter().filter(|l| l.starts_with("- ")).collect();
    assert_eq!(items.len(), 2, "the legend and one item: {mail}");
    let flat = env.join(" ").split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "- the runs of 7 kernels (6.1.0, 6.2.0, 6.3.0, 6.4.0, 6.5.0 and 2 more) are from ARMv8 Processor rev 4 \
             (v8l) (the first: 6.1.0/ubench.txt line 8), the baseline 6.0.0's from ARMv7 Processor rev 1 (v7l) \
             (6.0.0/ubench.txt line 8); a machine class is one machine: put each machine's runs in a class of its own"
        ),
        "{flat}"
    );
    // The regressions page's list of what the marks mean, likewise (each
    // row's `?` keeps its own kernel's file in its title on HTML pages).
    let text = std::fs::read_to_string(out.join("machine-swap/regressions.md")).expect("md");
    assert_eq!(text.matches("are from ARMv8").count(), 1, "{text}");
    assert!(!text.contains("runs from ARMv8"), "{text}");
    // Must not fire: one kernel on another machine keeps its own line.
    let other = std::fs::read_to_string(out.join("other-machine/email.txt")).expect("mail");
    let flat = other.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("- 3.10.63: runs from ARMv8 Processor rev 4 (v8l) (3.10.63/run1/ubench.txt line 8)"),
        "{flat}"
    );
}

/// attack40 F7 and F8 (h04, h09, h05): host rows of two hosts per kernel.
/// `beta.lab.example.com` (6.2.0) is `beta` (6.1.0): compared `+10%`, as
/// `alpha` is. A `gamma` row beside `alpha` has no baseline row: no change,
/// and the table and `check` say why. A kernel whose one `uname -a` names
/// `beta`, one of the baseline's two hosts in one file, is compared with
/// `beta`'s row (`+5%`, was "not compared … their files do not print
/// host"); a kernel whose file names no host still is not (no guess).
#[test]
fn host_rows_meet_by_short_name_and_a_files_one_host_meets_its_row() {
    let (out, _stderr, _tmp) = built();
    let fqdn = rows(&out, "uname-hosts-fqdn-rows", "Throughput");
    assert_eq!(row(&fqdn, &[("kernel", "6.2.0"), ("host", "alpha")])["pct_better"], "10", "{fqdn:#?}");
    assert_eq!(row(&fqdn, &[("kernel", "6.2.0"), ("host", "beta.lab.example.com")])["pct_better"], "10", "{fqdn:#?}");
    let other = rows(&out, "uname-hosts-other-host", "Throughput");
    assert_eq!(row(&other, &[("kernel", "6.2.0"), ("host", "alpha")])["pct_better"], "10", "{other:#?}");
    assert_eq!(row(&other, &[("kernel", "6.2.0"), ("host", "gamma")])["pct_better"], "", "{other:#?}");
    let mail = std::fs::read_to_string(out.join("uname-hosts-other-host/email.txt")).expect("mail");
    let flat = mail.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains(
            "6.2.0: the row of host gamma, which no row of 6.1.0 names (6.1.0's rows have host alpha or beta), compared with nothing"
        ),
        "{mail}"
    );
    let one = rows(&out, "uname-hosts-one-named", "Throughput");
    let named = row(&one, &[("kernel", "6.2.0")]);
    assert_eq!((named["host"].as_str(), named["pct_better"].as_str()), ("beta", "5"), "{one:#?}");
    assert_eq!(row(&one, &[("kernel", "6.3.0")])["pct_better"], "", "{one:#?}");
    let check = checked();
    assert_eq!(said(&check, &["uname-hosts-other-host", "the row of host gamma"]).len(), 1, "{check}");
    assert!(said(&check, &["uname-hosts-fqdn-rows", "compared with nothing"]).is_empty(), "{check}");
    assert!(said(&check, &["uname-hosts-one-named", "6.2.0"]).is_empty(), "{check}");
    assert_eq!(said(&check, &["uname-hosts-one-named", "6.3.0", "no row with parameters"]).len(), 1, "{check}");
}

/// attack41 F14: the baseline's `web1` beside 6.2.0's `web1.dc1…` and
/// `web1.dc2…` rows was paired with whichever came first in the file (+10 %
/// or +120 % by paste order), under a name the baseline's file never
/// printed. Now neither row is compared, the baseline's row keeps no
/// borrowed name, and a warning names both full names at the baseline's
/// `uname -a` line. The fqdn-rows class (one full name per short one)
/// still meets (must not fire: `host_rows_meet_by_short_name_…`).
#[test]
fn a_short_host_two_full_names_share_is_compared_with_neither() {
    let (out, _stderr, _tmp) = built();
    let two = rows(&out, "uname-hosts-short-two-fqdn", "Throughput");
    for host in ["web1.dc1.example.com", "web1.dc2.example.com"] {
        assert_eq!(row(&two, &[("kernel", "6.2.0"), ("host", host)])["pct_better"], "", "{two:#?}");
    }
    let base = row(&two, &[("kernel", "6.1.0")]);
    assert!(base.get("host").is_none_or(|h| !h.contains("dc")), "{two:#?}");
    let check = checked();
    let warned = said(
        &check,
        &[
            "uname-hosts-short-two-fqdn/6.1.0/dbench.txt:2",
            "host `web1`",
            "web1.dc1.example.com",
            "web1.dc2.example.com",
        ],
    );
    assert_eq!(warned.len(), 1, "{check}");
}
