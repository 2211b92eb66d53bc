use super::*;

fn params(s: &Sample) -> String {
    s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect::<Vec<_>>().join(" ")
}

fn read(text: &str) -> ParsedFile {
    PerfBench.parse(&Input::from_text(text)).unwrap()
}

#[test]
fn sched_pipe_and_messaging() {
    let f = read(
        "$ perf bench sched messaging -p -l 1000\n# Running 'sched/messaging' benchmark:\n\
         # 20 sender and receiver threads per group\n# 10 groups == 400 threads run\n\n     Total time: 0.456 [sec]\n\
         # Running 'sched/pipe' benchmark:\n# Executed 50000 pipe operations between two threads\n\n\
         \x20    Total time: 0.980 [sec]\n\n       19.609160 usecs/op\n           50996 ops/sec\n",
    );
    assert_eq!(f.samples.len(), 4);
    assert_eq!(f.samples[0].group, "sched/messaging");
    assert_eq!(params(&f.samples[0]), "mode=thread senders=20 groups=10 ipc=pipe loops=1000");
    assert_eq!(f.samples[0].value.mean(), 0.456);
    assert_eq!(params(&f.samples[2]), "mode=thread loops=50000");
    assert_eq!((f.samples[3].metric.name.as_str(), f.samples[3].value.mean()), ("ops/sec", 50996.0));
    assert!(f.notes.is_empty());
}

/// A terminal's echo of a long command written over the header (a QEMU
/// guest's log, LKML 2024): the quoted name still names the run.
#[test]
fn a_header_with_a_commands_echo_after_it_is_a_header() {
    let f = read(
        "$ taskset -c 0-31,32-63 perf bench sched messaging -p -t -l 100000 -g 2\n\
         # Running 'sched/messaging' benchmark:0-31,32-63 perf bench sched \nmessaging -p -t -l 100000 -g 2\n\
         # 20 sender and receiver threads per group\n# 2 groups == 80 threads run\n\n      Total time: 13.835 [sec]\n",
    );
    assert_eq!(f.samples.len(), 1);
    assert_eq!((f.samples[0].group.as_str(), f.samples[0].value.mean()), ("sched/messaging", 13.835));
    assert_eq!(header("# Running 'sched/pipe' benchmark:"), Some("sched/pipe"));
    assert_eq!(header("# Running 'sched/pipe' benchmarks"), None);
}

#[test]
fn mem_units_are_one() {
    let f = read(
        "# Running 'mem/memcpy' benchmark:\n# Copying 1MB Bytes from 0x7f30d049a010 to 0x7f30d28c6010 ...\n\n\
         \x20     969.932105 MB/Sec\n       1.5 GB/sec (with prefault)\n",
    );
    assert_eq!(f.samples.len(), 2);
    assert!((f.samples[0].value.mean() - 969.932105 / 1024.0).abs() < 1e-12);
    assert_eq!(f.samples[0].metric.unit, "GB/sec");
    assert_eq!(params(&f.samples[1]), "size=1MB prefault=yes");
}

#[test]
fn futex_runs_not_the_mean() {
    let f = read(
        "# Running 'futex/requeue' benchmark:\n\
         Run summary [PID 3041]: Requeuing 8 threads (from [shared] 0x55d99d0529dc to 0x55d99d0529d8), 1 at a time.\n\n\
         [Run 1]: Requeued 8 of 8 threads in 0.0140 ms\n[Run 2]: Requeued 8 of 8 threads in 0.0120 ms\n\
         Requeued 8 of 8 threads in 0.0130 ms (+-3.86%)\n",
    );
    assert_eq!(f.samples.iter().map(|s| s.value.mean()).collect::<Vec<_>>(), vec![0.014, 0.012]);
    assert_eq!(params(&f.samples[0]), "threads=8 scope=shared");
    let silent = read("# Running 'futex/wake' benchmark:\nWokeup 8 of 8 threads in 0.0186 ms (+-3.12%)\n");
    assert_eq!(silent.samples.len(), 1);
    assert_eq!(silent.notes.len(), 1);
}

