use super::*;

fn read(text: &str) -> ParsedFile {
    Schbench.parse(&Input::from_text(text)).unwrap()
}

fn values(f: &ParsedFile, group: &str, name: &str) -> Vec<f64> {
    f.samples.iter().filter(|s| s.group == group && s.metric.name == name).map(|s| s.value.mean()).collect()
}

#[test]
fn v1_interim_reports_are_superseded() {
    let text = "./schbench -m 1 -t 128 -r 30\nwarmup done, zeroing stats\n\
        Wakeup Latencies percentiles (usec) runtime 10 (s) (82781 total samples)\n\
        \x20         50.0th: 5          (0 samples)\n          min=1, max=119\n\
        Request Latencies percentiles (usec) runtime 10 (s) (83326 total samples)\n\
        \x20         50.0th: 6008       (23170 samples)\n          min=5707, max=17204\ncurrent rps: 15869.42\n\
        Wakeup Latencies percentiles (usec) runtime 30 (s) (434591 total samples)\n\
        \x20       * 99.0th: 9          (14226 samples)\n          min=1, max=119\n\
        Request Latencies percentiles (usec) runtime 30 (s) (437859 total samples)\n\
        \x20         50.0th: 6008       (130576 samples)\n          min=5698, max=17204\n\
        RPS percentiles (requests) runtime 30 (s) (3 total samples)\n\
        \x20       * 50.0th: 17376      (1 samples)\n          min=15869, max=18042\naverage rps: 17108.70\n";
    let f = read(text);
    assert_eq!(values(&f, "wakeup", "50.0th"), Vec::<f64>::new());
    assert_eq!(values(&f, "wakeup", "99.0th"), vec![9.0]);
    assert_eq!(values(&f, "request", "min"), vec![5698.0]);
    assert_eq!(values(&f, "rps", "average rps"), vec![17108.70]);
    assert_eq!(values(&f, "rps", "50.0th"), vec![17376.0]);
    let s = &f.samples[0];
    assert_eq!(s.params.iter().map(|p| p.value.as_str()).collect::<Vec<_>>(), vec!["1", "128"]);
    assert_eq!(f.notes.len(), 2);
    assert!(f.notes.iter().all(|n| crate::parse::note_is_info(&n.1)));
}

/// schbench since 2024 prints `sched delay: message 0 (usec) worker 0
/// (usec)` inside each report, before `current rps:` (sched-bench's
/// i9/vanilla_nosmt/…/run_1.txt, shortened, its final 50.0th made 8 to
/// tell the two reports apart): the 10 s report is still an
/// interim one, superseded by the 15 s one. A label of another shape
/// between two reports still ends the stretch: both are runs.
#[test]
fn a_sched_delay_line_is_inside_the_report() {
    let text = "Wakeup Latencies percentiles (usec) runtime 10 (s) (19680 total samples)\n\
        \t  50.0th: 9          (6629 samples)\n\t  min=1, max=1382\n\
        RPS percentiles (requests) runtime 10 (s) (11 total samples)\n\
        \t* 50.0th: 1970       (3 samples)\n\t  min=1908, max=2004\n\
        sched delay: message 0 (usec) worker 0 (usec)\ncurrent rps: 1999.67\n\
        Wakeup Latencies percentiles (usec) runtime 15 (s) (29653 total samples)\n\
        \t  50.0th: 8          (8007 samples)\n\t  min=1, max=1382\n\
        RPS percentiles (requests) runtime 15 (s) (16 total samples)\n\
        \t* 50.0th: 1978       (3 samples)\n\t  min=1908, max=2005\n\
        average rps: 1978.00\nsched delay: message 0 (usec) worker 0 (usec)\n";
    let f = read(text);
    assert_eq!(values(&f, "wakeup", "50.0th"), vec![8.0]);
    assert_eq!(values(&f, "rps", "50.0th"), vec![1978.0]);
    assert_eq!(values(&f, "rps", "average rps"), vec![1978.0]);
    assert!(f.notes.iter().all(|n| crate::parse::note_is_info(&n.1)), "{:?}", f.notes);
    assert!(sched_delay("sched delay: message 48 (usec) worker 463 (usec)"));
    // Not schbench's line: a poster's label between two runs.
    assert!(!sched_delay("sched delay: off"));
    let labelled =
        text.replace("sched delay: message 0 (usec) worker 0 (usec)\ncurrent rps: 1999.67\n", "sched delay: off\n");
    assert_eq!(values(&read(&labelled), "wakeup", "50.0th"), vec![9.0, 8.0]);
}

