//! A file saved without its final line break, and a file cut inside its
//! last figure, over every fixture and corpus file (`parse::cut`).
//!
//! * Complete: every fixture and corpus file that ends with a line break,
//!   read without it, gives the same samples as read whole, but on a last
//!   line whose format cannot prove its figure complete (the list
//!   [`UNPROVABLE`], each with why).
//! * Cut: the same file with its last 1 to 3 characters dropped (a cut
//!   inside its last figure) never gives a number the whole file does not:
//!   a figure cut short is left out, never read as a smaller number.

use benchsite::parse::{Input, segment};
use std::path::{Path, PathBuf};

/// Files whose last line, complete but without its line break, is left out
/// because nothing in the format proves its last figure whole: a whole
/// number (`1185` cut to `118` reads as well), or a figure printed with a
/// varying number of decimals. Paths relative to the crate's directory.
const UNPROVABLE: &[(&str, &str)] = &[
    (
        "tests/fixtures/wild/interbench/lkml-2005-07-kolivas-interbench-0.22-real-time-4-kernels-by-label-lines-2.6.12-twice-preempt-or-not-prose-between.txt",
        "interbench prints `%g`-like figures (`0.0267` beside `100` and `105484`): a cut last cell reads as whole",
    ),
    (
        "tests/fixtures/wild/interbench/lkml-2005-07-revell-interbench-0.21-old-titles-no-load-header-word-real-time-us-then-ms-same-kernel-prompts.txt",
        "interbench prints `%g`-like figures (`0.0267` beside `100` and `105484`): a cut last cell reads as whole",
    ),
    (
        "tests/fixtures/wild/interbench/lkml-2005-08-devenyi-interbench-0.26-gaming-sd-nan-title-no-space-before-dashes-no-kernel-line.txt",
        "interbench prints `%g`-like figures (`0.0267` beside `100` and `105484`): a cut last cell reads as whole",
    ),
    (
        "tests/fixtures/wild/interbench/lkml-2005-08-piotrowski-interbench-0.29-10-runs-one-kernel-cpusched-and-bonus-key-value-setups-patch-between.txt",
        "interbench prints `%g`-like figures (`0.0267` beside `100` and `105484`): a cut last cell reads as whole",
    ),
    (
        "tests/fixtures/wild/interbench/lkml-2006-03-galbraith-interbench-throttle-4-numbered-setups-3-on-one-kernel-smp-suffix-tabs.txt",
        "interbench prints `%g`-like figures (`0.0267` beside `100` and `105484`): a cut last cell reads as whole",
    ),
    (
        "tests/fixtures/wild/interbench/lkml-2006-03-galbraith-interbench-video-only-4-setups-prose-labels-no-kernel-line-tabs.txt",
        "interbench prints `%g`-like figures (`0.0267` beside `100` and `105484`): a cut last cell reads as whole",
    ),
    (
        "tests/fixtures/wild/mixed/lkml-2003-05-piggin-as-rq-dyn-gnu-time-name-dash-rows-under-captions-contest-tabs-tiobench-titles-between-rows-one-header.txt",
        "tiobench's CPU Eff is a whole number (`185`, the last line)",
    ),
    (
        "tests/fixtures/wild/mixed/gh-pr-scx-p2dq-2025-04-stress-ng-metrics-brief-then-dollar-schbench-glued-no-blank-wakeup-block.txt",
        "schbench's percentiles are whole microseconds (`min=1, max=182`, the last line)",
    ),
    (
        "tests/fixtures/wild/fsmark/lkml-2020-02-selinux-fsmark-triple-quoted-hand-table-no-fsuse-column-before-after-label-rows.txt",
        "fs_mark's App Overhead is a whole number of microseconds (`75141`, the last line)",
    ),
    (
        "tests/fixtures/wild/schbench/linux-fsdevel-2022-11-prio-lb-tab-hand-table-base-vs-patch-pct-on-one-row-then-6-deep-quoted-2-runs-numbered-labels.txt",
        "schbench's percentiles are whole microseconds (`min=6, max=351815`, the last line)",
    ),
    (
        "tests/fixtures/wild/will_it_scale/cgroups-2024-05-runtest-page-fault2-295-process-52-and-80-tasks-3-setups-dash-underlined-threads-zero.txt",
        "will-it-scale prints whole operation counts (`80,7979893,0.15,0,0.00,0`, the last line)",
    ),
    (
        "tests/fixtures/wild/schbench/lkml-2021-05-srikar-schbench-2016-three-kernels-side-by-side-pipe-columns-one-pipe-missing-one-glued-3-interval-blocks.txt",
        "schbench's `min=…, max=…` line ends in a whole max (`4456`, the third kernel's column): without the line break schbench does not take it for whole (`445` reads alike) and leaves it out",
    ),
    (
        "tests/fixtures/wild/mlc/gh-book-zh-max-bandwidth-k0-15-u-b18m-all-reads-only-no-banner.txt",
        "MLC's one `ALL Reads` line (the book cut the others): its decimals (two under --max_bandwidth, one in a default run) have no other traffic line to agree with",
    ),
    (
        "tests/fixtures/wild/netperf/lkml-2023-05-netperf-sh-4-setups-staggered-two-line-header-peterz.txt",
        "a netperf.sh summary row ends in a figure of no fixed decimals (`6413.09`; `42001` above): `6413.0` cut from it reads alike",
    ),
    (
        "tests/fixtures/wild/netperf/lkml-2023-05-netperf-sh-pct-column-groups-blank-parted-quoted-depth2.txt",
        "a netperf.sh summary row ends in its `%` column (`2.62816`, not read) after figures of no fixed decimals: a cut in it changes nothing read",
    ),
    (
        "tests/fixtures/wild/stress_ng/gh-issue-265-str-freebsd-13.1-vs-arch-metrics-cpu-used-rss-max-columns-bold-os-labels.txt",
        "stress-ng's `--metrics` row ends with a whole `RSS Max` in KB (`2384`): `238` cut from it reads alike",
    ),
    (
        "tests/fixtures/wild/tbench/lkml-2003-04-tbench-hron-2.5.68-vs-mm2-average-high-low-tab-table-192-64-procs.txt",
        "a tbench table typed by hand ends in a bare Low figure (`111.33`): `111.3` cut from it reads alike",
    ),
    (
        "tests/fixtures/wild/tbench/lkml-2002-05-tbench-hron-osdl-4way-hand-lists-192-64-procs-12-kernels-aa-ac-jam-rmap-rl-unit-in-prose.txt",
        "a tbench list typed by hand ends in a bare figure (`108.23`): `108.2` cut from it reads alike",
    ),
    (
        "tests/fixtures/wild/bonnie_pp/linuxmm-2000-08-bonnie++100-bon_csv2txt-nan-seeks-int-min-cpu-wrapped-kernel-in-csv-name.txt",
        "bonnie++'s file-test row ends with a whole %CP (`602 90`)",
    ),
    (
        "tests/fixtures/wild/bonnie_pp/lkml-2003-04-bonnie++102b-x2-bon_csv2txt-size-chunk-1G-32k-wrapped-command.txt",
        "bonnie++'s create row ends in a whole %CP (`69`): `6` cut from it reads alike",
    ),
    (
        "tests/fixtures/wild/bonnie_pp/lkml-2003-04-bonnie++103-3kernels-nas-io-scheduler-blank-perchr-cols-no-machine-word.txt",
        "bonnie++'s I/O row ends with a whole %CP (`210.7   0`)",
    ),
    (
        "tests/fixtures/wild/bonnie_pp/lkml-2003-10-bonnie++103-4-hdparm-readahead-set-ups-sentence-labels.txt",
        "bonnie++'s file-test row ends with a whole %CP (`19503  99`)",
    ),
    (
        "tests/fixtures/wild/bonnie_pp/lkml-2006-06-bonnie++103-3runs-per-table-name-and-size-blank-on-later-rows-extents-vs-not-prose-between.txt",
        "bonnie++'s I/O row (a run with machine and size left blank) ends with a whole %CP (`1381   4`)",
    ),
    (
        "tests/fixtures/wild/bonnie_pp/lkml-2006-08-bonnie++103-xfs-thunderbird-wrapped-every-line-trailing-space-seeks-1169-vs-csv-1169.4.txt",
        "bonnie++ 1.03's CSV record ends with a whole %CP (`,100,1`): unterminated, the record is not proven whole and the text report's own figures stand",
    ),
    (
        "tests/fixtures/wild/kernbench/lkml-2004-02-kernbench020-gt-pipe-quoted-same-kernel-smt-vs-no-smt-half-load-only.txt",
        "kernbench 0.20 averages have as many decimals as the sum left (`Sleeps 24427.4`)",
    ),
    (
        "tests/fixtures/wild/kernbench/lkml-2004-02-kernbench020-tab-hand-summary-then-results-dot-kernel-labels-3loads-2kernels.txt",
        "kernbench 0.20 averages have as many decimals as the sum left (`Sleeps 22905`)",
    ),
    (
        "tests/fixtures/wild/kernbench/lkml-2004-11-kernbench-stp-side-by-side-2kernels-2hosts-double-quoted-elided-half-load-only.txt",
        "kernbench 0.20/0.30 averages have as many decimals as the sum left (`Sleeps 21642`)",
    ),
    (
        "tests/fixtures/wild/mixed/lkml-2003-01-lmbench20-hand-median-table-2.5.54mm2-vs-2.5.54-then-summary-banner-mm2-os-column-2.5.54-tab-header.txt",
        "lmbench 2's Main mem latency is a whole number here (`176`)",
    ),
    (
        "tests/fixtures/wild/lmbench/lkml-2003-04-lmbench20-wipro-tab-hand-summary-2.5.67-vs-2.5.64-plus-5-runs.txt",
        "lmbench 2's Main mem latency is a whole number here (`174`)",
    ),
    (
        "tests/fixtures/wild/tiobench/lkml-2003-12-tiobench-hron-table-requoted-amp-2s-header-file-blk-cols-10kernels-ac-aa-reply-line-between.txt",
        "tiobench's CPU Eff is a whole number (`13`)",
    ),
    (
        "tests/fixtures/wild/tiobench/lkml-2002-08-tiobench-2.5.32-256thr-4-disks-same-kernel-disk-labels-cpu-1243pct.txt",
        "tiobench's CPU Eff is a whole number (`0`)",
    ),
    (
        "tests/fixtures/wild/mixed/lkml-2023-03-hegde-eevdf-power10-96cpu-schbench-hackbench-pipe-separated-4-kernel-columns-not-read.txt",
        "a poster's `|`-separated row ends in a figure no format fixes the decimals of (`0.33`): `0.3` cut from it reads alike",
    ),
    (
        "tests/fixtures/wild/tiobench/lkml-2002-12-tiobench-wipro-banner-2.5.53-mm1-vs-identifier-2.5.53-hand-pct-table-tabs.txt",
        "tiobench's CPU Eff is a whole number (`70`)",
    ),
    (
        "tests/fixtures/wild/tiobench/lkml-2004-04-tiobench-seqwrites-fs-as-identifier-4fs-4threads-short-cols.txt",
        "tiobench's CPU Eff is a whole number (`117`)",
    ),
    (
        "tests/fixtures/wild/bonnie/lkml-2001-12-bonnie-nosync-variant-quoted-qp-soft-breaks-split-header-and-seeks-value.txt",
        "the last figures are a quoted-printable soft break's continuation (`2.1  2.4` under `38=`): no Bonnie row's form to prove them whole",
    ),
    (
        "tests/fixtures/mmtests/lkml-2020-09-alex-shi-lru-lock-v19-thpscale-config-name-over-run-names.txt",
        "mmtests' `Duration System  592.52 … 575.20` row: a plain figure, `575.2` cut from `575.20` reads alike",
    ),
    (
        "tests/fixtures/wild/mmtests/linux-mm-2018-12-mgorman-lkp-reply-glued-duration-header-headerless-vmstat-blocks.txt",
        "mmtests' vmstat row `Kcompactd free scanned  6932.00  6643.00`: a plain figure, `6643.0` cut from `6643.00` reads alike",
    ),
    (
        "tests/fixtures/schbench/lkml-2021-04-schbench-3-kernels-side-by-side-bar-columns-interim-reports-banner-r30.txt",
        "schbench's `min=15, max=4456` prints whole numbers of any width",
    ),
    (
        "tests/fixtures/wild/lmbench/linux-mips-2005-07-lmbench30-rm9000-ip-host-16.K-space-lines-rand-mem-blank-file-create.txt",
        "lmbench 3's memory latencies have as many decimals as fit the column (`109.5`, `254.9`, `45.4`)",
    ),
    (
        "tests/fixtures/mixed/linux-riscv-2022-sg2042-qspinlock-vs-ticket-hand-perf-futex-lines-then-ubench5-index-qp-soft-broken-rows.txt",
        "the last figure is a quoted-printable soft break's continuation (` 11670.7` under `Index Score =`): the UnixBench check reads its own line form only",
    ),
    (
        "tests/fixtures/aim7/kernel-summary-wide-kernels.txt",
        "a poster's summary table (`1087.2 640.0`), no AIM7 printf",
    ),
    ("tests/fixtures/bonnie++/103-csv2txt-kernel-rows.txt", "bonnie++ prints %CPU as a whole number (`8592  97`)"),
    ("tests/fixtures/bonnie++/103-fast-blank-per-char.txt", "bonnie++ prints %CPU as a whole number (`8592  97`)"),
    (
        "tests/fixtures/fsmark/lkml-selinux-rhashtable-count-size-header-before-after-between.txt",
        "fs_mark's App Overhead is a whole number of microseconds (`12321`)",
    ),
    (
        "tests/fixtures/fsmark/lkp-2016-fsmark-4-threads-1-loop.txt",
        "fs_mark's App Overhead is a whole number of microseconds (`12321`)",
    ),
    (
        "tests/fixtures/wild/fsmark/linux-btrfs-2024-10-xarray-fsmark-double-quoted-qp-script-before-after-indented-tables.txt",
        "fs_mark's App Overhead is a whole number of microseconds (`12771843`)",
    ),
    ("tests/fixtures/generic/results.csv", "a hand-written CSV/YAML: no printf"),
    ("tests/fixtures/generic/results.yaml", "a hand-written CSV/YAML: no printf"),
    (
        "tests/fixtures/kernbench/cut-kernbench030-four-loads-elapsed-cut-then-appended.txt",
        "kernbench 0.20/0.30 averages have as many decimals as the sum left (`Sleeps 26110`, `24000`)",
    ),
    (
        "tests/fixtures/kernbench/kernbench020-labels.txt",
        "kernbench 0.20/0.30 averages have as many decimals as the sum left (`Sleeps 26110`, `24000`)",
    ),
    (
        "tests/fixtures/kernbench/kernbench030-four-loads.txt",
        "kernbench 0.20/0.30 averages have as many decimals as the sum left (`Sleeps 26110`, `24000`)",
    ),
    (
        "tests/fixtures/lmbench/lkml-2003-lmbench20-banner-says-2.5.62-rows-say-2.5.63-five-runs-blank-select-cell.txt",
        "lmbench 2.0 prints a Main mem latency as a whole number (`175`)",
    ),
    (
        "tests/fixtures/lmbench/raw-latfs-label-cpu-groups.txt",
        "lat_fs counts are whole numbers (`10k  2000  10250  55300`)",
    ),
    (
        "tests/fixtures/lmbench/seed000-collapsed-proc-ctx.txt",
        "a summary row not under its column rule (collapsed or flattened table)",
    ),
    (
        "tests/fixtures/lmbench/seed004-flattened-one-line-tables.txt",
        "a summary row not under its column rule (collapsed or flattened table)",
    ),
    (
        "tests/fixtures/schbench/cut-lkml-2020-schbench-max-cut-then-appended.txt",
        "schbench's percentiles are whole microseconds (`min=44, max=13155`)",
    ),
    (
        "tests/fixtures/wild/schbench/lkml-2020-futex-swap-schbench-2016-4dec-vs-patched-1dec-percentiles-overloaded-m64-and-m32-label-lines.txt",
        "schbench's percentiles are whole microseconds (`min=0, max=245`, the last line)",
    ),
    (
        "tests/fixtures/schbench/edited-schbench-threads-numbered-setups.txt",
        "schbench's percentiles are whole microseconds (`min=44, max=13155`)",
    ),
    (
        "tests/fixtures/schbench/lkml-2021-04-schbench-3-kernels-side-by-side-bar-columns-interim-reports-banner-r30.txt",
        "schbench's percentiles are whole microseconds (`min=44, max=13155`)",
    ),
    (
        "tests/fixtures/schbench/lkml-2020-schbench-runtime-form-three-kernels.txt",
        "schbench's percentiles are whole microseconds (`min=44, max=13155`)",
    ),
    (
        "tests/fixtures/schbench/lkml-2021-schbench-2016-form-annotated-under-commit.txt",
        "schbench's percentiles are whole microseconds (`min=44, max=13155`)",
    ),
    ("tests/fixtures/tiobench/identifier-wider-than-header.txt", "tiobench's CPU Eff is a whole number (`74`)"),
    (
        "tests/fixtures/wild/tiobench/lkml-2003-02-tiobench-diff-of-2-runs-minus-plus-identifiers-lowercase-title.txt",
        "tiobench's CPU Eff is a whole number (`69`)",
    ),
    (
        "tests/fixtures/tiobench/lkml-2003-02-tiobench-posted-as-diff-minus-2.5.60-mm2-plus-mm2-ant-lowercase-sequential-reads.txt",
        "tiobench's CPU Eff is a whole number (`69`)",
    ),
    (
        "tests/fixtures/wild/tiobench/lkml-2003-04-tiobench-hron-2.5.68-vs-mm2-untitled-random-reads-table-under-prose-printed-eff.txt",
        "tiobench's CPU Eff is a whole number (`114`)",
    ),
    (
        "tests/fixtures/tiobench/lkml-2002-09-tiobench-reiserfs-2-runs-per-kernel-arrow-run-labels-banner-kernels.txt",
        "tiobench's CPU Eff is a whole number (`28`)",
    ),
    (
        "tests/fixtures/kernbench/linuxmm-2007-07-kernbench-M-memory-controller-4-setups-underlined-no-stddev.txt",
        "kernbench's averages have as many decimals as the sum left (`Sleeps 195483`)",
    ),
    (
        "tests/fixtures/lmbench/linuxmm-2007-07-lmbench20-memory-controller-setups-as-host-names-legend.txt",
        "lmbench 2.0's Main mem latency column prints as few decimals as it needs (`57.8` under `57.7`, elsewhere `175`)",
    ),
    (
        "tests/fixtures/wild/mixed/lkml-2001-04-time-make-j2-3runs-under-2-kernel-lines-then-lmbench2beta1-first-two-second-two-legend-6-tables.txt",
        "lmbench 2.0 beta1's Main mem latency, a whole number in every row (`101`): nothing fixes its digits",
    ),
    (
        "tests/fixtures/wild/lmbench/lkml-2003-03-lmbench20-wipro-2.5.64-5runs-one-host-tcp-conn-3.1M-suffix-tab-after-page.txt",
        "lmbench 2.0's Main mem latency column ends the file in a whole `176` (as few decimals as it needs)",
    ),
    (
        "tests/fixtures/wild/mixed/lkml-2003-01-lmbench20-wipro-hand-median-table-tabs-2.5.55-vs-2.5.54-then-starred-kernel-banner-and-5run-summary.txt",
        "lmbench 2.0's Main mem latency column ends the file in a whole `176` (as few decimals as it needs)",
    ),
    (
        "tests/fixtures/lmbench/lkml-2001-10-lmbench20-athlon-vs-i686-builds-tcp-conn-599K-and-18.M.txt",
        "lmbench 2.0's Main mem latency column prints as few decimals as it needs (`155.3`, elsewhere `175`)",
    ),
    (
        "tests/fixtures/wild/aim7/lkml-2001-10-aim7-suite7ss-v1.0-3kernels-user-sys-idle-cols.txt",
        "AIM7 v1.0 user/sys/idle columns (`33119.3`): a printf not known",
    ),
    (
        "tests/fixtures/wild/bonnie_pp/lkml-2005-03-bonnie++103-3configs-blank-machine-tab-labels-no-csv.txt",
        "bonnie++ prints %CPU as a whole number (`8592  97`)",
    ),
    (
        "tests/fixtures/wild/kernbench/linuxmm-2017-09-kernbench-spf-v3-tab-2kernel-cols-delta-pct-col-last-header-without-it-2machines.txt",
        "the last figure is the post's own `delta %` cell (`-0.87`), two decimals or not as it chose",
    ),
    (
        "tests/fixtures/wild/kernbench/lkml-2004-06-kernbench-stp-3kernels-kernel-plmid-host-labels-nostddev-summary.txt",
        "kernbench 0.20/0.30 averages have as many decimals as the sum left (`Sleeps 26110`, `24000`)",
    ),
    (
        "tests/fixtures/wild/lmbench/linuxmm-2009-03-lmbench20-softlimit-wrapped-rows.txt",
        "a wrapped summary row, not under its column rule",
    ),
    (
        "tests/fixtures/wild/lmbench_raw/lkml-2001-10-lmbench2alpha8-tool-lines-latfs-table-ctx-pagefaults.txt",
        "lmbench raw tool lines print varying decimals (`ovr=301.96`, `2.82`)",
    ),
    (
        "tests/fixtures/wild/tiobench/lkml-2006-04-tiobench-identifier-4sections-every-row-wrapped.txt",
        "tiobench's CPU Eff is a whole number (`74`)",
    ),
    (
        "tests/fixtures/wild/tiobench/lkml-2003-01-tiobench-hron-no-thr-column-32-threads-in-prose-3kernels.txt",
        "tiobench's CPU Eff is a whole number (`199`)",
    ),
    (
        "tests/fixtures/wild/tiobench/lkml-2003-05-tiobench-hron-2.5.70-four-filesystems-as-kernel-suffix-7-thread-counts.txt",
        "tiobench's CPU Eff is a whole number (`52`)",
    ),
    (
        "tests/fixtures/wild/lmbench/lkml-2002-10-lmbench20-2.5.42-vs-2.5.43-5runs-outlook-wrapped-sh-and-mem-write.txt",
        "lmbench 2.0 prints memory latencies to varying decimals (`176.8`, `3.492`)",
    ),
    (
        "tests/fixtures/will-it-scale/lkml-2018-page-fault3-annotated-elided.txt",
        "will-it-scale prints whole operation counts (`2758579`)",
    ),
    (
        "tests/fixtures/mixed/lkml-2004-11-stp8way-reaim-peak-converge-2workloads-then-kernbench-side-by-side-kernel-host.txt",
        "kernbench's last column ends in a whole mean (`Sleeps 21642`, the other column's `21459.2`)",
    ),
    (
        "tests/fixtures/will-it-scale/netdev-2020-lock1-before123-after123-csv-file-name-labels.txt",
        "will-it-scale prints whole operation counts (`2470115`)",
    ),
    (
        "tests/fixtures/will-it-scale/lkml-2019-page-fault1-clean-vs-aerate-2runs-16tasks.txt",
        "will-it-scale prints whole operation counts (`2758579`)",
    ),
    (
        "tests/fixtures/will-it-scale/lkml-2019-page-fault1-16-tasks-baseline-vs-rh-patchset-dashed-titles.txt",
        "will-it-scale prints whole operation counts (`2758579`)",
    ),
    (
        "tests/fixtures/will-it-scale/lkml-2019-page-hinting-3-setups-unmodified-bubble-page-hinting.txt",
        "will-it-scale prints whole operation counts (`2758579`)",
    ),
    (
        "tests/fixtures/will-it-scale/lkml-2019-page-hinting-quoted-qp-second-table-without-header.txt",
        "will-it-scale prints whole operation counts (`2758579`)",
    ),
    (
        "tests/fixtures/will-it-scale/lkml-2021-gup-has-pinned-threads-only-256-3runs-before-after.txt",
        "will-it-scale prints whole operation counts (`2758579`)",
    ),
    (
        "tests/fixtures/will-it-scale/lkml-2024-page-fault2-python3-process-3setups-quoted.txt",
        "will-it-scale prints whole operation counts (`2758579`)",
    ),
    (
        "tests/fixtures/wild/will_it_scale/lkml-2023-cmpxchg8-vs-16b-processes-hash-prompts-no-testcase-line-snip-no-average.txt",
        "will-it-scale prints whole operation counts (`total:204243282`)",
    ),
    (
        "tests/fixtures/wild/will_it_scale/lkml-2024-08-mseal-mmap1-t1-commit-hash-vs-after-patch-set-warmup-word-missing-14-measurement-seconds-no-average.txt",
        "will-it-scale prints whole operation counts (`total:204243282`)",
    ),
    (
        "tests/fixtures/wild/will_it_scale/lkml-2024-lockref-stat2-processes-t60-testcase-same-file-stat-two-measurement-seconds-cut.txt",
        "will-it-scale prints whole operation counts (`total:204243282`)",
    ),
    (
        "tests/fixtures/wild/will_it_scale/linux-mm-2018-11-memcg-charge-batch-quoted-page_fault3-3-runs-rows-elided-annotated-single-process-and-pct-change.txt",
        "will-it-scale prints whole operation counts (`24,11441125,…`)",
    ),
    (
        "tests/fixtures/wild/will_it_scale/lkml-2021-05-pin_fast-256-threads-only-3-runs-each-header-repeated-hand-average-in-heading-processes-0.txt",
        "will-it-scale prints whole operation counts (`256,0,0.00,1193194,…`)",
    ),
    (
        "tests/fixtures/ycsb/cut-postgres-ycsb-0.17-runtime-cut-then-appended.txt",
        "YCSB prints Java doubles with as many decimals as they have (`Return=OK, 4941`, `200.5`)",
    ),
    (
        "tests/fixtures/ycsb/gh-md-scylla-ycsb-lwt-1b-target-10000-vs-5000-indented-failed-ops.txt",
        "YCSB prints Java doubles with as many decimals as they have (`Return=OK, 4941`, `200.5`)",
    ),
    (
        "tests/fixtures/ycsb/gh-ru-ycsb-rest-workloads-a-b-c-b-indented-read-failed.txt",
        "YCSB prints Java doubles with as many decimals as they have (`Return=OK, 4941`, `200.5`)",
    ),
    (
        "tests/fixtures/ycsb/postgres-ycsb-0.17-load-1-thread.txt",
        "YCSB prints Java doubles with as many decimals as they have (`Return=OK, 4941`, `200.5`)",
    ),
    (
        "../shared/corpus/lmbench3/lkp-lmbench3-bw_mem-with-buildlog.txt",
        "lmbench raw tool lines (bw_mem `268.44 13805.57`) are not checked against each lmbench's printf",
    ),
    ("../shared/corpus-modern/will-it-scale/1.txt", "will-it-scale prints whole operation counts (`2758579`)"),
    (
        "../shared/corpus-modern/ycsb/01.txt",
        "YCSB prints Java doubles with as many decimals as they have (`Return=OK, 4941`, `200.5`)",
    ),
    (
        "tests/fixtures/wild/cyclictest/lkml-2021-06-galbraith-rt-tests-2.0-cyclictest-Smp99-vs-Sp99-qp-soft-break-before-each-max.txt",
        "a cyclictest thread line ends in its whole Max in µs, right-aligned but wrapped by a soft break onto a line of its own (`    4`): nothing shows a cut",
    ),
    (
        "tests/fixtures/wild/cyclictest/lkml-2022-10-stultz-softirq-rt-cyclictest-8-threads-without-with-patches-qp-breaks-inside-max-figures.txt",
        "a cyclictest thread line ends in its whole Max in µs, its last digit on the soft-broken line (`228=` / `5`): `228` cut from it reads alike",
    ),
    (
        "tests/fixtures/cyclictest/stultz-2022-qp-soft-breaks-each-followed-by-a-space-transport-padding.txt",
        "the same mail with a space after each soft break (`228= ` / `5`): its last line is the whole Max's last digit, `228` cut from it reads alike",
    ),
    (
        "tests/fixtures/wild/cyclictest/lkml-2024-05-wang-quotes-zang-cyclictest-footers-typed-table-4-kernel-columns-lnice-labels-7-digit-max.txt",
        "a typed table of cyclictest footers ends in a whole Max in µs past its `%05` pad (`425708`): `42570` cut from it reads alike",
    ),
    (
        "tests/fixtures/wild/cyclictest/lkml-2015-galbraith-cond-resched-rt-cyclictest-Smp99-8-threads-3-preempt-models-twice-second-round-under-added-git-load-same-labels.txt",
        "a cyclictest thread line ends in its whole Max in µs (`2058`, the last line): `205` cut from it reads alike",
    ),
];