#[test]
fn futex_run_summary_wrapped_by_a_mail_keeps_the_result() {
    // Peter Puhov's sched/fair patch mail (LKML 2020): tab-indented, the
    // summary wrapped before `(at …`, an arrow after the figure.
    let f = read(
        "\t# Running 'futex/wake' benchmark:\n\tRun summary [PID 2414]: blocking on 128 threads \n\
         \t\t\t(at [private] futex 0xaaaab663a154), waking up 1 at a time.\n\
         \tWokeup 128 of 128 threads in 0.2852 ms (+-1.86%) << lower is better\n",
    );
    assert_eq!(f.samples.iter().map(|s| s.value.mean()).collect::<Vec<_>>(), vec![0.2852]);
    assert_eq!(params(&f.samples[0]), "threads=128 scope=private");
}

#[test]
fn unknown_suites_orphans_and_damage() {
    let f = read(
        "# Running 'epoll/wait' benchmark:\nTotal time: 1.0 [sec]\n# Executed 10 getppid() calls\nTotal time: 2.0 [sec]\n",
    );
    assert_eq!(f.samples.len(), 1);
    assert_eq!(f.samples[0].group, "syscall/basic");
    assert_eq!(f.notes.len(), 1);
    let orphan = PerfBench.parse(&Input::from_text("Total time: 1.0 [sec]\n"));
    assert!(matches!(orphan, Err(ParseError::NoResults { .. })));
    let bad = PerfBench.parse(&Input::from_text("# Running 'sched/pipe' benchmark:\nTotal time: x [sec]\n"));
    assert_eq!(bad.unwrap_err().line(), Some(2));
}

#[test]
fn syscall_runs_without_headers_take_their_benchmark_names() {
    let f = read(
        "# Executed 10000000 getppid() calls\n     Total time: 1.234 [sec]\n\n\
         # Executed 10000 fork() calls\n     Total time: 0.789 [sec]\n\
         # Running 'syscall/basic' benchmark:\n# Executed 10 getppid() calls\n     Total time: 0.5 [sec]\n",
    );
    let groups: Vec<&str> = f.samples.iter().map(|s| s.group.as_str()).collect();
    assert_eq!(groups, vec!["syscall/basic", "syscall/fork", "syscall/basic"]);
    assert_eq!(params(&f.samples[1]), "syscall=fork loops=10000");
}

#[test]
fn a_run_that_failed_is_named_not_passed_over() {
    // Arnaldo Carvalho de Melo's reply on `perf bench sched pipe -G` (LKML
    // 2023): perf's error under the header, then no result.
    let failed = "# Running 'sched/pipe' benchmark:\nno access to cgroup /sys/fs/cgroup/AAA\n";
    let e = PerfBench.parse(&Input::from_text(failed)).unwrap_err();
    assert_eq!(e.line(), Some(2));
    assert!(e.to_string().contains("no access to cgroup"));
    // Beside a run that gave its result: a note at the failed one's header.
    let text = "# Running 'sched/pipe' benchmark:\n[root@five ~]#\n\
        # Running 'sched/pipe' benchmark:\n# Executed 1000000 pipe operations between two processes\n\
        \x20    Total time: 8.410 [sec]\n";
    let f = PerfBench.parse(&Input::from_text(text)).unwrap();
    assert_eq!(f.samples.len(), 1);
    assert_eq!(f.notes, vec![(1, "perf bench sched/pipe gave no result under this header".to_string())]);
}

#[test]
fn futex_hash_command_without_header_and_its_bucket_options() {
    // LKML 2025 (futex private hash): the poster kept `./perf bench futex
    // hash -Ib512` and perf's summary, not the header between them.
    let text = "./perf bench futex hash\nAveraged 1559643 operations/sec (+- 0.09%), total secs = 10\n\
                Futex hashing: global hash\n\n./perf bench futex hash -Ib512 -t 8\n\
                Averaged 1536035 operations/sec (+- 0.11%), total secs = 10\n\
                Futex hashing: 512 hash buckets (immutable)\n";
    let input = Input::from_text(text);
    assert!(PerfBench.detect(&input) >= 80);
    let got = read(text);
    assert_eq!(got.samples.len(), 2);
    assert_eq!(got.samples[0].group, "futex/hash");
    assert_eq!(params(&got.samples[0]), "");
    assert_eq!(params(&got.samples[1]), "immutable=yes buckets=512 threads=8");
    assert_eq!(got.samples[1].value, crate::model::Value::Single { value: 1536035.0 });
}