/// sched-bench's i9/orig_nosmt/…/run_1.txt: one interval's block (reports,
/// `sched delay:`, `current rps:`) and the file ends, no `average rps:`:
/// read, with a warning that the run's final report is missing. Not where
/// `average rps:` follows, where `-r` measures the report (equal: read
/// quietly), nor where the block has no RPS report (a post's trimmed paste).
#[test]
fn a_file_ending_after_an_interval_block_is_warned_of() {
    let block = "Wakeup Latencies percentiles (usec) runtime 10 (s) (14898 total samples)\n\
        \t  50.0th: 8          (5018 samples)\n\t  min=1, max=205\n\
        RPS percentiles (requests) runtime 10 (s) (11 total samples)\n\
        \t* 50.0th: 1494       (6 samples)\n\t  min=1451, max=1496\n\
        sched delay: message 0 (usec) worker 3 (usec)\ncurrent rps: 1495.74\n";
    let warned = |f: &ParsedFile| f.notes.iter().any(|(_, m)| m.contains("the run's final report is missing"));
    let f = read(block);
    assert_eq!(values(&f, "wakeup", "50.0th"), vec![8.0]);
    assert_eq!(values(&f, "rps", "50.0th"), vec![1494.0]);
    let (line, msg) = f.notes.iter().find(|(_, m)| m.contains("final report is missing")).expect("warned");
    assert_eq!(*line, 8);
    assert!(msg.contains("first 10 s"), "{msg}");
    assert!(!crate::parse::note_is_info(msg));
    // The run's final figure follows: a whole run, no warning.
    assert!(!warned(&read(&format!("{block}average rps: 1495.74\n"))));
    // `-r 10` on the command line: the report is the run's whole length.
    let r10 = read(&format!("schbench -t 4 -m 2 -r 10\n{block}"));
    assert!(!warned(&r10));
    assert_eq!(values(&r10, "wakeup", "50.0th"), vec![8.0]);
    // No RPS report in the block: a poster's trimmed paste, not warned of.
    let trimmed = "Wakeup Latencies percentiles (usec) runtime 30 (s) (434591 total samples)\n\
        \t  50.0th: 6          (169879 samples)\n\t  min=1, max=119\ncurrent rps: 17311\n";
    assert!(!warned(&read(trimmed)));
}

/// sched-bench's i9/orig_nosmt/…/run_3.txt: `min=0, max=11227` under
/// request percentiles of 3924 usec and more. No request takes 0 usec: not
/// read, with a warning. A wakeup `min=0` (2016's form) and a request min
/// above 0 are read.
#[test]
fn a_request_min_of_zero_is_not_read() {
    let text = "Wakeup Latencies percentiles (usec) runtime 10 (s) (9918 total samples)\n\
        \t  50.0th: 8          (2189 samples)\n\t  min=0, max=159\n\
        Request Latencies percentiles (usec) runtime 10 (s) (9911 total samples)\n\
        \t  50.0th: 3924       (2239 samples)\n\t  99.9th: 8088       (64 samples)\n\
        \t  min=0, max=11227\n";
    let f = read(text);
    assert_eq!(values(&f, "request", "min"), Vec::<f64>::new());
    assert_eq!(values(&f, "request", "max"), vec![11227.0]);
    assert_eq!(values(&f, "wakeup", "min"), vec![0.0]);
    let (line, msg) = f.notes.iter().find(|(_, m)| m.contains("`min=0`")).expect("noted");
    assert_eq!(*line, 7);
    assert!(!crate::parse::note_is_info(msg));
    let kept = read(&text.replace("min=0, max=11227", "min=3861, max=11227"));
    assert_eq!(values(&kept, "request", "min"), vec![3861.0]);
    assert!(kept.notes.is_empty(), "{:?}", kept.notes);
}

#[test]
fn old_forms_labels_and_tables() {
    let text = "Without-patch\nLatency percentiles (usec)\n\t50.0000th: 29\n\t*99.0000th: 13104\n\tmin=0, max=17993\n\n\
        With-patch:\nLatency percentiles (usec)\n\t50.0000th: 29\n\t*99.0000th: 741 (-71%) <-----\n\tmin=0, max=29812\n\
        Latency percentiles (usec):\n50.0000th:         9                            13                 9\n";
    let f = read(text);
    assert_eq!(values(&f, "wakeup", "99.0th"), vec![13104.0, 741.0]);
    assert_eq!(values(&f, "wakeup", "max"), vec![17993.0, 29812.0]);
    assert_eq!(f.notes.len(), 2);
    let bad = Schbench.parse(&Input::from_text("Latency percentiles (usec)\n50.0th: x\n"));
    assert_eq!(bad.unwrap_err().line(), Some(2));
}

