//! Real files damaged as mail and editors damage them read as they do
//! whole: each case a fixture the attacker's driver (session 57) found
//! read otherwise, the damage named, and what was read wrong before. The
//! damaged file must give the very samples the clean one gives (kernel,
//! group, parameters, metric and value; a `quoting` parameter aside, as
//! quoting the whole file once more says so), and no fewer warnings.

mod common;

use std::path::Path;

/// How a file is damaged.
#[derive(Clone, Copy, Debug)]
enum Damage {
    /// Every tab expanded to spaces, to the next multiple of 8 (`expand`,
    /// a mailer pasting a spreadsheet).
    ExpandTabs,
    /// Every run of two blanks or more reaching a tab stop (every eighth
    /// column) turned to a tab (`unexpand -a`, an editor saving with tabs).
    UnexpandTabs,
    /// Saved in its quoted-printable transfer encoding (`=` escaped,
    /// lines longer than 76 broken by soft breaks `=`).
    QuotedPrintable,
    /// Two blanks added at the end of every line (a mail's transport, or an
    /// editor padding lines: RFC 2045 says a decoder drops them).
    TrailingBlanks,
    /// Every line quoted once more (`> `, a reply quoting it whole).
    Quoted,
    /// Every line quoted with a bar (`| `, a blank line `|`: a mail client's
    /// quote, or a page pasted into a Markdown quote).
    BarQuoted,
    /// Every line longer than 72 columns broken at its last blank before
    /// column 72, the rest on a line of its own, unquoted (a reply's
    /// mailer re-wrapping the quoted text: LKML's wrap damage).
    Wrapped72,
    /// The same at 76 columns (a mailer's other usual width).
    Wrapped76,
    /// The whole file twice, a blank line between (a post pasted twice).
    PastedTwice,
}

fn damaged(bytes: &[u8], damage: Damage) -> Vec<u8> {
    match damage {
        Damage::ExpandTabs => {
            let text = std::str::from_utf8(bytes).expect("UTF-8");
            text.split_inclusive('\n').map(benchsite::parse::input::expand_tabs).collect::<String>().into_bytes()
        }
        Damage::UnexpandTabs => {
            let text = std::str::from_utf8(bytes).expect("UTF-8");
            let mut out = String::new();
            for line in text.split_inclusive('\n') {
                let (mut col, mut blanks) = (0usize, 0usize);
                for c in line.chars() {
                    match c {
                        ' ' => {
                            blanks += 1;
                            col += 1;
                            if col % 8 == 0 {
                                out.push_str(if blanks >= 2 { "\t" } else { " " });
                                blanks = 0;
                            }
                        }
                        _ => {
                            out.extend(std::iter::repeat_n(' ', blanks));
                            blanks = 0;
                            out.push(c);
                            col = if c == '\t' { (col / 8 + 1) * 8 } else { col + 1 };
                        }
                    }
                }
                out.extend(std::iter::repeat_n(' ', blanks));
            }
            out.into_bytes()
        }
        Damage::QuotedPrintable => {
            // Line by line (the encoder keeps CRLF pairs, escapes a bare
            // LF), saved with the archive's LF line ends.
            let crlf = String::from_utf8_lossy(bytes).replace("\r\n", "\n").replace('\n', "\r\n");
            quoted_printable::encode_to_str(crlf).replace("\r\n", "\n").into_bytes()
        }
        Damage::TrailingBlanks => {
            let text = String::from_utf8_lossy(bytes);
            text.split_inclusive('\n')
                .map(|l| l.strip_suffix('\n').map_or(format!("{l}  "), |l| format!("{l}  \n")))
                .collect::<String>()
                .into_bytes()
        }
        Damage::Quoted => {
            let mut out = Vec::new();
            for line in bytes.split_inclusive(|&b| b == b'\n') {
                out.extend_from_slice(if line.trim_ascii().is_empty() { b">" } else { b"> " });
                out.extend_from_slice(line);
            }
            out
        }
        Damage::BarQuoted => {
            let mut out = Vec::new();
            for line in bytes.split_inclusive(|&b| b == b'\n') {
                out.extend_from_slice(if line.trim_ascii().is_empty() { b"|" } else { b"| " });
                out.extend_from_slice(line);
            }
            out
        }
        Damage::Wrapped72 => wrapped(bytes, 72),
        Damage::Wrapped76 => wrapped(bytes, 76),
        Damage::PastedTwice => {
            let mut out = bytes.to_vec();
            if !out.ends_with(b"\n") {
                out.push(b'\n');
            }
            out.push(b'\n');
            out.extend_from_slice(bytes);
            out
        }
    }
}

/// Every line longer than `width` columns broken at its last blank
/// before column `width`, the rest on a line of its own.
fn wrapped(bytes: &[u8], width: usize) -> Vec<u8> {
    let text = std::str::from_utf8(bytes).expect("UTF-8");
    let mut out = String::new();
    for line in text.split_inclusive('\n') {
        let (mut rest, end) = line.strip_suffix('\n').map_or((line, ""), |l| (l, "\n"));
        while rest.chars().count() > width {
            let cut = rest.char_indices().take_while(|&(i, _)| i <= width).filter(|&(_, c)| c == ' ').last();
            let Some((at, _)) = cut.filter(|&(at, _)| at > 0) else { break };
            out.push_str(&rest[..at]);
            out.push('\n');
            rest = &rest[at + 1..];
        }
        out.push_str(rest);
        out.push_str(end);
    }
    out.into_bytes()
}