/// Every fixture and corpus file that ends with a line break, by path
/// relative to the crate's directory.
fn terminated_files() -> Vec<(String, Vec<u8>)> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut dirs: Vec<PathBuf> = vec![root.join("tests/fixtures")];
    for shared in ["../shared/corpus", "../shared/corpus-modern"] {
        let dir = root.join(shared);
        if dir.is_dir() {
            dirs.push(dir);
        } else {
            eprintln!("{} not found, skipping it", dir.display());
        }
    }
    let mut out = Vec::new();
    for dir in dirs {
        for entry in walkdir::WalkDir::new(&dir).sort_by_file_name() {
            let entry = entry.expect("test inputs are readable");
            let path = entry.path();
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            let skip = name.ends_with(".expected")
                || name.ends_with(".hand.yaml")
                || name.ends_with(".md")
                || name.ends_with(".snap")
                || path.components().any(|c| c.as_os_str() == "bad");
            if !entry.file_type().is_file() || skip {
                continue;
            }
            let bytes = std::fs::read(path).expect("test input is readable");
            if bytes.ends_with(b"\n") {
                let rel = path.strip_prefix(root).unwrap_or(path).display().to_string();
                out.push((rel, bytes));
            }
        }
    }
    out
}

/// Every sample benchsite reads from `bytes`, as `line metric = value`.
fn read(bytes: &[u8]) -> Vec<String> {
    let input = Input::from_bytes(bytes);
    segment::segments(&input, None)
        .iter()
        .filter_map(|s| s.outcome.as_ref().ok())
        .flat_map(|p| p.samples.iter())
        .map(|s| {
            let params: Vec<String> = s.params.iter().map(|p| format!("{p:?}")).collect();
            format!("{} {} {} [{}] = {}", s.line, s.group, s.metric.name, params.join(" "), s.value.mean())
        })
        .collect()
}