#[test]
fn a_file_ending_inside_a_report_loses_its_last_row_with_a_note() {
    let text =
        "Latency percentiles (usec) runtime 30 (s) (1000 total samples)\n  50.0th: 180 (502 samples)\n  75.0th: 22";
    let f = read(text);
    assert_eq!(values(&f, "wakeup", "50.0th"), vec![180.0]);
    assert!(values(&f, "wakeup", "75.0th").is_empty());
    assert_eq!(f.notes.len(), 1);
    // `average rps:` cut inside its two decimals: not read (nothing left).
    assert!(Schbench.parse(&Input::from_text("average rps: 6984.7\n")).is_err());
}

#[test]
fn runs_back_to_back_with_labels_are_both_read() {
    let text = "good\nLatency percentiles (usec) runtime 30 (s) (1000 total samples)\n  50.0th: 180 (502 samples)\n\
        min=25, max=1185\nbad\nLatency percentiles (usec) runtime 150 (s) (960 total samples)\n  50.0th: 166 (488 samples)\n\
        min=24, max=1310\n";
    assert_eq!(values(&read(text), "wakeup", "50.0th"), vec![180.0, 166.0]);
}

#[test]
fn words_after_average_rps_are_noted_and_a_last_row_with_its_count_is_whole() {
    let text = "RPS percentiles (requests) runtime 30 (s) (31 total samples)\n\
        \x20         20.0th: 896000     (8 samples)\n          min=881548, max=971101\n\
        average rps: 907530.10        <<< close to 40% drop in RPS.\n\
        RPS percentiles (requests) runtime 30 (s) (31 total samples)\n\
        \x20         20.0th: 654336     (7 samples)\n\
        \x20         90.0th: 666624     (11 samples)\n";
    let f = read(text);
    assert_eq!(values(&f, "rps", "average rps"), Vec::<f64>::new());
    assert!(f.notes.iter().any(|(n, s)| *n == 4 && s.contains("text after the value")));
    assert_eq!(values(&f, "rps", "90.0th"), vec![666624.0]);
    assert!(ends_with_sample_count("  90.0th: 666624     (11 samples)"));
    assert!(!ends_with_sample_count("  90.0th: 666624     (11 sampl"));
    assert!(!ends_with_sample_count("  99.9th: 11"));
}

/// The requested rate (`-R`) and pipe mode's size (`-p`) of the command
/// line are parameters, beside `-m` and `-t` (attacker's schR/r.txt: LKP
/// schbench/01.txt's first run with `-R 2000 -p 1024`, which was compared
/// with a plain run as one).
#[test]
fn rate_and_pipe_mode_of_the_command_line_are_parameters() {
    let report = "Wakeup Latencies percentiles (usec) runtime 30 (s) (82781 total samples)\n\
        \x20         50.0th: 5          (0 samples)\n          min=1, max=119\n";
    let params = |cmd: &str| -> Vec<String> {
        let f = read(&format!("Iteration : 1\n2023-04-19 17:08:51 {cmd}\nwarmup done, zeroing stats\n{report}"));
        let s = f.samples.iter().find(|s| s.metric.name == "50.0th").expect("50.0th");
        assert_eq!(s.value.mean(), 5.0);
        s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect()
    };
    assert_eq!(
        params("./schbench -m 1 -t 128 -r 30 -R 2000 -p 1024"),
        ["message_threads=1", "threads=128", "requested_rps=2000", "pipe_size=1024", "mode=pipe"]
    );
    assert_eq!(params("./schbench -m 1 -t 128 -r 30"), ["message_threads=1", "threads=128"]);
    assert_eq!(params("schbench --threads 4 --rps 500"), ["threads=4", "requested_rps=500"]);
}