/// (fixture under `tests/fixtures`, damage, what was read before the fix).
const CASES: &[(&str, Damage, &str)] = &[
    (
        "wild/sysbench/gh-md-zh-aliyun-sysbench-0.5-unindented-desktop-vs-1.1-throughput-block-cloud-host-ratio-table-fileio-iops-lines.txt",
        Damage::Wrapped72,
        "`sysbench /usr/…/oltp_read_write.lua` / two lines of options / `--mysql-password=123456 … cleanup`: the \
         command's first line has no option and no prompt, so its wrapped rest labelled the OLTP run \
         `云主机B / --mysql-password=123456 --mysql-db=test_wjl cleanup` (4 figures), silently (rewrap58, trust62)",
    ),
    (
        "wild/sysbench/gh-sysbench-311-sysbench-1.1-oltp-ro-command-wrapped-cut.txt",
        Damage::Wrapped76,
        "the command over five lines, `oltp_read_only run` alone on the last: only one line was joined, the run \
         read as test `oltp` with no threads, silently (rewrap58, trust62)",
    ),
    (
        "wild/hackbench/lkml-2023-hackbench-under-trace-cmd-record-qp-soft-break-before-eq3D-tasks-cpu-data-recorded-lines.txt",
        Damage::Wrapped72,
        "`# trace-cmd record … 'CPU & CPUS{3}'` / `hackbench`: the bare word read as a command of its own, the run \
         given `ipc=socket` the whole line does not, silently (rewrap58, trust62)",
    ),
    (
        "wild/sysbench/gh-md-zh-aliyun-sysbench-0.5-unindented-desktop-vs-1.1-throughput-block-cloud-host-ratio-table-fileio-iops-lines.txt",
        Damage::QuotedPrintable,
        "`… --mutex-loc=` / `ks=3D1000000 --mutex` / `-loops=3D5000 run`: the line the soft break emptied stood \
         between the command and its wrapped options, which labelled the mutex run (7 figures) apart from the \
         clean file's, no word (found by this lane's own re-run after its wrapped-options change, silent59)",
    ),
    (
        "wild/aim9/lkml-2002-11-aim9-raw-lines-3kernels-per-test-order-by-format-legend-caret-comments.txt",
        Damage::Wrapped76,
        "`sync_disk_rw … 169.76 Sync Random Disk Writes` / `(K)/second`: a unit line must start with a letter, so \
         the three kernels' figures were read under the unit `Sync Random Disk Writes`, silently (rewrap58, \
         silent59)",
    ),
    (
        "wild/aim9/lkml-2002-11-aim9-raw-lines-3kernels-per-test-order-by-format-legend-caret-comments.txt",
        Damage::Wrapped72,
        "as at 76, another row's unit (rewrap58, silent59)",
    ),
    (
        "wild/aim7/linuxmm-2007-07-aim7-suite7ss-3machines-extreme-vs-vmemmap-machine-column-as-setup-plus-kernbench-hand-tables.txt",
        Damage::ExpandTabs,
        "the spreadsheet banner's machine (`extreme`, `vmemmap`) was lost with its tabs: the two set-ups' runs \
         met as runs of one, silently (attack57 F2)",
    ),
    (
        "wild/aim7/linuxmm-2007-04-aim7-suite7ss-picco-kernel-plus-sparsemem-labels-over-benchmark-header-machine-rcc5-vs-vmem.txt",
        Damage::ExpandTabs,
        "the banner's machine `rcc5` lost: the label above (`2.6.21-rc5+sparsemem`) taken as the kernel instead \
         (attack57 F2)",
    ),
    (
        "wild/bonnie/lkml-2002-10-bonnie13-sync-charunlk-nfs-2kernels-hash-headings.txt",
        Damage::QuotedPrintable,
        "the soft breaks in the title lines (`--Rnd =` / `Seek-`) left them two lines further up: `sync` = `yes` \
         (Bonnie 1.3 `-y`) lost, the runs meeting default runs' as one set-up's, silently (attack57 F3)",
    ),
    (
        "wild/coremark/gh-md-zh-openeuler-riscv-d1-fork4-and-single-vs-unmatched-run1-performance-run2-validation-logs.txt",
        Damage::Quoted,
        "the quoted page's headings set aside: the HiFive Unmatched's runs (12363.49) took the D1's kernel 5.4.61, \
         no warning (read unquoted, a warning says they are not its; attack57 F1)",
    ),
    (
        "wild/netperf/lkp-tests-doc-add-testcase-netperf-c-C-localhost-m-16384-4096-1-service-demand-808-then-stats-key-line.txt",
        Damage::PastedTwice,
        "panicked (netperf `copies_are_one_run`: slice index starts at 5 but ends at 4): the first copy's \
         `| stats/netperf` command, with no table, and the second's `$ netserver` were taken for launches listed \
         ahead, and one was given a table below the next launch (attack57 F4)",
    ),
    (
        "wild/uperf/gh-doc-benchmark-operator-uperf-xml-profile-glued-above-txn-progress-trimmed-marker-fenced.txt",
        Damage::QuotedPrintable,
        "the rule of dashes under `Hostname … Throughput` broken by a soft break, the line below left empty: the \
         Run Statistics table ended there, its 6 figures lost with no word (attack57 F7)",
    ),
    (
        "wild/mlc/gh-report-v3.11b-loaded-latency-t4-gt-prompt-then-grep-all-reads-trailing-tab.txt",
        Damage::QuotedPrintable,
        "the loaded-latency table's rule broken by a soft break: its 38 figures lost with no word (attack57 F7)",
    ),
    (
        "wild/mlc/gh-lab-report-v3.11b-one-node-random-access-then-four-idle-latency-buffers-md-table.txt",
        Damage::QuotedPrintable,
        "as the other MLC report: 38 loaded-latency figures lost with no word (attack57 F7)",
    ),
    (
        "wild/ycsb/md-2020-tidb-tiup-go-ycsb-load-command-above-read-update-run-then-go-tpc-tpm-lines.txt",
        Damage::QuotedPrintable,
        "a go-ycsb line broken by a soft break, the line below left empty: the run's UPDATE figures (8) lost with \
         no word (attack57 F7)",
    ),
    (
        "wild/time/lkml-2006-01-gnu-time-make-j4-bzImage-prompt-kernel-dir-file-nr-lines-around.txt",
        Damage::QuotedPrintable,
        "`0maxreside=` / `nt)k`: the line below the soft break left empty ended the record, its major and minor \
         page faults (62, 7223263) lost with no word (attack57 F9)",
    ),
    (
        "wild/aim7/lkml-2004-09-reaim-stp-summaries-quoted-twice-hash-fenced-labels-2runs-each-uneven-hashes.txt",
        Damage::Wrapped72,
        "`> > … Maximum Jobs per Minute 4007.86 (average of` / `3 runs)`: the unquoted tail refused as another \
         message's, each of the four Quick Convergence means read as ONE run (n 3 -> 1), no word (attack57 F10)",
    ),
    (
        "wild/unixbench/lkml-2022-06-ubench5-index-tables-only-2machines-before-after-patch.txt",
        Damage::Wrapped72,
        "`System Benchmarks Index Values  BASELINE  RESULT` / `INDEX`: the wrapped heading's `INDEX` taken for \
         the label of every table under it, the before- and after-patch runs met as one set-up's (96 samples), \
         no word (rewrap58)",
    ),
    (
        "shared:corpus-modern/netperf/netperf-recv.txt",
        Damage::Wrapped72,
        "the 16 launch lines' `&` each wrapped onto a line of its own: the copies taken for 16 commands run one \
         after another, the 16 per-copy figures read as 16 runs of one set-up (n 1 -> 16), no word (attack57)",
    ),
    (
        "shared:corpus-modern/memtier/1.txt",
        Damage::Wrapped72,
        "the memtier_benchmark command wrapped over 4 lines (`-- memtier_benchmark …` / `--pipeline=64 …` / \
         `--key-pattern=G:G -p 6380`): pipeline, data_size, ratio, port and instances lost, set-ups could meet as \
         one, no word (attack57)",
    ),
    (
        "shared:corpus-modern/memtier/1.txt",
        Damage::Wrapped76,
        "at 76 columns the first line ends in numactl's `--`, `memtier_benchmark …` starts the next: the four \
         instances' same-second start lost (`instances 4` gone), no word (session 58)",
    ),
    (
        "wild/pct_table/lkml-2022-06-prateek-sis-util-hackbench-nps4-overloaded-mark-then-ycsb-var-lines-not-read.txt",
        Damage::Wrapped72,
        "`* (System overloaded)` wrapped, `(System overloaded)` alone taken for a header: the rerun row's figures \
         under kernels `(System` and `overloaded)` (were `tip`, `SIS_UTIL`), no word (attack57)",
    ),
    (
        "wild/bonnie_pp/linuxmm-2013-07-bonnie++196-create-only-double-quoted-csv.txt",
        Damage::Wrapped76,
        "`-Delete--` wrapped off the machine's title line: the machine lost, the CSV record below no longer the \
         report's, every figure read twice (22 -> 44 samples), no word (attack57)",
    ),
    (
        "wild/hackbench/lkml-2021-01-cluster-sched-hackbench-example-run-then-g-1-10-table-no-equals-no-colons-pct-row-trace-below.txt",
        Damage::Wrapped72,
        "`w/o 1.4777 … 9.7526` / `10.8987`: the row short of its tenth figure, the `g 1 … 10` table not taken, \
         its 20 figures lost with no word (attack57)",
    ),
    (
        "shared:corpus-modern/schbench/01.txt",
        Damage::Wrapped72,
        "`… runtime 10 (s) (83326 total` / `samples)`: the lone `samples)` ended each Request report before its \
         rows, 28 figures lost with no word (attack57)",
    ),
    (
        "wild/schbench/github-2026-05-sched-bench-i9-ipcc-one-interval-block-then-end-no-average-rps.txt",
        Damage::Wrapped72,
        "as corpus-modern schbench 01: the Request report's 6 figures lost with no word (attack57)",
    ),
    (
        "wild/schbench/lkml-2023-06-schbench-L-hash-prefixed-swqueue-disabled-enabled-commands-avg-worker-transfer.txt",
        Damage::Wrapped72,
        "as corpus-modern schbench 01: both Wakeup reports' 14 figures lost with no word (attack57)",
    ),
    (
        "wild/redis_benchmark/gh-readme-zh-rotom-redis-benchmark-7x-csv-latency-cols-default-then-P10-fenced-commands.txt",
        Damage::Wrapped72,
        "`\"LPUSH (needed to benchmark` / `LRANGE)\",\"292397.66\",…`: the `--csv` rows of the long-named tests \
         broken inside their quoted name, 84 figures lost with no word (attack57)",
    ),
    (
        "wild/mixed/lkml-2024-08-suren-vma-lock-rfc-mmtests-no-header-then-gnu-time-wrapped-after-avgdata.txt",
        Damage::Wrapped72,
        "`Hmean  faults/cpu-4  434571.7116 (   0.00%)  431214.3974 *` / `-0.77%*`: no row whole, the mmtests \
         table (32 figures) not taken, no word (attack57)",
    ),
    (
        "wild/mixed/lkml-2023-04-hegde-eevdf-power10-480cpu-methods-lmbench-stream-unixbench-schbench-hackbench-colon-comma-pct-cells-not-read.txt",
        Damage::Wrapped72,
        "`… :152.98,   158.34(-3.50),  155.07(-1.36),` / `157.57(-3.00)` and the header's last kernel wrapped: \
         the Method 3 tables' 168 figures lost with no word (attack57)",
    ),
    (
        "wild/mixed/lkml-2024-02-arora-preempt-auto-perf-stat-repeat-sched-messaging-and-kernbench-plus-minus-table-read-as-means.txt",
        Damage::Wrapped72,
        "`… ( +-` / `1.710% )`: the last script line and the one under it not read, its label over nothing, every \
         label lost: PREEMPT_AUTO and PREEMPT_DYNAMIC averaged as one set-up; `-t -l 5000` cut off the command; \
         the kernbench table's 36 figures lost with no word (rewrap258)",
    ),
    (
        "wild/mixed/lkml-2024-02-arora-preempt-auto-perf-stat-repeat-sched-messaging-and-kernbench-plus-minus-table-read-as-means.txt",
        Damage::Wrapped76,
        "`… -t -l` / `5000`: the command counted read as `… -t -l`; the kernbench table's names and rows broken, \
         its 36 figures lost with no word (rewrap258)",
    ),
    (
        "wild/perf_stat/netdev-2020-10-olsa-bpf-trampoline-perf-stat-table-r10-two-tables-individual-runs-final-result-no-header.txt",
        Damage::Wrapped72,
        "`… ./src/bpftrace -ve` / `'kfunc:… exit();}'`: the command counted (the 24 figures' group) cut to \
         `./src/bpftrace -ve`, silently (rewrap258)",
    ),
    (
        "wild/perf_stat/netdev-2020-10-olsa-bpf-trampoline-perf-stat-table-r10-two-tables-individual-runs-final-result-no-header.txt",
        Damage::Wrapped76,
        "as at 72 (rewrap258)",
    ),
    (
        "wild/aim7/lkml-2003-08-reaim-quoted-2runs-define-lines-as-labels-glued-cols.txt",
        Damage::Wrapped76,
        "each quoted row's JTI on an unquoted line of its own (`> 100  110.25 … 3.29` / `96`): taken for a reply \
         under the quote, the `#define …` label ended after each run's first row: rows 200-500 of the two set-ups \
         (68 figures) averaged as one, silently (rewrap258)",
    ),
    (
        "wild/aim7/lkml-2003-08-reaim-quoted-2runs-define-lines-as-labels-glued-cols.txt",
        Damage::Wrapped72,
        "the first `#define … 0 /* (…)` label's `*/` wrapped onto an unquoted line of its own: the define was no \
         longer right over the command line, the first run's 41 figures unlabelled, silently (rewrap258, silent59)",
    ),
    (
        "wild/will_it_scale/blog-freebsd-2018-mmap1-pf4-before-after-head-ebr-labels-under-prompt-then-commented-out-pf1-runs-svg-names.txt",
        Damage::Wrapped72,
        "`… ./page_fault4_processes` / `-t 96 -s 5`: the binary read with 1 task (its `-t 96` on the next line), \
         and the wrapped options part of each label below (`-t 96 -s 5 / HEAD`), silently (rewrap258, silent59)",
    ),
    (
        "wild/will_it_scale/blog-freebsd-2018-mmap1-pf4-before-after-head-ebr-labels-under-prompt-then-commented-out-pf1-runs-svg-names.txt",
        Damage::Wrapped76,
        "`… ./page_fault4_processes -t 96` / `-s 5`: `-s 5` part of each label below (`-s 5 / HEAD`), the last \
         runs' `EBR` lost, silently (rewrap258, silent59)",
    ),
    (
        "wild/mixed/lkml-2001-09-dbench1x-and-bonnie1-preempt-vs-vanilla-label-lines-trailing-notes.txt",
        Damage::QuotedPrintable,
        "the long label line `linux-2.4.10-pre6 with … (pre5 =` / `patches` / `applied to pre6), …`: the line the \
         soft break emptied parted the paragraph, the first line stood alone as a label, the first runs' 23 \
         figures labelled unlike the clean file's, no word (damage58, silent59)",
    ),
    (
        "wild/fio/lkml-2020-03-khlebnikov-quotes-ming-4-deep-run-status-only-io-figure-split-155-88MiB-bullet-labels-commit-aside.txt",
        Damage::QuotedPrintable,
        "lines emptied by soft breaks parted paragraphs: the runs labelled `3) result` and `88MiB (1665MB), \
         run=20001-20001msec` for `v5.6-rc with this patch` and `commit 112f158f66cb`, no word (damage58, silent59)",
    ),
    (
        "wild/perf_bench/sst-admin-guide-copy-perf-bench-sched-pipe-4runs-root-prompt-with-and-without-blank-turbostat.txt",
        Damage::QuotedPrintable,
        "a line emptied by a soft break: a run labelled `execute::` for `Intel(R) SST-BF Capabilities / taskset -c \
         5,6`, a warning lost (damage58, silent59)",
    ),
    (
        "wild/redis_benchmark/protodb-md-redis-benchmark-q-r-1000000-t-differs-and-memtier-server-thread-headings.txt",
        Damage::QuotedPrintable,
        "a line emptied by a soft break: 39 memtier figures' label gained ` / [...]`, no word (damage58, silent59)",
    ),
    (
        "wild/aim7/lkml-2003-08-reaim-quoted-2runs-define-lines-as-labels-glued-cols.txt",
        Damage::UnexpandTabs,
        "the `#define BIO_VMERGE_BOUNDARY\t  0` label kept the editor's tab: 82 figures under a label unlike the \
         clean file's, no word (damage58, silent59)",
    ),
    (
        "wild/bonnie/lkml-2002-10-bonnie13-sync-charunlk-nfs-2kernels-hash-headings.txt",
        Damage::Wrapped72,
        "each title line broken in two (`---Sequential Output (sync)----- ---Sequential Input--` / `--Rnd Seek-`): \
         the two lines above the header were the second title's, `sync` = `yes` lost on all 36 figures, silently \
         (rewrap58, silent59)",
    ),
    (
        "wild/bonnie/lkml-2002-10-bonnie13-sync-charunlk-nfs-2kernels-hash-headings.txt",
        Damage::Wrapped76,
        "as at 72, the rests `Seek-` and `(03)-` (rewrap58, silent59)",
    ),
    (
        "wild/mixed/lkml-2002-12-tiobench032-old-dir-dot-table-plus-bonnie-nosync-variant-2sizes-prompts-glued-size.txt",
        Damage::Wrapped72,
        "the header's first line broken (`… Seq Write  Rand` / `Write`): its operations counted from `Write` \
         alone, one for four, the table not found: the tiobench segment gone, 48 figures lost without a word; then \
         each wrapped row's Random Writes CPU Eff (its CPU% on the next line) (rewrap58, silent59)",
    ),
    (
        "wild/tiobench/lkml-2001-01-tiobench-old-table-3-setups-one-kernel-2.4.1pre3-mmap-marcelo-blk-triple-quoted-first.txt",
        Damage::Wrapped72,
        "the quoted table's header broken (`… Rate (CPU%)` / `Rate (CPU%)`): the continuation refused for its \
         `Rate`, the `with mmap()` table's 12 figures lost, and the third table's header as in the 2002-12 post, \
         silently (rewrap58, silent59)",
    ),
    (
        "wild/tiobench/lkml-2001-01-tiobench-old-table-3-setups-one-kernel-2.4.1pre3-mmap-marcelo-blk-triple-quoted-first.txt",
        Damage::Wrapped76,
        "each row's last CPU% on an unquoted line of its own: its Random Writes CPU Eff not computed (3 lost), the \
         quoted row's CPU% at depth 0 a set-up apart from its Rate, silently (rewrap58, silent59)",
    ),
    (
        "wild/mixed/sbc-bench-05-odroid-xu4-4.9-tinymembench-little-then-big-core-dashes-between-rows-openssl-unmarked-row-pairs.txt",
        Damage::Wrapped72,
        "the openssl speed header re-wrapped (`type  16 bytes … 8192` / `bytes  16384 bytes`) and its rows: the \
         segment not detected in the mixed report, its 36 figures lost without a word (rewrap58, silent59)",
    ),
    (
        "wild/mixed/sbc-bench-05-odroid-xu4-4.9-tinymembench-little-then-big-core-dashes-between-rows-openssl-unmarked-row-pairs.txt",
        Damage::Wrapped76,
        "the openssl speed header re-wrapped (`type  16 bytes … 8192` / `bytes  16384 bytes`) and its rows: the \
         segment not detected in the mixed report, its 36 figures lost without a word (rewrap58, silent59)",
    ),
    (
        "wild/mixed/sbc-bench-093-odroid-n2plus-5.10-tinymembench-under-executing-on-cpu0-cpu2-cortex-lines-then-openssl-each-cluster-unmarked-rows.txt",
        Damage::Wrapped76,
        "the openssl speed header re-wrapped (`type  16 bytes … 8192` / `bytes  16384 bytes`) and its rows: the \
         segment not detected in the mixed report, its 36 figures lost without a word (rewrap58, silent59)",
    ),
    (
        "wild/mixed/sbc-bench-0940-h616-tinymembench-nuumio-repeats-and-stddev-in-brackets-then-openssl-speed-twice-interleaved-rows.txt",
        Damage::Wrapped72,
        "the openssl speed header re-wrapped (`type  16 bytes … 8192` / `bytes  16384 bytes`) and its rows: the \
         segment not detected in the mixed report, its 36 figures lost without a word (rewrap58, silent59)",
    ),
    (
        "wild/mixed/sbc-bench-0940-h616-tinymembench-nuumio-repeats-and-stddev-in-brackets-then-openssl-speed-twice-interleaved-rows.txt",
        Damage::Wrapped76,
        "the openssl speed header re-wrapped (`type  16 bytes … 8192` / `bytes  16384 bytes`) and its rows: the \
         segment not detected in the mixed report, its 36 figures lost without a word (rewrap58, silent59)",
    ),
    (
        "wild/netperf/gh-md-netperf-2.6-omni-O-tcp-rr-latency-banner-below-command-time-4runs-b2-then-b8.txt",
        Damage::Wrapped72,
        "`… netperf -H … -l` / `-600000 -t TCP_RR … -O` / `min_latency,…` and each values row's last figure \
         wrapped: no omni command seen, the 5 runs' 30 figures lost with no word (attack57)",
    ),
    (
        "wild/mmtests/lkml-2023-02-huang-quotes-bharata-ibs-underlined-titles-header-only-on-first-table-duration-ops-rows.txt",
        Damage::UnexpandTabs,
        "the rows' tabs left them unmeasured against the title over them: `dbench4 Latency` taken for the header \
         naming the columns, the dbench latencies filed under kernels `dbench4` and `Latency` (damage58)",
    ),
    (
        "wild/mmtests/linux-mm-2018-12-mgorman-lkp-reply-glued-duration-header-headerless-vmstat-blocks.txt",
        Damage::UnexpandTabs,
        "the glued header (tabs in it) refused: the Duration rows' User/System/Elapsed of both kernels (6) lost with \
         no word (damage58)",
    ),
    (
        "wild/mixed/sbc-bench-05-odroid-xu4-4.9-tinymembench-little-then-big-core-dashes-between-rows-openssl-unmarked-row-pairs.txt",
        Damage::UnexpandTabs,
        "`type\\t\\t 16 bytes`: openssl speed not detected, its 36 figures under tinymembench lost with no word \
         (damage58)",
    ),
    (
        "wild/mixed/sbc-bench-093-odroid-n2plus-5.10-tinymembench-under-executing-on-cpu0-cpu2-cortex-lines-then-openssl-each-cluster-unmarked-rows.txt",
        Damage::UnexpandTabs,
        "as the XU4's: openssl speed's 36 figures lost with no word (damage58)",
    ),
    (
        "wild/mixed/sbc-bench-0940-h616-tinymembench-nuumio-repeats-and-stddev-in-brackets-then-openssl-speed-twice-interleaved-rows.txt",
        Damage::UnexpandTabs,
        "as the XU4's: openssl speed's 36 figures lost with no word (damage58)",
    ),
    (
        "wild/fio/lkml-2022-04-mglru-v10-09-mixed-workloads-5.18-rc1-patch1-9-row-printed-twice-qp.txt",
        Damage::UnexpandTabs,
        "`\\t\\tOps/sec` (two bytes of indent for sixteen columns) taken for the block heading over the title: the \
         memcached rows' `setup` = `Mixed workloads` lost, silently (damage58)",
    ),
    (
        "wild/fio/lkml-2022-09-mglru-v15-09-mixed-workloads-four-hand-tables-patch1-9-row-printed-twice.txt",
        Damage::UnexpandTabs,
        "as v10's: the memcached rows' `setup` lost, silently (damage58)",
    ),
    (
        "wild/iperf3/lkml-2025-09-h68k-pan-openwrt-iperf3-reflowed-role-word-glued-before-next-summary-quoted-twice-lan-wan-labels.txt",
        Damage::UnexpandTabs,
        "`0.00-10.00\\tsec`: the re-flowed role words not put back, the four sender figures lost with no word \
         (damage58)",
    ),
    (
        "wild/mixed/lkml-2024-02-arora-preempt-auto-perf-stat-repeat-sched-messaging-and-kernbench-plus-minus-table-read-as-means.txt",
        Damage::QuotedPrintable,
        "the kernbench `+-` table's names and rows broken at 76 columns: the lines the soft breaks emptied ended \
         the table, its 36 figures and its note lost with no word (damage58)",
    ),
    (
        "wild/iperf3/linux-arm-2019-10-mt76x2e-qp-quoted-twice-roles-wrapped-to-next-line-udp-sum-lost-total-header-wrapped.txt",
        Damage::QuotedPrintable,
        "a raw quoted-printable mail encoded once more: its own soft breaks (`Lost/To=` / `tal`) decoded but not \
         joined, the UDP block labelled `tal` (damage58)",
    ),
    (
        "wild/iperf3/linux-arm-2019-10-mt76x2e-qp-quoted-twice-roles-wrapped-to-next-line-udp-sum-lost-total-header-wrapped.txt",
        Damage::TrailingBlanks,
        "`> >=20  `: an encoded blank before transport's blanks refused as no encoder's, the mail left undecoded, \
         the UDP block labelled `tal` (damage58)",
    ),
    (
        "wild/iperf3/linux-wireless-2024-04-ar5523-qp-soft-breaks-split-sender-receiver-words-plain-reverse-bidir.txt",
        Damage::QuotedPrintable,
        "a raw quoted-printable mail encoded once more (`send=` / `=3D` / `er`): the role words left on lines of \
         their own, the sender and receiver figures of both runs (4) lost with no word (damage58)",
    ),
    (
        "wild/sysbench/gh-sysbench-311-sysbench-1.1-oltp-ro-command-wrapped-cut.txt",
        Damage::QuotedPrintable,
        "the command wrapped at `--mysql-` met the line its soft breaks emptied, not its rest: test \
         `oltp_read_only` read as `oltp`, `threads` lost, silently (damage58)",
    ),
    (
        "wild/perf_bench/lkml-2022-riscv-pmu-v5-repost-quoted-qp-hifive-g25-qemu-g1-stat-and-record-plus-hackbench-time-under-perf-bench-command.txt",
        Damage::QuotedPrintable,
        "a raw quoted-printable repost encoded once more (`=3D3D`): its own soft breaks not joined, `groups`, \
         `ipc` and `loops` lost and perf stat's counts of the wrapped command lost, silently (damage58)",
    ),
    (
        "wild/dbench/blog-dbench4-5storage-backends-4clients-md-table-elided-progress-missing-ops.txt",
        Damage::BarQuoted,
        "the page quoted whole with `| `: its Markdown table's rows (`| | Method | … |`) made the block no quote, \
         the dbench output left under its bars, 238 figures read as 10, no word (damage58)",
    ),
    (
        "wild/netperf/lkml-2023-05-netperf-sh-4-setups-staggered-two-line-header-peterz.txt",
        Damage::UnexpandTabs,
        "the staggered header's names placed by bytes, its tabs one each: the four set-ups' names fell in another \
         order, TCP_SENDFILE-1's 40495.7 filed under NO_WA_BIAS (NO_WA_WEIGHT's), all 100 figures under a \
         neighbour's name, no word (damage58)",
    ),
    (
        "wild/lkp-compare/lkml-2025-03-netperf-tcp-crr-improvement-monitors-elided.txt",
        Damage::UnexpandTabs,
        "`^I %stddev     %change^I     %stddev`: every row refused, the file skipped with \"nothing read\" (13 of the \
         wild lkp-compare files so; damage58)",
    ),
    (
        "wild/dbench/lkml-2003-08-dbench2x-gnus-ES-quoted-fs-labels-db2sh-average.txt",
        Damage::Wrapped72,
        "`16 procs    ext3-extents (definitely` / `enabled)`: the label's rest a label line over every later run, \
         one set-up in two (`ext3-extents (definitely`, `enabled) / ext3 (patched but disabled)`), the four db2.sh \
         runs `label=enabled)`, 6 figures, no word (rewrap58, silent59)",
    ),
    (
        "wild/dbench/lkml-2001-09-dbench1x-command-prefix-dbench-16-under-linux-kernel-lines-quoted-and-loaded-rerun.txt",
        Damage::Wrapped72,
        "`… I have (while still` / `running):` over `linux-2.4.10-pre12aa1`: the sentence's tail a label \
         (`running) / linux-2.4.10-pre12aa1`), so no label was a kernel's and all three runs lost their kernel, \
         no word (rewrap58, silent59)",
    ),
    (
        "wild/iperf3/linux-arm-2019-10-mt76x2e-qp-quoted-twice-roles-wrapped-to-next-line-udp-sum-lost-total-header-wrapped.txt",
        Damage::Wrapped72,
        "each UDP `[SUM]` line broken after `ms` too (`… 0.000 ms` / `0/115894` / `(0%)  sender`): both UDP \
         summaries' 8 figures lost, no word (rewrap58, silent59)",
    ),
    (
        "wild/sysbench/gh-md-zh-aliyun-sysbench-0.5-unindented-desktop-vs-1.1-throughput-block-cloud-host-ratio-table-fileio-iops-lines.txt",
        Damage::Wrapped76,
        "`sysbench --time=60 --events=10000` / `/usr/local/share/sysbench/oltp_read_write.lua --table-size=200000` / \
         `--db-driver=mysql …` / `--mysql-password=123456 --mysql-db=test_wjl run`: the command's last rest (under \
         an options line, not the command) labelled the OLTP run `云主机B / --mysql-password=123456 … run`, 3 \
         figures, no word (rewrap58, silent59)",
    ),
    (
        "wild/sysbench/gh-sysbench-229-sysbench-0.4.12-fileio-seqwr-elided.txt",
        Damage::Wrapped72,
        "`# sysbench --test=fileio --file-test-mode=seqwr --file-fsync-freq=0` / `--file-num=1 --file-block-size=2M \
         run`: the command's rest a label, the run's `files=1 block_size=2Mb` lost, no word (rewrap58, silent59)",
    ),
    (
        "wild/sysbench/gh-sysbench-229-sysbench-0.4.12-fileio-seqwr-elided.txt",
        Damage::Wrapped76,
        "as at 72 (rewrap58, silent59)",
    ),
    (
        "wild/openssl_speed/blog-md-ovh-vps-openssl-3.0.13-rsa2048-then-multi-nproc-elided-then-more-cores-no-command.txt",
        Damage::Wrapped72,
        "openssl's `compiler: gcc -fPIC …` broken over eight lines: its rest `-fstack-protector-strong \
         -fstack-clash-protection -Wformat` labelled the rsa2048 run (2 figures), no word (rewrap58, silent59)",
    ),
    (
        "wild/openssl_speed/blog-md-ovh-vps-openssl-3.0.13-rsa2048-then-multi-nproc-elided-then-more-cores-no-command.txt",
        Damage::Wrapped76,
        "as at 72 (rewrap58, silent59)",
    ),
    (
        "wild/perf_bench/bpf-2024-perf-bench-sched-messaging-l-100000-qp-eq3D-under-perf-stat-3-labelled-runs-reply-inside-quote.txt",
        Damage::Wrapped72,
        "perf stat's `Performance counter stats for 'perf bench sched messaging -l` / `100000':`: the second and \
         third runs' `ipc=socket loops=100000` lost (2 figures a set-up apart from the first's), no word (rewrap58, \
         silent59)",
    ),
    (
        "wild/perf_stat/lkml-2023-08-peterz-eevdf-run-to-parity-perf-stat-a-repeat-10-two-blocks-under-echo-features.txt",
        Damage::Wrapped72,
        "`perf stat -a -e context-switches --repeat 10 -- perf bench sched` / `messaging -g 20 -t -l 5000`: the group \
         the cut command `perf bench sched`, its options lost, 4 figures, no word (rewrap58, silent59)",
    ),
];