#[test]
fn a_complete_file_without_its_final_line_break_keeps_its_samples() {
    let mut lost = Vec::new();
    let mut count = 0;
    for (rel, bytes) in terminated_files() {
        count += 1;
        let whole = read(&bytes);
        let mut cut = bytes.clone();
        cut.pop();
        if cut.ends_with(b"\r") {
            cut.pop();
        }
        let unterminated = read(&cut);
        if whole != unterminated {
            let gone: Vec<&String> = whole.iter().filter(|s| !unterminated.contains(s)).collect();
            let new: Vec<&String> = unterminated.iter().filter(|s| !whole.contains(s)).collect();
            lost.push(format!("{rel}: lost {gone:?} gained {new:?}"));
        }
    }
    eprintln!("{count} files, {} lose samples without their final line break", lost.len());
    let listed = |l: &String| UNPROVABLE.iter().any(|(p, _)| l.starts_with(&format!("{p}:")));
    let unexpected: Vec<&String> = lost.iter().filter(|l| !listed(l)).collect();
    assert!(unexpected.is_empty(), "{} files not in UNPROVABLE:\n{}", unexpected.len(), lost.join("\n"));
    // A file the format now proves is taken off the list.
    let corpus = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/corpus").is_dir();
    let stale: Vec<&str> = UNPROVABLE
        .iter()
        .map(|(p, _)| *p)
        .filter(|p| corpus || !p.starts_with("../"))
        .filter(|p| !lost.iter().any(|l| l.starts_with(&format!("{p}:"))))
        .collect();
    assert!(stale.is_empty(), "in UNPROVABLE but whole now: {stale:?}");
}