/// attack24's sch/t85.txt (corpus-modern schbench/01.txt cut after 85
/// lines), shortened: iteration 2 of `-r 30` stops after its `runtime 20`
/// reports, the request one cut after `90.0th`. Neither is a run: only
/// iteration 1's final report is read.
#[test]
fn a_cut_runs_interim_report_is_no_run() {
    let text = "Iteration : 1\n./schbench -m 1 -t 128 -r 30\n\
        Request Latencies percentiles (usec) runtime 30 (s) (437859 total samples)\n\
        \x20         50.0th: 6008       (130576 samples)\n          min=5698, max=17204\n\
        average rps: 17108.70\nIteration : 2\n./schbench -m 1 -t 128 -r 30\n\
        Request Latencies percentiles (usec) runtime 10 (s) (75728 total samples)\n\
        \x20         50.0th: 10320      (21709 samples)\n          min=5664, max=15673\ncurrent rps: 14398.22\n\
        Request Latencies percentiles (usec) runtime 20 (s) (236755 total samples)\n\
        \x20         50.0th: 6120       (70526 samples)\n          90.0th: 11024      (95300 samples)\n";
    let f = read(text);
    assert_eq!(values(&f, "request", "50.0th"), vec![6008.0]);
    assert_eq!(values(&f, "request", "90.0th"), Vec::<f64>::new());
    assert!(f.notes.iter().any(|(l, m)| *l == 13 && m.contains("short of the run's `-r 30`")), "{:?}", f.notes);
}

#[test]
fn glued_options_and_an_average_rps_outside_min_max() {
    // Peter Zijlstra's EEVDF mail (2023-04): `-m2 … -r90`, and the RPS
    // report of a schbench whose RPS statistics were broken.
    let text = "chrt -b 0 ./schbench -m2 -F128 -n10 -r90\n\
        RPS percentiles (requests) runtime 90 (s) (9 total samples)\n\
        \t  20.0th: 6184       (9 samples)\n\
        \t* 50.0th: 6184       (0 samples)\n\
        \t  min=6173, max=6180\n\
        average rps: 6195.77\n";
    let f = Schbench.parse(&Input::from_text(text)).unwrap();
    assert!(f.samples.iter().all(|s| s.params.iter().any(|p| p.name == "message_threads" && p.value == "2")));
    assert_eq!(f.samples.len(), 5);
    assert_eq!(f.notes.len(), 1);
    assert_eq!(f.notes[0].0, 6);
    assert!(f.notes[0].1.contains("outside the RPS report's min=6173, max=6180"));
    assert_eq!(option_value(&["--threads=16"], &["-t", "--threads"]), Some("16"));
    assert_eq!(option_value(&["-F128", "-n10"], &["-m", "--message-threads"]), None);
}

/// An option given twice takes its last value, as getopt does (LKML 2025,
/// wild35a file 04: `-t 64 -n 0 -t 60` ran 60 threads, read as 64).
#[test]
fn an_option_given_twice_takes_its_last_value() {
    let args = ["-L", "-m", "4", "-M", "auto", "-t", "64", "-n", "0", "-t", "60", "-i", "60"];
    assert_eq!(option_value(&args, &["-t", "--threads"]), Some("60"));
    assert_eq!(option_value(&["-t64", "--threads=60"], &["-t", "--threads"]), Some("60"));
    let text = "./schbench -L -m 4 -M auto -t 64 -n 0 -t 60 -i 60\n\
        Wakeup Latencies percentiles (usec) runtime 30 (s) (18848611 total samples)\n\
        \t  50.0th: 115        (5721408 samples)\n\t  min=1, max=1487\n";
    let f = read(text);
    assert!(f.samples.iter().all(|s| s.params.iter().any(|p| p.name == "threads" && p.value == "60")), "{f:?}");
}

/// A poster's paste with the program's name before the header (`schbench
/// RPS percentiles (requests) …`, LKML 2025) is a report; `6.9: average
/// rps: …` (a label glued before) and tab-indented `average rps:` lines
/// under it are read.
#[test]
fn a_header_after_the_programs_name_and_labelled_averages_are_read() {
    let text = "schbench RPS percentiles (requests) runtime 60 (s) (61 total samples)\n\
        \t  20.0th: 1767424    (13 samples)\n\t  min=1733207, max=2027049\naverage rps: 1813674.47\n\n\
        6.9: average rps: 2117400.22\n     average rps: 2143333.58\n\n\
        001 bbce3de72be5 sched/eevdf: Fix se->slice\n\taverage rps: 1932495.83\n";
    assert!(Schbench.detect(&Input::from_text(text)) > 0);
    let f = read(text);
    assert_eq!(values(&f, "rps", "20.0th"), vec![1767424.0]);
    assert_eq!(values(&f, "rps", "average rps"), vec![1813674.47, 2117400.22, 2143333.58, 1932495.83]);
    assert_eq!(labelled_average("tip: average rps: 1925521.90"), Some(" 1925521.90"));
    assert_eq!(labelled_average("the new kernel gets average rps: 1925521.90"), None);
}