/// `perf bench futex hash` in a German locale prints its integer mean with
/// thousands separators (`Averaged 1.487.148 operations/sec (+- 0,53%)`,
/// linux-kernel 2025): 1487148, never 1.487; `42.410` is 42410.
#[test]
fn futex_hash_mean_with_a_locales_thousands_separators() {
    let f = read(
        "# Running 'futex/hash' benchmark:\nRun summary [PID 1]: 32 threads, each operating on 1024 [shared] futexes for 10 secs.\n\n\
         Averaged 1.487.148 operations/sec (+- 0,53%), total secs = 10\n\
         # Running 'futex/hash' benchmark:\nRun summary [PID 2]: 144 threads, each operating on 1024 [shared] futexes for 20 secs.\n\n\
         Averaged 42.410 operations/sec (+- 0,20%), total secs = 20\n",
    );
    let values: Vec<f64> = f.samples.iter().map(|s| s.value.mean()).collect();
    assert_eq!(values, [1487148.0, 42410.0]);
    for bad in ["Averaged 1.48.148 operations/sec", "Averaged 1.487,148 operations/sec"] {
        assert!(PerfBench.parse(&Input::from_text(&format!("# Running 'futex/hash' benchmark:\n{bad}\n"))).is_err());
    }
}

#[test]
fn set_ups_glued_before_averaged_under_prose_quoting_the_command() {
    let text = "For comparison, results of \"perf bench futex hash -s\":\n\
                shared  Averaged 1.487.148 operations/sec (+- 0,53%), total secs = 10\n\
                -Ib128  Averaged   851.490 operations/sec (+- 0,67%), total secs = 10\n\
                fast    Averaged   100 operations/sec (+- 0,67%), total secs = 10\n";
    assert_eq!(PerfBench.detect(&Input::from_text(text)), 85);
    let f = read(text);
    let got: Vec<(String, f64)> = f.samples.iter().map(|s| (params(s), s.value.mean())).collect();
    assert_eq!(
        got,
        [
            ("scope=shared".to_string(), 1487148.0),
            ("immutable=yes buckets=128".to_string(), 851490.0),
            ("setup=fast".to_string(), 100.0)
        ]
    );
    assert!(f.samples.iter().all(|s| s.group == "futex/hash"));
    // Without the prose naming the command, nothing says which benchmark.
    let bare = "shared  Averaged 1.487.148 operations/sec (+- 0,53%), total secs = 10\n";
    assert_eq!(PerfBench.detect(&Input::from_text(bare)), 0);
}