/// Every sample benchsite reads from `bytes`, as `metric: value` (a cut
/// copy may be read as a run of its own, on its own line, with the whole
/// file's numbers).
fn values(bytes: &[u8]) -> Vec<String> {
    let input = Input::from_bytes(bytes);
    segment::segments(&input, None)
        .iter()
        .filter_map(|s| s.outcome.as_ref().ok())
        .flat_map(|p| p.samples.iter())
        .map(|s| format!("{}: {}", s.metric.name, s.value.mean()))
        .collect()
}

/// Files whose cut last line is a record that repeats a report above it:
/// cut, the record is left out and the report's own printed figure stands
/// (a number the whole file prints but reads from the record instead).
/// Each with the figure the cut file reads and why.
const REPORT_STANDS: &[(&str, &str, &str)] = &[(
    "tests/fixtures/wild/bonnie_pp/lkml-2006-08-bonnie++103-xfs-thunderbird-wrapped-every-line-trailing-space-seeks-1169-vs-csv-1169.4.txt",
    "Seeks: 1169",
    "the text report prints `1169` seeks/s on line 8; the whole file reads the CSV record's `1169.4` instead",
)];

#[test]
fn a_file_cut_inside_its_last_figure_gives_no_number_the_whole_file_does_not() {
    let mut wrong = Vec::new();
    for (rel, bytes) in terminated_files() {
        let whole = values(&bytes);
        let text = String::from_utf8_lossy(&bytes);
        let text = text.trim_end_matches(['\n', '\r']);
        for drop in 1..=3 {
            let Some((end, _)) = text.char_indices().rev().nth(drop - 1) else { continue };
            let cut = &text[..end];
            if !cut.ends_with(|c: char| c.is_ascii_digit() || c == '.') {
                continue;
            }
            let new: Vec<String> = values(cut.as_bytes())
                .into_iter()
                .filter(|v| !whole.contains(v))
                .filter(|v| !REPORT_STANDS.iter().any(|(p, figure, _)| *p == rel && v == figure))
                .collect();
            if !new.is_empty() {
                wrong.push(format!("{rel} cut by {drop}: {new:?}"));
            }
        }
    }
    assert!(wrong.is_empty(), "{} cuts read a number the whole file does not:\n{}", wrong.len(), wrong.join("\n"));
}