/// wild33 file 14 (fixture lkml-2022-11-schbench-tab-hand-table-…): the
/// reply's own `./schbench -m 1 -t 10 -r 30 -R 100` (unquoted) gave its
/// parameters to reports quoted from an earlier mail that shows no
/// command. Only a command at the report's own quote depth is its own.
#[test]
fn a_command_at_another_quote_depth_is_not_the_reports() {
    let report = "Latency percentiles (usec) runtime 30 (s) (4562 total samples)\n50.0th: 62528 (2281 samples)\n\
                  min=9, max=1074466\n";
    let quoted: String = report.lines().map(|l| format!("> {l}\n")).collect();
    let f = read(&format!("$ ./schbench -m 1 -t 10 -r 30 -R 100\n\n{quoted}"));
    assert_eq!(values(&f, "wakeup", "50.0th"), [62528.0]);
    assert!(f.samples.iter().all(|s| s.params.is_empty()), "{:?}", f.samples);
    let f = read(&format!("$ ./schbench -m 1 -t 10 -r 30 -R 100\n\n{report}"));
    assert!(f.samples.iter().all(|s| s.params.len() == 3), "{:?}", f.samples);
}

/// wild33 file 13 (LKML 2021-04): three kernels' reports pasted side by
/// side in `|` columns were skipped, then named in the reason; now each
/// column is read as its report under its name (the fixture
/// `lkml-2021-04-schbench-3-kernels-side-by-side-…` holds the whole post).
#[test]
fn reports_side_by_side_in_bar_columns_are_read_each_under_its_name() {
    let text = "Latency percentiles (usec) runtime 10 (s) (2545 total samples)\n\
                v5.12-rc5                  |  v5.12-rc5 + mc-llc                 | v5.12-rc5 + patchset\n\n\
                50.0th: 56 (1301 samples)  |     50.0th: 49 (1309 samples)       | 50.0th: 53 (1285 samples)\n\
                *99.0th: 12560 (102 samples)    *99.0th: 100 (97 samples)        | *99.0th: 108 (108 samples)\n";
    let f = read(text);
    let of = |label: &str| -> Vec<f64> {
        f.samples
            .iter()
            .filter(|s| s.params.iter().any(|p| p.name == "label" && p.value == label))
            .map(|s| s.value.mean())
            .collect()
    };
    assert_eq!(of("v5.12-rc5"), [56.0, 12560.0]);
    assert_eq!(of("v5.12-rc5 + mc-llc"), [49.0, 100.0]);
    assert_eq!(of("v5.12-rc5 + patchset"), [53.0, 108.0]);
    // Without the line naming them: `column N`, with a note.
    let f = read(
        &text.replace("v5.12-rc5                  |  v5.12-rc5 + mc-llc                 | v5.12-rc5 + patchset", ""),
    );
    assert!(f.samples.iter().any(|s| s.params.iter().any(|p| p.value == "column 3")));
    assert!(f.notes.iter().any(|(_, n)| n.contains("labelled `column N`")), "{:?}", f.notes);
    // A row of two cells among three columns: read in none, a note.
    let f = read(&text.replace("| 50.0th: 53 (1285 samples)", ""));
    assert!(f.samples.iter().all(|s| s.line != 4));
    assert!(f.notes.iter().any(|(l, n)| *l == 4 && n.contains("2 schbench cell(s)")), "{:?}", f.notes);
    assert_eq!(reports_side_by_side("| 50.0th: 56 (1301 samples) |"), None);
    assert_eq!(reports_side_by_side("a | b | c"), None);
    // Cells are found byte by byte: text of several bytes a character is no panic.
    assert_eq!(cell_starts("µs 50.0th: 5 | ü 50.0th: 6 | min=1"), [4, 19, 31]);
}

