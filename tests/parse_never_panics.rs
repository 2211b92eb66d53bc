//! No parser panics, whatever it is given: every parser of the registry
//! (`benchsite::parse::registry()`), detection and a forced parse (as a
//! `formats:` override forces one), over arbitrary text, arbitrary bytes,
//! and lines of real outputs of every benchmark mixed with junk; and
//! whatever a parser reads is a finite number on a line of its input. One
//! property for all parsers: a new parser is covered once it is registered.

use benchsite::parse::{self, Input};
use proptest::prelude::*;

/// Lines of real outputs (and their broken halves), of every benchmark.
const REAL_LINES: &[&str] = &[
    // aim
    "Benchmark\tVersion\tMachine\tRun Date",
    "AIM Multiuser Benchmark - Suite VII\t\"1.1\"\textreme\tJun  1 07:17:24 2007",
    "Tasks\tJobs/Min\tJTI\tReal\tCPU\tJobs/sec/task",
    "1\t98.9\t\t100\t58.9\t1.3\t1.6482",
    "101\t5547.1\t\t95",
    "Tasks    jobs/min  jti  jobs/min/task      real       cpu",
    "  100   178784.27   94      1787.8427      3.36      7.08   Mon Sep  4 ",
    "10:17:58 2006",
    "Num     Parent   Child   Child  Jobs per   Jobs/min/  Std_dev  Std_dev  JTI",
    "Forked  Time     SysTime UTime   Minute     Child      Time     Percent",
    "4000    119.97   432.86  47.17   204051.01  51.01      11.52    9.99 ",
    "  90",
    "Crossover achieved",
    "Max Jobs per Minute 204051.01",
    "reaim -f /usr/local/share/reaim/workfile.new_dbase",
    "AIM Independent Resource Benchmark - Suite IX v1.1, January 22, 1996",
    "Number       Name      Time (sec)   Count   Rate (loops/sec)    Rate (ops/sec)",
    "     1 add_double           5.05        110   21.78218       392079.21 Thousand Double Precision Additions/second",
    "    54 tcp_test        Skipping to next test.",
    "2 add_float      60.01      1074        17.89702         214764.21 ",
    "Thousand Single Precision Additions/second",
    "",
    // bonnie
    "Version  1.03       ------Sequential Output------ --Sequential Input- --Random-",
    "Machine        Size K/sec %CP K/sec %CP K/sec %CP K/sec %CP K/sec %CP  /sec %CP",
    "access1        256M 10564  96 18951  24  6687   7 10030  88 15949   6",
    "153.8   0",
    "Latency             14019us     228ms     225ms    6137us   52327us     215ms",
    "              files  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP  /sec %CP",
    "                 16   489  99 +++++ +++ +++++ +++   509  98 +++++ +++",
    "access1,256M,10564,96,18951,24,6687,7,10030,88,15949,6,153.8,0,16,489,99",
    ",+++++,+++,+++++,+++,509,98,+++++,+++,1695,97",
    "1.97,1.97,h,1,1,4G,,1093,99,94792,13,45476,6,3950,92,107612,7,220.4,5,16,,,,,",
    "2.4.19",
    "======",
    "Machine    MB K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU K/sec %CPU  /sec %CPU",
    "TEST3     256  3648 100.2 10456 15.2  6044 11.1  3031 89.7 18511 18.6 183.6  2.5",
    "localh 1*1024 20760 97.8 31044  7.6 11462  3.2 15006 69.2 15993  1.6  159.4  0.5",
    // dbench
    "Throughput 9.2929 MB/sec (NB=11.6161 MB/sec  92.929 MBit/sec)",
    "Throughput 13563.9 MB/sec  128 clients  128 procs  max_latency=53.132 ms",
    "Throughput",
    "Throughput 1",
    "max_latency=",
    " Operation      Count    AvgLat    MaxLat",
    " NTCreateX    7236851     0.039     0.303",
    "34.11user 238.89system 7:34.59elapsed 60%CPU (0avgtext+0avgdata",
    "0maxresident)k 0inputs+0outputs (1008major+1402minor)pagefaults 0swaps",
    "37.580u 115.730s 3:51.30 66.2%  0+0k 0+0io 1310pf+0w",
    "real\t1m4.221s",
    "time ./dbench 32",
    "tbench -t 30 -c",
    "16 clients started",
    // generic
    "benchmark: osdb",
    "results:",
    "  - kernel: 2.4.20-pre5",
    "    metric: Throughput",
    "    value: 145.00",
    "    values: [1, 2, 3]",
    "    values:",
    "      - 1",
    "    unit: MB/s",
    "    better: higher",
    "    params: {procs: 64}",
    "    n: 5",
    "    stddev: 1.2",
    "kernel,group,metric,value,unit,better,n,stddev,procs",
    "2.4.19,ext2,Throughput,1.5,MB/s,higher,,,64",
    "\"a,b\",x,y,1,,lower,2,0.5,",
    // irman
    "Test: NULL",
    "Test: FILE_IO",
    "Kernel                         max       min       avg    stddev",
    "2.4.18                      45.955     0.004     0.005     0.061",
    "FILE_IO Response time measurements (milliseconds)",
    "Max Min Avg StdDev",
    "2.4.20-pre4-ac1 40.603 0.008 0.009 0.043",
    "     0.212      0.004      0.005      0.001",
    "2.4.19-ck3-rmap",
    "2.4.19 1.683 0.005",
    // kernbench
    "Average Optimal load -j 8 Run (std deviation):",
    "Average Half Load Run:",
    "Average Maximal load -j Run (std deviation):",
    "Optimal load -j 8 run number 5...",
    "Elapsed Time 28.094 (0.182565)",
    "Elapsed Time 28.094 (",
    "Percent CPU 738",
    "Sleeps",
    "kernbench -n",
    "label:",
    // lmbench
    "                 L M B E N C H  2 . 0   S U M M A R Y",
    "Processor, Processes - times in microseconds - smaller is better",
    "Memory latencies in nanoseconds - smaller is better",
    "    (WARNING - may not be correct, check graphs)",
    "----------------------------------------------------------------",
    "Host                 OS  Mhz null null      open selct sig  sig  fork exec sh  ",
    "                             call  I/O stat clos TCP   inst hndl proc proc proc",
    "--------- ------------- ---- ---- ---- ---- ---- ----- ---- ---- ---- ---- ----",
    "frodo      Linux 2.4.18  797 0.40 0.56 3.18 3.97       1.00 3.18 115. 1231 13.K",
    "OS 0K File 10K File Mmap Prot Page",
    "Create Delete Create Delete Latency Fault Fault",
    "--------------- ------ ------ ------ ------ ------- ----- -----",
    "Linux 2.4.17 123.9 165.6 677.1 242.8 2602 1.076 8.0",
    "Host                 OS   Mhz  L1 $   L2 $    Main mem    Guesses",
    "--------- -------------   ---  ----   ----    --------    -------",
    "frodo      Linux 2.4.18   797 3.767 8.7890  158.9    No L2 cache?",
    "rhel-vm01 Linux 4.18.0-",
    "                          0    1.2%    5%     0     1%      0      2%",
    "[lmbench3.0 results for Linux host 5.4.0 #1 SMP]",
    "[MHZ: 2998 MHz, 0.33 nanosec clock]",
    "\"stride=128",
    "\"size=32k ovr=1.23",
    "\"File system latency",
    "\"mappings",
    "0k\t1000\t7905\t16000",
    "2 3.45",
    "0.00049 1.186",
    "268.44 13805.57 MB/sec",
    "Socket bandwidth using localhost",
    "Select on 100 fd's: 2.6 microseconds",
    "./bin/x86_64-linux-gnu/bw_mem -P 1 268435456 rd",
    "make[1]: Entering directory `/x'",
    // osdb
    "\"osdb\"",
    "\"Invoked: ./bin/osdb-pg --nomulti\"",
    "                 create_tables()\t0.10 seconds\treturn value = 0",
    "              populateDataBase()\t355.06 seconds\treturn value = 0",
    "\"Logical database size 40MB\"",
    "\"Logical database size 40.0000MB (38.1470MiB, 100000 tuples/relation)\"",
    "                 upd_app_t_mid()\t0.00 seconds\treturn value = 1",
    "\"Single User Test\"\t806.78 seconds\t(0:13:26.78)",
    "2.4.19 \"Single User Test\"\t806.78 seconds\t(0:13:26.78)",
    "\"Executing multi-user tests with 10 user tasks\"",
    "Mixed IR (tup/sec)\t123.4567\treturned in 5.0012 minutes",
    "CrossSectionTests(Mixed IR)\t12.5",
    "\"Multi-User Test\"\t3620.15 seconds\t(1:00:20.15)",
    // time
    "34.11user 238.89system",
    "0maxresident)k",
    "0inputs+0outputs (1008major+1402minor)pagefaults 0swaps",
    "\tUser time (seconds): 34.11",
    "\tElapsed (wall clock) time (h:mm:ss or m:ss): 7:34.59",
    "\tPercent of CPU this job got: ",
    "real 1m4.221s 0m56.916s",
    "   ac12   ac12-pmap2",
    "===[ test A",
    "sys 0m",
    // tiobench
    "Sequential Reads",
    "                              File  Blk   Num                   Avg      Maximum      Lat%     Lat%    CPU",
    "Identifier                    Size  Size  Thr   Rate  (CPU%)  Latency    Latency      >2s      >10s    Eff",
    "---------------------------- ------ ----- ---  ------ ------ --------- -----------  -------- -------- -----",
    "2.5.57                        252   4096   10    8.67 5.301%    11.945     1657.01   0.00000  0.00000   164",
    "Num Seq Read CPU Rand Read CPU",
    "Thr Rate (CPU%) Eff Rate (CPU%) Eff",
    "2.4.17 1 13.23 43.2% 30.62 2.74 3.7% 73.88",
    "Kernel Thr Rate (CPU%) Latency Latency >10s Eff",
    "2.4.19 1 51.21 28.87% 0.226",
    "103.26 0.00000 177",
    "Random Writes ext3 - x",
    // unixbench
    "BYTE UNIX Benchmarks (Version 4.1.0)",
    "Benchmark Run: Sun Apr 21 2024 17:18:53 - 17:25:36",
    "8 CPUs in system; running 8 parallel copies of tests",
    "Dhrystone 2 using register variables     1805936.3lps (10.0 secs,10",
    "samples)",
    "Pipe Throughput                          448266.7 lps  (10.0 s, 7 samples)",
    "System Benchmarks Index Values               BASELINE       RESULT    INDEX",
    "                     INDEX VALUES",
    "TEST                                       BASELINE     RESULT",
    "Dhrystone 2 using register variables       116700.0   1805936.3",
    "154.8",
    "Pipe Throughput                            12440.0    448266.7     360.3",
    "=========",
    "     FINAL SCORE",
    "203.5",
    "System Benchmarks Index Score (Partial Only)                         4231.4",
    "3D Graphics Benchmarks Index Score                                    960.2",
];