/// The bytes of a case's file: a fixture under `tests/fixtures`, or with
/// `shared:` the shared corpus at `../shared` (`None`, said, when it is
/// absent: its files stay out of the repository).
fn case_bytes(file: &str) -> Option<Vec<u8>> {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let path = match file.strip_prefix("shared:") {
        Some(rel) => {
            let path = here.join("../shared").join(rel);
            if !path.is_file() {
                eprintln!("{} not found (shared corpus absent?), skipping", path.display());
                return None;
            }
            path
        }
        None => here.join("tests/fixtures").join(file),
    };
    Some(std::fs::read(&path).unwrap_or_else(|e| panic!("{file}: {e}")))
}

/// What a sample says, its line and its `quoting` parameter aside.
type Key = common::SampleKey;

fn read(bytes: &[u8]) -> (Vec<Key>, usize) {
    common::sample_keys(bytes, "quoting")
}

#[test]
fn damaged_real_files_read_as_whole() {
    let mut wrong = Vec::new();
    for (file, damage, before) in CASES {
        let Some(bytes) = case_bytes(file) else { continue };
        let (clean, clean_warnings) = read(&bytes);
        assert!(!clean.is_empty(), "{file}: nothing read whole");
        let (got, warnings) = read(&damaged(&bytes, *damage));
        if got != clean || warnings < clean_warnings {
            let lost: Vec<&Key> = beyond(&clean, &got).into_iter().take(3).collect();
            let new: Vec<&Key> = beyond(&got, &clean).into_iter().take(3).collect();
            wrong.push(format!(
                "{file} ({damage:?}; before the fix: {before}): {} samples for {}, warnings {warnings} for \
                 {clean_warnings}; lost {lost:?}; new {new:?}",
                got.len(),
                clean.len()
            ));
        }
    }
    assert!(wrong.is_empty(), "{} damaged files read otherwise:\n{}", wrong.len(), wrong.join("\n"));
}