/// attack38 #16/#17 (c15/c16): Chris Mason's pipe-mode block (LKML
/// 2023-06, `avg worker transfer:` after its wakeup report) above Shrikanth
/// Hegde's normal run (LKML 2025-07), no command lines: the pipe block's
/// wakeup percentiles carry `mode=pipe`, the normal run's none, so they are
/// never averaged or compared as one set-up.
#[test]
fn a_pipe_mode_blocks_wakeup_report_carries_mode_pipe() {
    let text = "Wakeup Latencies percentiles (usec) runtime 10 (s) (14674354 total samples)\n\
        \x20         50.0th: 11         (2879648 samples)\n\
        \x20       * 99.0th: 70         (1282166 samples)\n\
        \x20         min=1, max=9312\n\
        avg worker transfer: 28211.91 ops/sec 13.78MB/s\n\
        \n\
        Wakeup Latencies percentiles (usec) runtime 30 (s) (18848611 total samples)\n\
        \t  50.0th: 115        (5721408 samples)\n\
        \t* 99.0th: 316        (1670597 samples)\n\
        \t  min=1, max=1487\n\
        \n\
        RPS percentiles (requests) runtime 30 (s) (31 total samples)\n\
        \t* 50.0th: 629760     (15 samples)\n\
        \t  min=617820, max=635475\n\
        average rps: 628514.30\n";
    let f = read(text);
    let modes = |name: &str| -> Vec<(f64, Vec<String>)> {
        f.samples
            .iter()
            .filter(|s| s.group == "wakeup" && s.metric.name == name)
            .map(|s| (s.value.mean(), s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect()))
            .collect()
    };
    assert_eq!(modes("50.0th"), vec![(11.0, vec!["mode=pipe".to_string()]), (115.0, vec![])]);
    assert!(f.samples.iter().filter(|s| s.group == "rps").all(|s| s.params.is_empty()));
    // With `-p` on the command line, `mode=pipe` beside `pipe_size`
    // (attack39 #9: a block without the command line says it by `mode`
    // alone, and the note said "6.2's rows also have mode pipe, which
    // 6.1's do not" of 6.1's `-p 512` run); the transfer figure too.
    let f = read(&format!("./schbench -m 52 -p 512 -r 10 -t 1\n{text}"));
    let pipe = |s: &Sample| s.params.iter().any(|p| p.name == "mode" && p.value == "pipe");
    assert!(f.samples.iter().take(4).all(pipe), "{:?}", f.samples);
    assert!(f.samples.iter().filter(|s| s.group == "pipe").all(pipe));
}

/// attack39 #9 (s03): a pipe block posted without its `avg worker
/// transfer:` line is still pipe mode's: schbench 1.x prints a `20.0th`
/// row in pipe mode's wakeup report only (`PLIST_20 | PLIST_FOR_LAT`).
/// Must not fire on a normal run's wakeup report (from `50.0th`) or on
/// its RPS report's `20.0th`.
#[test]
fn a_wakeup_report_with_a_20th_percentile_is_pipe_modes() {
    let trimmed = "Wakeup Latencies percentiles (usec) runtime 10 (s) (6448414 total samples)\n\
        \x20         20.0th: 30         (1383423 samples)\n\
        \x20         50.0th: 39         (1986827 samples)\n\
        \x20       * 99.0th: 108        (567275 samples)\n\
        \x20         min=1, max=15018\n\
        \n\
        Wakeup Latencies percentiles (usec) runtime 30 (s) (18848611 total samples)\n\
        \t  50.0th: 115        (5721408 samples)\n\
        \t* 99.0th: 316        (1670597 samples)\n\
        \t  min=1, max=1487\n\
        \n\
        RPS percentiles (requests) runtime 30 (s) (31 total samples)\n\
        \t  20.0th: 623616     (7 samples)\n\
        \t* 50.0th: 629760     (15 samples)\n\
        \t  min=617820, max=635475\n\
        average rps: 628514.30\n";
    let f = read(trimmed);
    let pipe: Vec<(usize, bool)> =
        f.samples.iter().map(|s| (s.line, s.params.iter().any(|p| p.name == "mode" && p.value == "pipe"))).collect();
    let want: Vec<(usize, bool)> = f.samples.iter().map(|s| (s.line, s.line <= 5)).collect();
    assert_eq!(pipe, want);
    assert_eq!(f.samples.iter().filter(|s| s.line <= 5).count(), 5);
}