/// Text made of lines: real ones, junk shaped like the tables parsers read
/// (numbers and spaces, `key: value`, OSDB steps), and anything.
fn line_shaped() -> impl Strategy<Value = String> {
    let line = prop_oneof![
        6 => proptest::sample::select(REAL_LINES).prop_map(str::to_string),
        1 => "[ -~\t%>(]{0,60}",
        1 => "[0-9. \t]{0,30}",
        1 => " {0,6}[a-z]{1,8}: ?[0-9a-z.\\[\\]{},\"]{0,12}",
        1 => "[a-z_]{1,12}\\(\\)\t[0-9.x]{0,6}( seconds)?",
        1 => "[0-9.]{1,8} \"[A-Za-z -]{0,20}\"\t[0-9.]{0,8} seconds",
        1 => "\\PC{0,30}",
    ];
    proptest::collection::vec(line, 0..40).prop_map(|v| v.join("\n"))
}

/// Real lines beside lines of words holding multi-byte chars anywhere
/// (Chinese prose, em dashes, `pid=` and `0x` look-alikes).
fn multibyte_shaped() -> impl Strategy<Value = String> {
    let word = prop_oneof!["[\\[(]?[a-zA-Z=0-9]{0,4}[测试—é]{1,3}[a-z=0-9\\]:]{0,4}", "\\PC{1,8}",];
    let line = prop_oneof![
        3 => proptest::sample::select(REAL_LINES).prop_map(str::to_string),
        2 => proptest::collection::vec(word, 1..6).prop_map(|w| w.join(" ")),
    ];
    proptest::collection::vec(line, 1..24).prop_map(|v| v.join("\n"))
}