/// Real files whose damage moves no figure but whose warnings of figures
/// lost in the clean file too are fewer: (fixture, damage, what was read
/// before the fix, why the warnings are fewer). The samples must be the
/// clean file's, as in [`CASES`].
const SAME_SAMPLES: &[(&str, Damage, &str, &str)] = &[
    (
        "wild/bonnie_pp/linuxmm-2000-08-bonnie++100-bon_csv2txt-nan-seeks-int-min-cpu-wrapped-kernel-in-csv-name.txt",
        Damage::Wrapped72,
        "bon_csv2txt's `--------RandomCreate--------` title piece on a line of its own: the 14 create figures \
         under it labelled `RandomCreate` for `bonnie++ -s 512`, silently (rewrap58, silent59)",
        "at 72 the first I/O row's trailing blank (`… 10   nan `) wraps into an empty line, so the row's paragraph \
         ends above the segment bonnie++ reads (from line 12) and no segment takes the clean file's `nan is no \
         figure` warning; the row is still said unread (`I/O header without a result row`) in both \
         (attackfix59 × silent59)",
    ),
    (
        "wild/lkp-compare/lkml-2020-06-guittot-quotes-xing-reaim-4-commits-every-row-wrapped-two-depths-first-table-split-by-reply.txt",
        Damage::Wrapped76,
        "the kernel test robot's `commit:` over its list of commits labelled the first table's 16 rows \
     `label=commit` (the later tables' headers, wrapped otherwise, none), silently (rewrap58, silent59)",
        "the first table's rows after the reply are read in neither (its head is above the reply); of the 6 the \
     clean file warns of one by one, the two rows wrapped inside `± 2%` at 76 get no warning of their own",
    ),
    (
        "wild/sysbench/gh-md-ru-sysbench-1.0.20-tpcc-pgsql-sql-statistics-only-2-attempts-pgtune-block-between-typed-tps.txt",
        Damage::Wrapped72,
        "`./tpcc.lua --pgsql-user=postgres …` broken in three: its last rest (`--pgsql-password=… --db-driver=pgsql \
         run`, under an options line) labelled the first attempt's 2 figures for `- Попытка 1`, no word (rewrap58, \
         silent59)",
        "the clean file's line 3 (`Настройки по умолчанию. … Основная команда тестирования:`) is warned of as a label \
         too long to be one; wrapped, it is two lines (`… минутный прогон,` / `чтобы заполнить все кэши. Основная \
         команда тестирования:`), the first no line over the runs, and that warning is not given (the label is the \
         clean file's)",
    ),
    (
        "wild/sysbench/gh-md-ru-sysbench-1.0.20-tpcc-pgsql-sql-statistics-only-2-attempts-pgtune-block-between-typed-tps.txt",
        Damage::Wrapped76,
        "as at 72 (rewrap58, silent59)",
        "as at 72",
    ),
];