/// The interim report of sched-bench's i9/vanilla run_1.txt (lines 1-18 of
/// the fixture github-2026-05-sched-bench-i9-vanilla-…), as attack40's s-
/// cases cut it.
const INTERIM_10S: &str = "Wakeup Latencies percentiles (usec) runtime 10 (s) (19680 total samples)\n\
    \t  50.0th: 9          (6629 samples)\n\t  min=1, max=1382\n\
    Request Latencies percentiles (usec) runtime 10 (s) (19682 total samples)\n\
    \t  50.0th: 3940       (6718 samples)\n\t  min=3864, max=12009\n\
    RPS percentiles (requests) runtime 10 (s) (11 total samples)\n\
    \t* 50.0th: 1970       (3 samples)\n\t  min=1908, max=2004\n\
    sched delay: message 0 (usec) worker 0 (usec)\n";

/// attack40 F12 (s13): `-r 15` on the command line and only the 10 s
/// report: a run cut short, read with a warning at its last report (was:
/// the file skipped, "no percentile report", no line). A whole run after
/// it (an earlier iteration's full report read) keeps the old rule:
/// `a_cut_runs_interim_report_is_no_run`.
#[test]
fn a_cut_run_short_of_its_r_is_read_with_a_warning() {
    let f = read(&format!("$ ./schbench -m 2 -t 16 -r 15 -i 10\n{INTERIM_10S}"));
    assert_eq!(values(&f, "wakeup", "50.0th"), vec![9.0]);
    assert_eq!(values(&f, "rps", "50.0th"), vec![1970.0]);
    let msgs: Vec<(usize, &str)> = f.notes.iter().map(|(l, m)| (*l, m.as_str())).collect();
    assert_eq!(msgs.len(), 1, "{msgs:?}");
    assert_eq!(msgs[0].0, 8, "{msgs:?}");
    assert!(msgs[0].1.contains("short of the run's `-r 15`") && msgs[0].1.contains("first 10 s"), "{msgs:?}");
    assert!(!crate::parse::note_is_info(msgs[0].1));
    // attack41 F21: its figures are kept apart from whole runs'.
    let cut = |f: &ParsedFile| {
        f.samples
            .iter()
            .map(|s| s.params.iter().find(|p| p.name == CUT_PARAM).map(|p| p.value.to_string()))
            .collect::<Vec<_>>()
    };
    assert!(!f.samples.is_empty() && cut(&f).iter().all(|c| c.as_deref() == Some("first 10 s")), "{:?}", f.samples);
    // Must not fire: `-r 10`, the report's own length.
    let whole = read(&format!("$ ./schbench -m 2 -t 16 -r 10\n{INTERIM_10S}average rps: 1970.00\n"));
    assert!(whole.notes.is_empty(), "{:?}", whole.notes);
    assert!(cut(&whole).iter().all(Option::is_none), "{:?}", whole.samples);
}

/// attack40 F13: a run cut after an interval's `sched delay:` line (no
/// `current rps:`) is warned of as one cut after `current rps:` is (s03);
/// a cut inside the final report, after its wakeup and request reports
/// (s06), leaves the 10 s RPS report unread beside the 15 s latencies,
/// warned. The final report's `sched delay:` after `average rps:` is no
/// such line (must not fire).
#[test]
fn a_run_cut_after_sched_delay_or_inside_its_final_report_is_warned_of() {
    let cut = |f: &ParsedFile| f.notes.iter().any(|(_, m)| m.contains("the run's final report is missing"));
    let f = read(INTERIM_10S);
    assert!(cut(&f), "{:?}", f.notes);
    assert_eq!(values(&f, "rps", "50.0th"), vec![1970.0]);
    let fin = "Wakeup Latencies percentiles (usec) runtime 15 (s) (29653 total samples)\n\
        \t  50.0th: 8          (8007 samples)\n\t  min=1, max=1382\n\
        Request Latencies percentiles (usec) runtime 15 (s) (29670 total samples)\n\
        \t  50.0th: 3940       (9993 samples)\n\t  min=3864, max=12009\n";
    let mixed = read(&format!("{INTERIM_10S}current rps: 1999.67\n{fin}"));
    assert_eq!(values(&mixed, "wakeup", "50.0th"), vec![8.0]);
    assert_eq!(values(&mixed, "rps", "50.0th"), Vec::<f64>::new());
    assert!(
        mixed.notes.iter().any(|(l, m)| *l == 7 && m.contains("rps report of runtime 10 s not read")),
        "{:?}",
        mixed.notes
    );
    let whole = format!(
        "{INTERIM_10S}current rps: 1999.67\n{fin}RPS percentiles (requests) runtime 15 (s) (16 total samples)\n\
         \t* 50.0th: 1978       (3 samples)\n\t  min=1908, max=2005\naverage rps: 1978.00\n\
         sched delay: message 0 (usec) worker 0 (usec)\n"
    );
    let whole = read(&whole);
    assert_eq!(values(&whole, "rps", "50.0th"), vec![1978.0]);
    assert!(whole.notes.iter().all(|(_, m)| crate::parse::note_is_info(m)), "{:?}", whole.notes);
}