/// perf bench uprobe (2023) is not read: a note at each header, its
/// result lines with thousands separators are its own (they were an error
/// at `1,053.963 usecs/op` that lost the file), and a suite read after it
/// is read; perf's `%'` figures are read where a read suite prints them.
#[test]
fn a_suite_not_read_is_a_note_and_thousands_separators_are_read() {
    let text = "# Running uprobe/baseline benchmark...\n# Executed 1,000 usleep(1000) calls\n\
        \x20    Total time: 1,053,963 usecs\n\n 1,053.963 usecs/op\n\n\
        # Running 'syscall/basic' benchmark:\n# Executed 10000000 getppid() calls\n\
        \x20    Total time: 2.917 [sec]\n\n       0.291700 usecs/op\n       3,428,179 ops/sec\n";
    let f = PerfBench.parse(&Input::from_text(text)).unwrap();
    let got: Vec<(usize, f64)> = f.samples.iter().map(|s| (s.line, s.value.mean())).collect();
    assert_eq!(got, vec![(9, 2.917), (11, 0.2917), (12, 3428179.0)]);
    assert!(f.notes.iter().any(|(l, m)| *l == 1 && m.contains("uprobe/baseline is not read")), "{:?}", f.notes);
    match PerfBench.parse(&Input::from_text(&text[..text.find("# Running 'syscall").unwrap()])) {
        Err(ParseError::NoResults { reason, .. }) => {
            assert!(reason.starts_with("line 1: perf bench uprobe"), "{reason}")
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(number("1,053.963"), Some(1053.963));
    assert_eq!(number("1,05.3"), None);
    assert_eq!(number("12,3456"), None);
}

/// LKML 2021 (wild32 file 10): `Total time: 10X.XXX [sec]`, a placeholder
/// in the poster's sample output, then the medians typed by hand in `[sec]`:
/// the error names those lines too.
#[test]
fn a_placeholder_total_time_names_the_hand_typed_figures_below() {
    let text = "# Running 'sched/messaging' benchmark:\n# 20 sender and receiver threads per group\n\
                \x20   Total time: 10X.XXX [sec]\n\nBaseline (no perf-stat)                 104.873 [sec]\n\
                # global\nperf stat -a                            107.887 [sec]\n";
    let e = PerfBench.parse(&Input::from_text(text)).unwrap_err();
    assert_eq!(e.line(), Some(3));
    let m = e.message();
    assert!(m.contains("typed by hand at lines 5-7, `Baseline (no perf-stat) 104.873 [sec]`"), "{m}");
}

/// wildmod43: a riscv PMU cover letter's `perf record … \` wrapped its
/// `perf bench sched messaging -g 1 -l 10` onto the next line, after
/// `-e iTLB-load-misses -c 10000`: the run lost `-l 10` (loops) and was
/// another set-up than the same command under perf stat.
#[test]
fn a_bench_command_carried_on_after_a_wrappers_backslash_is_read() {
    let f = read(
        "[root@fedora-riscv ~]# perf record -e cycles -e instructions -e dTLB-load-misses -e dTLB-store-misses \\\n\
         -e iTLB-load-misses -c 10000 perf bench sched messaging -g 1 -l 10\n# Running 'sched/messaging' benchmark:\n\
         # 20 sender and receiver processes per group\n# 1 groups == 40 processes run\n\n     Total time: 2.160 [sec]\n",
    );
    assert_eq!(f.samples.len(), 1);
    assert_eq!(params(&f.samples[0]), "mode=process senders=20 groups=1 ipc=socket loops=10");
}

/// What the carried-on rule must NOT read: a line naming `perf bench`
/// with no `\` on the line above, and prose after a `\` line.
#[test]
fn perf_bench_named_without_a_backslash_above_is_no_command() {
    assert_eq!(continued_bench_args("-e iTLB-load-misses perf bench sched messaging -l 10", false), None);
    assert_eq!(continued_bench_args("then perf bench sched messaging -l 10 was run", true), None);
    assert_eq!(continued_bench_args("-c 10000 perf record -e cycles", true), None);
    assert_eq!(
        continued_bench_args("-c 10000 perf bench sched messaging -l 10", true),
        Some(vec!["sched".to_string(), "messaging".into(), "-l".into(), "10".into()])
    );
    // A `-l 10` carried on with no `\` above: the loops stay unknown.
    let f = read(
        "perf record -c 10000\n-e x perf bench sched messaging -g 1 -l 10\n# Running 'sched/messaging' benchmark:\n\
         # 20 sender and receiver processes per group\n# 1 groups == 40 processes run\n\n     Total time: 2.160 [sec]\n",
    );
    assert_eq!(params(&f.samples[0]), "mode=process senders=20 groups=1");
}

/// `-f simple`: no header, sched messaging's and pipe's total time alone
/// on the line after the command (a sched-ext PR, wildmod48: left out
/// without a word). Its parameters come from the command line.
#[test]
fn the_simple_format_is_the_total_time_alone() {
    let text = "$ perf bench -f simple sched messaging -t -g 24 -l 10000\n16.135\n\
                $ perf bench --format=simple sched pipe\n8.091\n";
    assert_eq!(PerfBench.detect(&Input::from_text(text)), 85);
    let f = read(text);
    assert_eq!(f.samples.len(), 2);
    assert_eq!((f.samples[0].group.as_str(), f.samples[0].value.mean()), ("sched/messaging", 16.135));
    assert_eq!(params(&f.samples[0]), "mode=thread groups=24 ipc=socket loops=10000");
    assert_eq!((f.samples[1].group.as_str(), f.samples[1].value.mean(), f.samples[1].line), ("sched/pipe", 8.091, 4));
    // The default format's header is no `-f simple` output.
    assert!(!simple_run("$ perf bench sched messaging", "16.135"));
}

/// `-f simple`'s `0.000` (the sched-ext PR's command, its `16.135` put to
/// 0): no time measured, warned and not read as the default format's
/// `Total time: 0.000 [sec]` is (review61 parse #4: read as 0 s, the best
/// of any run); alone in a file, the reason says so.
#[test]
fn a_simple_total_time_of_zero_is_not_read() {
    let text = "$ perf bench -f simple sched messaging -t -g 24 -l 10000\n0.000\n\
                $ perf bench --format=simple sched pipe\n8.091\n";
    let f = read(text);
    assert_eq!(f.samples.len(), 1);
    assert_eq!((f.samples[0].group.as_str(), f.samples[0].line), ("sched/pipe", 4));
    assert!(f.notes.iter().any(|(n, m)| *n == 2 && m.starts_with("`0.000`: a run shorter than the millisecond")));
    let alone = "$ perf bench -f simple sched messaging -t -g 24 -l 10000\n0.000\n";
    let Err(e) = PerfBench.parse(&Input::from_text(alone)) else { panic!("read") };
    assert!(e.to_string().contains("line 2: `0.000`: a run shorter"), "{e}");
}

/// perf bench breakpoint (perf 5.19+): thread's header line gives
/// `repeat`, `breakpoints`, `parallelism`, its command `threads`; a run
/// printed bare under its command (`perf bench --repeat=20000 breakpoint
/// enable --passive=224 --active=0` / `585.318400 usecs/op`, Dmitry
/// Vyukov's commit message, LKML 2022-05) takes the command's options, the
/// perf-bench-level `--repeat` before the suite no longer hiding it.
#[test]
fn breakpoint_thread_and_enable() {
    let f = read(
        "$ perf bench -r 30 breakpoint thread -b 4 -p 64 -t 64\n# Running 'breakpoint/thread' benchmark:\n\
         # Created/joined 30 threads with 4 breakpoints and 64 parallelism\n     Total time: 236.418 [sec]\n\n\
         \x20  123134.794271 usecs/op\n  7880626.833333 usecs/op/cpu\n\n\
         perf bench --repeat=20000 breakpoint enable --passive=224 --active=0\n     585.318400 usecs/op\n",
    );
    assert_eq!(f.samples.len(), 4);
    assert_eq!(f.samples[0].group, "breakpoint/thread");
    assert_eq!(params(&f.samples[0]), "repeat=30 breakpoints=4 parallelism=64 threads=64");
    assert_eq!((f.samples[2].metric.name.as_str(), f.samples[2].value.mean()), ("usecs/op/cpu", 7880626.833333));
    assert_eq!(f.samples[3].group, "breakpoint/enable");
    assert_eq!(params(&f.samples[3]), "repeat=20000 passive=224 active=0");
    assert_eq!(f.samples[3].value.mean(), 585.3184);
}

/// sched pipe's `-n` and `-G` are set-ups perf prints nowhere: read from
/// the command line; a `-G` run perf could not move into its cgroups
/// (`cannot enter to cgroup:`, acme, LKML 2023-10) gets no `cgroups`.
#[test]
fn sched_pipe_nonblocking_and_cgroups_from_the_command() {
    let run = |cmd: &str, extra: &str| {
        format!(
            "$ perf bench sched pipe {cmd}\n# Running 'sched/pipe' benchmark:\n{extra}\
             # Executed 1000000 pipe operations between two processes\n\n     Total time: 6.303 [sec]\n"
        )
    };
    let f = read(&run("-n", ""));
    assert_eq!(params(&f.samples[0]), "mode=process loops=1000000 nonblocking=yes");
    let f = read(&run("-G AAA,BBB", ""));
    assert_eq!(params(&f.samples[0]), "mode=process loops=1000000 cgroups=AAA,BBB");
    let f =
        read(&run("-G AAA,BBB", "cannot enter to cgroup: AAA (written=-1, len=6, errno=Operation not supported)\n"));
    assert_eq!(params(&f.samples[0]), "mode=process loops=1000000");
}

/// attack61 F2: the sched/messaging run of the KVM guest's perf stat post
/// (LKML 2022, wild fixture `lkml-2022-kvm-riscv-perf-stat-around-sched-
/// messaging-busybox-prompt`) with its decimals turned to commas: `Total
/// time: 5,210 [sec]` was read as 5210 s, and `0,162` as 162 s, without a
/// word. perf prints `%lu.%03lu` there: refused, naming the line.
#[test]
fn a_total_time_with_a_decimal_comma_is_refused_not_read_as_thousands() {
    for (figure, at) in [("5,210", 5), ("0,162", 5)] {
        let text = format!(
            "# Running 'sched/messaging' benchmark:\n# 20 sender and receiver processes per group\n\
             # 5 groups == 200 processes run\n\n     Total time: {figure} [sec] \n"
        );
        let e = PerfBench.parse(&Input::from_text(&text)).expect_err(figure);
        assert!(matches!(e, ParseError::Malformed { line, .. } if line == at), "{figure}: {e:?}");
    }
    assert_eq!(number("0,162"), None);
    assert_eq!(number("1,053.963"), Some(1053.963));
}

/// The wild fixture kvm-2023-11-haltpoll's sched pipe runs as perf prints
/// them in de_DE (`%'d`: `122.878 ops/sec`, attack61's de_DE pipe): read
/// whole, 122878 and 199876, with a note each (before: 122.878 and
/// 199.876, no word). A fraction perf never prints is warned, not read.
#[test]
fn sched_pipe_ops_per_sec_with_a_thousands_point_is_read_whole() {
    let real = include_str!(
        "../../../tests/fixtures/wild/perf_bench/kvm-2023-11-haltpoll-arm64-guest-sched-pipe-a-without-b-with-labels-cycles-in-prose-below.txt"
    );
    let de = real.replace("122878 ops/sec", "122.878 ops/sec").replace("199876 ops/sec", "199.876 ops/sec");
    let ops = |f: &ParsedFile| -> Vec<(usize, f64)> {
        f.samples.iter().filter(|s| s.metric.name == "ops/sec").map(|s| (s.line, s.value.mean())).collect()
    };
    let (clean, f) = (read(real), read(&de));
    assert_eq!(ops(&clean), [(11, 122878.0), (21, 199876.0)]);
    assert_eq!(ops(&f), ops(&clean));
    assert_eq!(f.notes.len(), clean.notes.len() + 2, "{:?}", f.notes);
    assert!(f.notes.iter().any(|(n, m)| *n == 11 && m.contains("read as 122878 ops/sec")), "{:?}", f.notes);
    let odd = real.replace("122878 ops/sec", "122.87 ops/sec");
    let f = read(&odd);
    assert_eq!(ops(&f), [(21, 199876.0)]);
    assert!(f.notes.iter().any(|(n, m)| *n == 11 && m.contains("not read")), "{:?}", f.notes);
}

/// attack61's futex-wake-truncated: `perf bench futex wake` cut after
/// `[Run 4]` (of 10; no closing mean line) read four runs with no word:
/// now noted at the last run, the runs read. A whole output has no note.
#[test]
fn futex_wake_runs_cut_before_the_mean_are_noted() {
    let head = "# Running 'futex/wake' benchmark:\n\
        Run summary [PID 3043]: blocking on 8 threads (at [shared] futex 0x5629850876d8), waking up 1 at a time.\n\n";
    let runs: String = (1..=4).map(|k| format!("[Run {k}]: Wokeup 8 of 8 threads in 0.01{k}0 ms\n")).collect();
    let cut = read(&format!("{head}{runs}"));
    assert_eq!(cut.samples.len(), 4);
    assert!(
        cut.notes.iter().any(|(n, m)| *n == 7 && m.contains("end at `[Run 4]`") && m.contains("cut short")),
        "{:?}",
        cut.notes
    );
    let whole = read(&format!("{head}{runs}Wokeup 8 of 8 threads in 0.0125 ms (+-3.12%)\n"));
    assert_eq!(whole.samples.len(), 4);
    assert!(whole.notes.is_empty(), "{:?}", whole.notes);
}