#[test]
fn damaged_real_files_read_the_same_samples() {
    for (file, damage, before, fewer) in SAME_SAMPLES {
        let Some(bytes) = case_bytes(file) else { continue };
        let (clean, _) = read(&bytes);
        assert!(!clean.is_empty(), "{file}: nothing read whole");
        let (got, _) = read(&damaged(&bytes, *damage));
        assert!(got == clean, "{file} ({damage:?}; before the fix: {before}; warnings fewer: {fewer})");
    }
}

/// Real files whose damage loses figures that cannot be read back for
/// sure: (fixture, damage, a warning the damaged file must give, what was
/// read before the fix). What is read must be what the clean file reads
/// (nothing new, nothing filed otherwise); what is lost, said.
const WARNED: &[(&str, Damage, &str, &str)] = &[
    (
        "wild/mixed/lkml-2002-01-tiobench-and-bonnie-nosync-quoted-seek-cpu-wrapped.txt",
        Damage::Wrapped76,
        "expected a Bonnie result row",
        "Bonnie's header broken at 76 columns: its row `1*1024  9854 100.0 109124 51.0 …` (its seeks wrapped off) \
         read as a row of the old tiobench table 16 lines above, 11 Bonnie figures filed as tiobench's (dir \
         `1*1024`, file size 9854, threads 109124), no word (session 58)",
    ),
    (
        "wild/lmbench_raw/linuxmm-2009-01-lmbench3-tool-lines-slash-2kernels-legend-quoted-mappings-then-summary.txt",
        Damage::Wrapped72,
        "an lmbench summary table",
        "the summary table's header and rows broken over lines (`> > localhost Linux 2.6.28D   1678 0.26 … 2.30` \
         / `129. 494. 2172`): no lmbench table found, its 44 figures lost without a word (rewrap58, silent59)",
    ),
    (
        "wild/lmbench_raw/linuxmm-2009-01-lmbench3-tool-lines-slash-2kernels-legend-quoted-mappings-then-summary.txt",
        Damage::Wrapped76,
        "an lmbench summary table",
        "as at 72 (rewrap58, silent59)",
    ),
    (
        "wild/mixed/lkml-2001-12-tiobench-old-dir-dot-1792mb-plus-bonnie-nosync-seeks-cpu-wrapped-alone-plus-hdparm.txt",
        Damage::Wrapped76,
        "expected a Bonnie result row",
        "as the 2002-01 post: Bonnie's figures filed as tiobench's, no word (session 58)",
    ),
];