/// Each format's proof, on a last line as the benchmark prints it and the
/// same line cut inside its last figure: the first is whole, the second
/// not.
#[test]
fn each_format_proves_its_printed_last_figure_and_not_a_cut_one() {
    let netperf_units = "bytes  bytes   bytes    secs.    10^6bits/s  % S      % S      us/KB   us/KB\n\n";
    let cases: &[(&str, String, &str)] = &[
        ("netperf", format!("{netperf_units}212992 212992  10240    300.00     8056.40   32.07    31.97    41.736  41.617"), "41.61"),
        ("netperf", "bytes  bytes   bytes    secs.    10^6bits/sec\n\n131072  16384  16384    10.03     871.02".into(), "871.0"),
        ("openssl-speed", "rsa 2048 bits 0.045799s 0.001408s     21.8    710.4".into(), "710."),
        ("openssl-speed", "des ede3           4565.65     6729.20     9299.48     9603.93     9775.72".into(), "9775.7"),
        ("stream", "Triad:          28561.0     0.008514     0.008403     0.009137".into(), "0.00913"),
        ("redis-benchmark", "          avg       min       p50       p95       p99       max\n        0.363     0.104     0.351     0.503     0.607     2.895".into(), "2.89"),
        ("memtier", "Type         Ops/sec     Hits/sec   Misses/sec      Latency       KB/sec\n----\nTotals      23645.24         0.00     21493.52   1296.95300      1002.99".into(), "1002.9"),
        ("bash-time", "real 64.22\nuser 0.50\nsys 36.75".into(), "36.7"),
        ("kernbench", "Sleeps 24101.000000".into(), "24101.00000"),
        ("schbench", "average rps: 17007.27".into(), "17007.2"),
        ("unixbench", "System Benchmarks Index Score                                        5562.6".into(), "5562."),
        ("irman", "   301.772      0.005      0.070      2.610".into(), "2.61"),
        ("stress-ng", "      system-time: 0.020000".into(), "0.02000"),
        ("reaim", "Max Jobs per Minute 4376.69".into(), "4376.6"),
        ("aim7", "Tasks\tJobs/Min\tJTI\tReal\tCPU\tJobs/sec/task\n101\t5600.0\t\t96\t108.2\t79.0\t0.9241".into(), "0.924"),
        ("bonnie", "fileserv 2047  7012 97.0 25110 21.0  9921 12.9  6633 93.1 30124 13.0 142.0  1.8".into(), "1."),
        ("perf-bench", "Averaged 491926 operations/sec (+- 0.19%), total secs = 300".into(), "491926 operations/sec (+- 0.19%), total secs = 300"),
    ];
    for (id, whole, cut_end) in cases {
        let parser = benchsite::parse::by_id(id).unwrap_or_else(|| panic!("no parser {id}"));
        assert!(parser.last_figure_complete(&Input::from_text(whole)), "{id}: {whole:?} is whole");
        // The same text cut inside its last figure.
        let last = whole.rsplit('\n').next().unwrap_or("");
        let head = &whole[..whole.len() - last.len()];
        let cut = match last.rfind(cut_end) {
            Some(at) if *id != "perf-bench" => format!("{head}{}", &last[..at + cut_end.len()]),
            _ => format!("{head}Averaged 4919"),
        };
        assert!(!parser.last_figure_complete(&Input::from_text(&cut)), "{id}: {cut:?} may be cut");
    }
    // `time` with three decimals in the file (a `TIMEFORMAT` of `%3R`):
    // two decimals on the last line prove nothing.
    let time = benchsite::parse::by_id("bash-time").expect("bash-time");
    assert!(!time.last_figure_complete(&Input::from_text("real 64.223\nuser 0.501\nsys 36.75")));
}

/// attack24's cut/ perf-bench-mem file: cut 2 characters into the last
/// figure (`      15` for `15.… GB/sec`), a line the parser cannot read
/// without its unit. It was dropped unsaid; now a warning names it.
#[test]
fn a_cut_line_no_parser_reads_is_warned_of() {
    let text = "# Running 'mem/memset' benchmark:\n# function 'default' (Default memset() provided by glibc)\n\
        # Copying 1MB bytes ...\n\n      10.512233 GB/sec\n\n\
        # function 'x86-64-stosq' (movsq-based memset() in arch/x86/lib/memset_64.S)\n# Copying 1MB bytes ...\n\n      15";
    let input = Input::from_text(text);
    let segs = segment::segments(&input, None);
    let parsed = segs.iter().find_map(|s| s.outcome.as_ref().ok()).expect("read");
    assert!(parsed.samples.iter().all(|s| s.line == 5), "{:?}", parsed.samples);
    assert!(
        parsed.notes.iter().any(|(l, m)| *l == 10 && m.contains("may be a result cut short")),
        "{:?}",
        parsed.notes
    );
}