/// Runs the registry's detection, then every parser's own detection and a
/// forced parse, on `input`; what a parser reads must name one of its lines
/// and be a finite number.
fn every_parser_on(input: &Input) -> Result<(), TestCaseError> {
    let _ = parse::detect(input);
    for p in parse::registry() {
        let _ = p.detect(input);
        if let Ok(f) = p.parse(input) {
            let lines = input.lines.len().max(1);
            for s in &f.samples {
                prop_assert!(s.line >= 1 && s.line <= lines, "{}: sample on line {} of {lines}", p.id(), s.line);
                prop_assert!(s.value.mean().is_finite(), "{}: {:?} on line {}", p.id(), s.value, s.line);
            }
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    #[test]
    fn no_parser_panics_on_arbitrary_text(text in "\\PC{0,400}") {
        every_parser_on(&Input::from_text(&text))?;
    }

    #[test]
    fn no_parser_panics_on_arbitrary_bytes(bytes in proptest::collection::vec(any::<u8>(), 0..400)) {
        every_parser_on(&Input::from_bytes(&bytes))?;
    }

    #[test]
    fn no_parser_panics_on_real_lines_mixed_with_junk(text in line_shaped()) {
        every_parser_on(&Input::from_text(&text))?;
    }

    /// The whole read (segments, repeats, labels) of real lines among words
    /// with multi-byte chars (`测试结果如下`, `ab—c`), the text pasted twice:
    /// attack61 found the repeats' `pid=` look-up slicing a word's first 4
    /// bytes inside `测`, a panic for any such file printed twice.
    #[test]
    fn no_whole_read_panics_on_multibyte_words_pasted_twice(text in multibyte_shaped()) {
        let twice = format!("{text}\n\n{text}");
        let _ = parse::segment::segments(&Input::from_text(&twice), None);
    }
}