/// The samples of `got` beyond those of `clean`, counted (both sorted):
/// a sample read twice where the clean file reads it once is one read
/// anew (a run filed twice under one key), not one already read.
fn beyond<'a>(got: &'a [Key], clean: &[Key]) -> Vec<&'a Key> {
    let mut out = Vec::new();
    let mut c = clean.iter().peekable();
    for k in got {
        while c.next_if(|x| *x < k).is_some() {}
        if c.next_if(|x| *x == k).is_none() {
            out.push(k);
        }
    }
    out
}

#[test]
fn damaged_real_files_read_nothing_new_and_say_what_they_lose() {
    for (file, damage, warning, before) in WARNED {
        let Some(bytes) = case_bytes(file) else { continue };
        let (clean, _) = read(&bytes);
        let damaged = damaged(&bytes, *damage);
        let (got, _) = read(&damaged);
        let new = beyond(&got, &clean);
        assert!(new.is_empty(), "{file} ({damage:?}; before: {before}): read anew {new:?}");
        let outcome = benchsite::site::parse_bytes(&damaged, None);
        let said: Vec<&str> = outcome.warnings.iter().map(|w| w.1.as_str()).collect();
        assert!(said.iter().any(|w| w.contains(warning)), "{file} ({damage:?}; before: {before}): {said:?}");
    }
}

/// [`beyond`] counts: a key twice where the clean file has it once is one
/// too many (as a set it was none).
#[test]
fn beyond_counts_keys() {
    let k = |s: &str| -> Key { (s.into(), "-".into(), "-".into(), String::new(), "m".into(), "1".into()) };
    assert_eq!(beyond(&[k("a"), k("a")], &[k("a")]), vec![&k("a")]);
    assert!(beyond(&[k("a"), k("b")], &[k("a"), k("a"), k("b")]).is_empty());
    assert_eq!(beyond(&[k("c")], &[k("a"), k("b")]), vec![&k("c")]);
}

/// The damages themselves: a tab to its stop, `=` escaped, quoting on
/// blank lines without its space.
#[test]
fn damages_are_what_they_say() {
    assert_eq!(damaged(b"a\tb\n12345678\tc\n", Damage::ExpandTabs), b"a       b\n12345678        c\n");
    assert_eq!(damaged(b"ab      c  d\n> x       y\n", Damage::UnexpandTabs), b"ab\tc  d\n> x\t  y\n");
    assert_eq!(damaged(b"x=1\n", Damage::QuotedPrintable), b"x=3D1\n");
    assert_eq!(damaged(b"a\n=20\nb", Damage::TrailingBlanks), b"a  \n=20  \nb  ");
    assert_eq!(damaged(b"| a |\n\nb\n", Damage::BarQuoted), b"| | a |\n|\n| b\n");
    assert_eq!(damaged(b"a\n\nb\n", Damage::Quoted), b"> a\n>\n> b\n");
    assert_eq!(damaged(b"a\nb", Damage::PastedTwice), b"a\nb\n\na\nb");
    let long = format!("{} tail\n", "x".repeat(70));
    assert_eq!(damaged(long.as_bytes(), Damage::Wrapped72), format!("{}\ntail\n", "x".repeat(70)).into_bytes());
    assert_eq!(damaged(long.as_bytes(), Damage::Wrapped76), long.as_bytes());
}

/// Real files cut short inside a line (a log cut, a paste cut): (fixture,
/// the text the cut file ends with, the first time, a warning it must
/// give, what was read before the fix).
const CUTS: &[(&str, &str, &str, &str)] = &[
    (
        "wild/stress_ng/ghdoc-kata-vm-metrics-brief-md-blockquoted-matrix-stream-4-instance-rates-vm-collapsed-spaces.txt",
        "(instance 0)\n> stress-ng: info:",
        "4 stress-ng instances were started at once, but only 1 printed a report",
        "instance 0's memory rate (10455.21 MB/sec) stood as the 4-instance run's, no word (the mean of the 4 is \
         9885.98; attack57 F5)",
    ),
    (
        "wild/kcbench/blog-md-2025-11-kcbench09-utm-arm64-vm-processor-dash-download-note-2-job-counts.txt",
        "[P:925%, 46",
        "kcbench run line whose bracket (`[P:925%, 46`) does not close on it",
        "a run line wrapped (or cut) inside its bracket dropped its CPU share and major faults with no word \
         (attack57 F8, found wrapped at 72 columns)",
    ),
    (
        "wild/perf_bench/lkml-2023-perf-stat-topdown-around-mem-memcpy-4-functions-qp-soft-breaks-wrap-function-lines-counts-wrapped.txt",
        "88,957      b",
        "the file ends mid-line: `88,957      b` may be cut; left out",
        "the count 88957 of branch-misses:u read under an event `b`, no word (attack57 F6)",
    ),
    (
        "wild/lkp-compare/lkml-2025-11-lkp-improvement-lmbench3-pipe-then-will-it-scale-context-switch1-e-notation-rows-trimmed.txt",
        "will-it-scale.wo",
        "the name may be cut short",
        "362500000 and 384200000 read under a metric `will-it-scale.wo`, no word (attack57, left alone; damage58)",
    ),
    (
        "wild/mixed/gh-pr-scx-cosmos-2025-perf-bench-f-simple-then-schbench-auto-pinning-no-blank-between-interim-reports-cut.txt",
        "(5922641 samples)\n     ",
        "short of the run's default runtime of 30 s",
        "the interim `runtime 10 (s)` reports (the clean file's superseded by line 31) read as the run's figures, no \
         word, though a run with no `-r` lasts 30 s (attack57, left alone; damage58)",
    ),
];

#[test]
fn real_files_cut_short_warn_of_what_they_lost() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    for (file, ends, warning, before) in CUTS {
        let bytes = std::fs::read(root.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let text = String::from_utf8(bytes).expect("UTF-8");
        let at = text.find(ends).unwrap_or_else(|| panic!("{file}: no {ends:?}")) + ends.len();
        let outcome = benchsite::site::parse_bytes(&text.as_bytes()[..at], None);
        let said: Vec<&str> = outcome.warnings.iter().map(|w| w.1.as_str()).collect();
        assert!(said.iter().any(|w| w.contains(warning)), "{file} cut after {ends:?} (before: {before}): {said:?}");
    }
}