/// schbench's README (wildmod42): `--calibrate` (or `-C`) runs time the
/// request's matrix math alone, so their figures carry `mode=calibrate` and
/// are not averaged with a normal run of the same `-F`/`-n`. 2016's `-c`
/// (`--cputime`, with a value) and a plain run are no calibration (must
/// not fire).
#[test]
fn a_calibration_run_is_a_mode_of_its_own() {
    let report = "Request Latencies percentiles (usec) runtime 10 (s) (30246 total samples)\n\
        \t  50.0th: 16864      (10050 samples)\n\t  min=9243, max=27964\n";
    let mode = |cmd: &str| {
        let f = read(&format!("{cmd}\n{report}"));
        let s = f.samples.first().expect("a sample");
        s.params.iter().find(|p| p.name == "mode").map(|p| p.value.to_string())
    };
    assert_eq!(mode(" ./schbench -F 256 -n 5 --calibrate -r 10").as_deref(), Some("calibrate"));
    assert_eq!(mode("./schbench -F128 -n10 -C").as_deref(), Some("calibrate"));
    assert_eq!(mode("./schbench -F 256 -n 5 -r 90"), None);
    assert_eq!(mode("./schbench -m 2 -t 16 -c 30000 -s 30000"), None);
}

/// attack61 F4: the ipcc post's schbench 1.x reports (GitHub 2026-05)
/// with a kernel log line after the wakeup report's `99.0th`: its 99.9th,
/// min and max were dropped, no word. Read through, said at the line.
#[test]
fn one_foreign_line_between_two_rows_of_a_report_is_read_through() {
    let text = "Wakeup Latencies percentiles (usec) runtime 10 (s) (14898 total samples)\n\
        \t  50.0th: 8          (5018 samples)\n\
        \t  90.0th: 73         (5015 samples)\n\
        \t* 99.0th: 98         (1316 samples)\n\
        [ 1234.567890] perf: interrupt took too long (2503 > 2500), lowering kernel.perf_event_max_sample_rate to 79000\n\
        \t  99.9th: 126        (122 samples)\n\
        \t  min=1, max=205\n\
        Request Latencies percentiles (usec) runtime 10 (s) (14893 total samples)\n\
        \t  50.0th: 3932       (3695 samples)\n\
        \t  min=3867, max=10473\n";
    let f = read(text);
    assert_eq!(values(&f, "wakeup", "99.9th"), vec![126.0]);
    assert_eq!(values(&f, "wakeup", "max"), vec![205.0]);
    assert_eq!(values(&f, "request", "50.0th"), vec![3932.0]);
    assert!(f.notes.iter().any(|(l, n)| *l == 5 && n.contains("read through it")), "{:?}", f.notes);
}

/// attack61 (repro sch-twice): the i9 ipcc file's one cut-short 10 s run
/// pasted twice had its first copy "superseded by the cumulative report"
/// of the second, though a later report of the same runtime counting no
/// more samples is no cumulative one. Now neither is called superseded:
/// the same text twice is counted once by the near-copy check, and a
/// second run of the same length (a figure differs) is read as a run.
#[test]
fn a_report_of_the_same_runtime_and_samples_supersedes_nothing() {
    let one = include_str!(
        "../../../tests/fixtures/wild/schbench/github-2026-05-sched-bench-i9-ipcc-one-interval-block-then-end-no-average-rps.txt"
    );
    let twice = format!("{one}{one}");
    let f = read(&twice);
    assert!(f.notes.iter().all(|n| !n.1.contains("supersedes")), "{:?}", f.notes);
    let edited = format!("{one}{}", one.replacen("50.0th: 8 ", "50.0th: 9 ", 1));
    let f = read(&edited);
    assert!(f.notes.iter().all(|n| !n.1.contains("supersedes")), "{:?}", f.notes);
    assert_eq!(values(&f, "wakeup", "50.0th"), [8.0, 9.0]);
}