/// Real files with one figure damaged (attack59's driver: a cell turned to
/// `NaN`, `1,234.5`): (fixture, line, the cell's text, what it became, the
/// line the warning must name, a warning text it must give, how many
/// figures the damaged file reads fewer than the clean one, what was said
/// before the fix). A bad cell is a warning at its line saying what it
/// cost, never a silent loss of the figures beside it; and since session
/// 60 the rest of the output is read (session 59 only warned: the fs_mark
/// table's 128 figures, the stress-ng run, the schbench column, the
/// lat_mem_rd series were still dropped). The one cell goes, with what the
/// parser works out from it (tiobench's rate and its CPU Eff), and an
/// AIM9 row with its one figure.
/// One [`BAD_CELLS`] case: fixture, line, cell, what it became, the
/// warning's line, its text, figures lost, what was said before.
type BadCell = (&'static str, usize, &'static str, &'static str, usize, &'static str, usize, &'static str);

const BAD_CELLS: &[BadCell] = &[
    (
        "wild/fsmark/linuxxfs-2020-fsmark33-xfs-16thr-32loops-2sets-end-of-run-minmax-line-time-slabtop.txt",
        40,
        "262602.4",
        "262,602.4",
        40,
        "`262,602.4` is no figure: not read, nor what fsmark works out from it; the rest of the line and of the fsmark output was read",
        1,
        "all fs_mark figures lost under \"lines 40-40 (1 lines) skipped\" (attack59 F1)",
    ),
    (
        "wild/mixed/lkml-2005-08-ubench410-index-rows-only-3configs-numbered-plus-dbench-hand-table-plus-lmbench30-3hosts.txt",
        11,
        "93041.0",
        "NaN.0",
        11,
        "`NaN.0` is no figure: not read, nor what unixbench works out from it; the rest of the line and of the unixbench output was read",
        1,
        "all 51 UnixBench figures lost under \"lines 11-11 (1 lines) skipped\" (attack59 F1)",
    ),
    (
        "wild/stress_ng/gh-issue-265-str-freebsd-13.1-vs-arch-metrics-cpu-used-rss-max-columns-bold-os-labels.txt",
        8,
        "101741",
        "NaN",
        8,
        "`NaN` is no figure: not read, nor what stress-ng works out from it; the rest of the line and of the stress-ng output was read",
        1,
        "the whole FreeBSD run dropped (16 samples to 8), no word (attack59 F2)",
    ),
    (
        "wild/schbench/lkml-2021-05-srikar-schbench-2016-three-kernels-side-by-side-pipe-columns-one-pipe-missing-one-glued-3-interval-blocks.txt",
        30,
        "84 (",
        "NaN (",
        30,
        "`NaN` is no figure: not read, nor what schbench works out from it; the rest of the line and of the schbench output was read",
        1,
        "the whole v5.12-rc5 column (9 figures) dropped, no word (attack59 F2)",
    ),
    (
        "wild/tiobench/lkml-2001-01-tiobench-old-table-3-setups-one-kernel-2.4.1pre3-mmap-marcelo-blk-triple-quoted-first.txt",
        10,
        "1.089",
        "NaN",
        10,
        "`NaN` is no figure: not read, nor what tiobench works out from it; the rest of the line and of the tiobench output was read",
        2,
        "the first set-up's table (12 figures) dropped, no word (attack59 F2)",
    ),
    (
        "wild/dbench/lkml-2000-12-dbench1x-quoted-hand-table-6kernels-min-secs-plus-reply-mbs-lines.txt",
        20,
        " 2.8 MB",
        " 1,002.8 MB",
        20,
        "`1,002.8` is no figure: not read, nor what dbench works out from it; the rest of the dbench output was read",
        1,
        "rows 20-24 (5 kernels) dropped, no word (attack59 F2)",
    ),
    (
        "wild/aim9/lkml-2002-11-aim9-akpm-quotes-ciarrocchi-raw-line-pairs-2.4.19-then-2.5.49-no-legend-caret-notes-replies-between-elided.txt",
        8,
        "23752.50",
        "NaN",
        8,
        "`NaN` is no figure: it was not read, nor what aim9 reads with it (a row, a run, a column or a table may be missing)",
        1,
        "the row dropped (32 samples to 31), no word (attack59 F3)",
    ),
    (
        "wild/aim9/lkml-2002-11-aim9-akpm-quotes-ciarrocchi-raw-line-pairs-2.4.19-then-2.5.49-no-legend-caret-notes-replies-between-elided.txt",
        8,
        "23752.50",
        "23,752.50",
        8,
        "`23,752.50` is no figure: it was not read, nor what aim9 reads with it (a row, a run, a column or a table may be missing)",
        1,
        "the row dropped (32 samples to 31), no word (attack59 F3)",
    ),
    (
        "wild/lmbench_raw/ghdoc-numactl-bwmem-9ops-latmemrd-stride128-stream.txt",
        31,
        "1.667",
        "NaN",
        31,
        "`NaN` is no figure: not read, nor what lmbench-raw works out from it; the rest of the lmbench-raw output was read",
        1,
        "the lat_mem_rd series dropped (45 samples to 8) under a warning at line 30 (attack59 F7)",
    ),
    (
        "wild/kernbench/linuxmm-2018-05-kernbench-qp-0A-base-spf-cols-pct-2machines.txt",
        29,
        "526743764",
        "526743,764",
        29,
        "perf stat's count `526743,764` of `faults` is no figure perf prints: not read",
        1,
        "read as 526743.764 faults, the block taken for a decimal-comma locale (only a note) (attack59 F6)",
    ),
    (
        "wild/aim7/lkml-2003-05-reaim-peak-load-jobs-minute-jpm-suffix-AS-deadline-2tables.txt",
        3,
        "4963.36",
        "4,963.36",
        3,
        "`4,963.36` is no figure: not read, nor what reaim works out from it; the rest of the reaim output was read",
        1,
        "the rows after the bad cell dropped without being named (attack59 F9)",
    ),
];

#[test]
fn real_files_with_one_bad_cell_say_what_it_cost() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let count = |o: &benchsite::site::FileOutcome| o.parsed.iter().map(|p| p.samples.len()).sum::<usize>();
    for (file, line, cell, bad, at, warning, lost, before) in BAD_CELLS {
        let text = std::fs::read_to_string(root.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let clean = count(&benchsite::site::parse_bytes(text.as_bytes(), None));
        let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
        let l = &mut lines[line - 1];
        assert!(l.contains(cell), "{file}:{line}: no {cell:?} in {l:?}");
        *l = l.replacen(cell, bad, 1);
        let outcome = benchsite::site::parse_bytes(lines.join("\n").as_bytes(), None);
        assert!(
            outcome.warnings.iter().any(|(w, said)| *w == Some(*at) && said.contains(warning)),
            "{file}:{line} {cell:?} -> {bad:?} (before: {before}): {:?}",
            outcome.warnings
        );
        assert_eq!(clean - count(&outcome), *lost, "{file}:{line} {cell:?} -> {bad:?}: figures lost");
    }
}

/// A figure below 0 of a metric that cannot be (a time, a rate, a size, a
/// count: attack59 F8), put into a real file: (file, line, cell, damaged
/// cell, warning, what happened before, figures lost: 1, or 2 where one
/// derived from it goes too, bonnie's CPU Eff). It is warned at its line
/// and not read; every other figure of the file still is.
const NEGATIVE_FIGURES: &[(&str, usize, &str, &str, &str, &str, usize)] = &[
    (
        "wild/cyclictest/gh-log-oscomp-cyclictest-musl-group-4-cases-begin-end-banners-hackbench-stress-no-time-frame-allocator-lines.txt",
        5,
        "Min:      1 ",
        "Min:      -1 ",
        "`-1` usec for Min: a time is never below 0, so it is no measurement: not read",
        "read as a Min latency of -1 usec (attack59 F8)",
        1,
    ),
    (
        "wild/aim7/lkml-2003-05-reaim-peak-load-jobs-minute-jpm-suffix-AS-deadline-2tables.txt",
        2,
        "5216.68",
        "-5216.68",
        "`-5216.68` jobs/min for Max Jobs per Minute: a rate is never below 0, so it is no measurement: not read",
        "read as -5216.68 jobs/min (attack59 F8)",
        1,
    ),
    (
        "wild/contest/lkml-2002-09-kolivas-0.41-quoted-twice-early-form-percent-star.txt",
        3,
        " 98% ",
        " -98% ",
        "`-98` % for CPU%: a share of processor time is never below 0, so it is no measurement: not read",
        "read as -98 % CPU%: the check went by unit only, and `%` is a difference's unit too (closing-60)",
        1,
    ),
    (
        "wild/kernbench/linuxmm-2007-08-kernbench-quoted-3-simultaneous-runs-same-kernel-container-headings-two-alike.txt",
        10,
        " 237.2 ",
        " -237.2 ",
        "`-237.2` % for Percent CPU: a share of processor time is never below 0, so it is no measurement: not read",
        "read as -237.2 % Percent CPU: kernbench's share was not among the named ones (review61 parse #1)",
        1,
    ),
    (
        "bonnie/bonnie-single-host.txt",
        12,
        "  7012 97.0 ",
        "  7012 -97.0 ",
        "`-97` % for Per Char %CPU: a share of processor time is never below 0, so it is no measurement: not read",
        "read as -97 % Per Char %CPU: bonnie's `<test> %CPU` has unit `%` (review61 parse #1)",
        2,
    ),
    (
        "wild/will_it_scale/cgroups-2024-05-runtest-page-fault2-295-process-52-and-80-tasks-3-setups-dash-underlined-threads-zero.txt",
        6,
        ",0.03,",
        ",-0.03,",
        "`-0.03` % for idle: a share of processor time is never below 0, so it is no measurement: not read",
        "read as -0.03 % idle: will-it-scale's idle time was not among the named shares (review61 parse #1)",
        1,
    ),
];

#[test]
fn real_files_with_a_negative_time_or_rate_warn_and_read_the_rest() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let count = |o: &benchsite::site::FileOutcome| o.parsed.iter().map(|p| p.samples.len()).sum::<usize>();
    for (file, line, cell, bad, warning, before, lost) in NEGATIVE_FIGURES {
        let text = std::fs::read_to_string(root.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let clean = benchsite::site::parse_bytes(text.as_bytes(), None);
        let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
        let l = &mut lines[line - 1];
        assert!(l.contains(cell), "{file}:{line}: no {cell:?} in {l:?}");
        *l = l.replacen(cell, bad, 1);
        let outcome = benchsite::site::parse_bytes(lines.join("\n").as_bytes(), None);
        assert!(
            outcome.warnings.iter().any(|(w, said)| *w == Some(*line) && said.contains(warning)),
            "{file}:{line} {cell:?} -> {bad:?} (before: {before}): {:?}",
            outcome.warnings
        );
        assert_eq!(count(&outcome), count(&clean) - lost, "{file}:{line}: only the negative figure goes");
        assert!(
            outcome.parsed.iter().flat_map(|p| &p.samples).all(|s| s.value.mean() >= 0.0),
            "{file}:{line}: a negative figure read"
        );
    }
}

/// A real dbench 1.x sweep with the second run's `2 clients started` line
/// lost (attack59 F11's paste: one `clients started`, two Throughput
/// lines): the second run was a set-up of its own with no word; now its
/// unknown client count is warned at its result line.
#[test]
fn a_dbench_result_without_its_clients_started_line_is_warned() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let file = "dbench/dbench1x-sweep-dots.txt";
    let text = std::fs::read_to_string(root.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    let mut lines: Vec<String> = text.split('\n').map(str::to_string).collect();
    assert_eq!(lines[3], "2 clients started");
    lines[3].clear();
    let outcome = benchsite::site::parse_bytes(lines.join("\n").as_bytes(), None);
    let warning = "no `N clients started` line for this result: line 1's 1 clients were the result's on line 3";
    assert!(
        outcome.warnings.iter().any(|(w, said)| *w == Some(6) && said.contains(warning)),
        "{file}: {:?}",
        outcome.warnings
    );
}

/// attack59's messages: a NUL byte inside a real file skipped it naming
/// no place; an invalid UTF-8 byte's warning named no line; a file of
/// only whitespace or NUL bytes was "unrecognised". Each now says where,
/// or "empty".
#[test]
fn a_nul_or_invalid_byte_is_placed_and_a_blank_file_is_empty() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let file = "dbench/dbench1x-sweep-dots.txt";
    let text = std::fs::read(root.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
    // The first byte of line 3.
    let line3 = text.iter().enumerate().filter(|(_, b)| **b == b'\n').nth(1).map(|(i, _)| i + 1).unwrap();
    for (byte, said) in [(0u8, format!("a NUL byte at byte {line3}, line 3")), (0xff, "first at line 3".to_string())] {
        let mut damaged = text.clone();
        damaged[line3] = byte;
        let outcome = benchsite::site::parse_bytes(&damaged, None);
        assert!(
            outcome.warnings.iter().any(|(w, t)| *w == Some(3) && t.contains(&said)),
            "{file} byte {byte:#x} at line 3: {:?}",
            outcome.warnings
        );
    }
    for blank in [&b" \n\t\n"[..], b"\0\0\0", b"\n\0\n"] {
        let outcome = benchsite::site::parse_bytes(blank, None);
        assert!(outcome.warnings.iter().any(|(_, t)| t.starts_with("empty file")), "{blank:?}: {:?}", outcome.warnings);
    }
}

/// A real file pasted again below itself with one figure changed (a hand
/// edit, a copy-paste slip): (file, line, cell, changed cell, what
/// happened before). The copy was one more run of each set-up, averaged
/// with the first, without a word; now a warning at the copy names both
/// places and the figure that differs (both stay read: nothing says
/// which is right). True repeated runs, each figure its own, stay silent
/// (every fixture's `.expected`).
const NEAR_COPIES: &[(&str, usize, &str, &str, &str)] = &[
    (
        "wild/unixbench/lkml-2002-09-ubench410-indented-header-index-baseline-is-2.4.19-cut-mid-row.txt",
        16,
        "196276.0",
        "196277.0",
        "the copy a second UnixBench run, File Read averaged 196276.5 KBps, no word (closing-60)",
    ),
    (
        "wild/kernbench/linuxmm-2016-05-kernbench-slub-freelist-kernbench-comma-before-then-after-labels.txt",
        4,
        "101.873",
        "101.874",
        "the copy a second kernbench run of each label, no word (closing-60)",
    ),
    (
        "wild/fio/es-md-2024-glusterfs-fio-3.25-client-two-servers-one-answered-host-prefixes-indented-in-fence.txt",
        10,
        "IOPS=4410",
        "IOPS=4411",
        "the copy a second fio run, IOPS averaged, no word (closing-60)",
    ),
];

#[test]
fn a_real_file_pasted_again_with_one_figure_changed_is_warned_naming_both() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures");
    let count = |o: &benchsite::site::FileOutcome| o.parsed.iter().map(|p| p.samples.len()).sum::<usize>();
    for (file, line, cell, changed, before) in NEAR_COPIES {
        let text = std::fs::read_to_string(root.join(file)).unwrap_or_else(|e| panic!("{file}: {e}"));
        let text = text.trim_end_matches('\n');
        let clean = benchsite::site::parse_bytes(text.as_bytes(), None);
        let mut copy: Vec<String> = text.split('\n').map(str::to_string).collect();
        let l = &mut copy[line - 1];
        assert!(l.contains(cell), "{file}:{line}: no {cell:?} in {l:?}");
        *l = l.replacen(cell, changed, 1);
        let at = text.split('\n').count() + 1 + line;
        let pasted = format!("{text}\n\n{}\n", copy.join("\n"));
        let outcome = benchsite::site::parse_bytes(pasted.as_bytes(), None);
        let named = format!("line {at} ");
        let said = outcome.warnings.iter().any(|(_, w)| {
            w.contains("again, the same lines and set-up")
                && w.contains("but for one figure")
                && w.contains(&named)
                && w.contains(&format!("where line {line} has"))
        });
        assert!(said, "{file}: copy's line {at} {cell:?} -> {changed:?} (before: {before}): {:?}", outcome.warnings);
        assert!(
            count(&outcome) > count(&clean) && outcome.parsed.iter().flat_map(|p| &p.samples).any(|s| s.line == at),
            "{file}: the copy's changed line {at} stays read"
        );
        assert!(
            !clean.warnings.iter().any(|(_, w)| w.contains("again, the same lines and set-up")),
            "{file}: the clean file warned of a near copy"
        );
    }
}

/// attack61 F1: the zh cyclictest README pasted twice panicked (repeats'
/// `stamp` sliced a word's first 4 bytes: `end byte index 4 is not a char
/// boundary; it is inside '测' of `该测试中的cpu核心均被隔离（isolated）。``),
/// `build` with it. Now read, every figure of the clean file among what is
/// read. (The second copy is labelled by the first copy's closing line,
/// so it is not recognised as a paste: a run of its own, under that label;
/// left for the labeller, said in attackfix61's findings.)
#[test]
fn a_real_file_with_multibyte_words_pasted_twice_is_read_without_a_panic() {
    let file = "wild/cyclictest/gh-readme-zh-space-ai-cyclictest-24h-footer-md-escaped-hash-blockquote-blank-quote-lines-then-evl-latmus-footer-same-form.txt";
    let Some(bytes) = case_bytes(file) else { return };
    let (clean, _) = read(&bytes);
    assert!(!clean.is_empty(), "{file}: nothing read whole");
    let (got, _) = read(&damaged(&bytes, Damage::PastedTwice));
    assert!(beyond(&clean, &got).is_empty(), "{file}: lost {:?}", beyond(&clean, &got));
}

/// mend61: the scx-cosmos mail (wild/mixed) with its `perf bench -f simple
/// sched messaging` time `16.135` made `0.000` lost the perf run with no
/// word: its command and figure fell inside schbench's head paragraph,
/// which perf (sure of them, reading nothing) did not get back. Now those
/// lines are left to perf's round, which says why nothing was read; the
/// schbench figures are the clean file's.
#[test]
fn a_perf_bench_simple_time_of_0_in_a_mixed_mail_is_warned() {
    let file = "wild/mixed/gh-pr-scx-cosmos-2025-perf-bench-f-simple-then-schbench-auto-pinning-no-blank-between-interim-reports-cut.txt";
    let Some(bytes) = case_bytes(file) else { return };
    let text = String::from_utf8(bytes).expect("UTF-8");
    assert!(text.contains("\n16.135\n"), "{file}: no 16.135 line");
    let zero = text.replacen("\n16.135\n", "\n0.000\n", 1);
    let outcome = benchsite::site::parse_bytes(zero.as_bytes(), None);
    assert!(
        outcome.warnings.iter().any(|(_, w)| w.contains("perf-bench") && w.contains("`0.000`")),
        "{:?}",
        outcome.warnings
    );
    let (clean, _) = read(text.as_bytes());
    let (got, _) = read(zero.as_bytes());
    assert_eq!(got.len(), clean.len() - 1, "only the perf run goes");
}
