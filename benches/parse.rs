//! Micro-benchmarks of reading raw result files: format detection and
//! parsing, per file, over a content tree.
//!
//! ```sh
//! cargo bench --bench parse                                  # the demo content/
//! BENCHSITE_BENCH_CONTENT=/var/tmp/bs/content-medium cargo bench --bench parse
//! ```
//!
//! Every regular file that is not YAML or Markdown is read once before
//! timing; each benchmark then runs over all of them (times are per pass
//! over the whole set). The whole-build benchmark is `scripts/bench.sh`.

use benchsite::parse::{self, Input};
use std::path::PathBuf;
use std::sync::OnceLock;

fn main() {
    divan::main();
}

fn raw_files() -> &'static [Vec<u8>] {
    static FILES: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    FILES.get_or_init(|| {
        let root = std::env::var_os("BENCHSITE_BENCH_CONTENT")
            .map(PathBuf::from)
            .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("content"));
        let files: Vec<Vec<u8>> = walkdir::WalkDir::new(&root)
            .sort_by_file_name()
            .into_iter()
            .filter_map(Result::ok)
            .filter(|e| e.file_type().is_file())
            .filter(|e| !e.path().extension().is_some_and(|x| x == "yaml" || x == "yml" || x == "md"))
            .filter_map(|e| std::fs::read(e.path()).ok())
            .collect();
        eprintln!("{} raw files from {}", files.len(), root.display());
        files
    })
}

fn inputs() -> &'static [Input] {
    static INPUTS: OnceLock<Vec<Input>> = OnceLock::new();
    INPUTS.get_or_init(|| raw_files().iter().map(|b| Input::from_bytes(b)).collect())
}

/// Decoding and splitting into lines (`Input::from_bytes`).
#[divan::bench]
fn input(bencher: divan::Bencher) {
    let files = raw_files();
    bencher.bench(|| files.iter().map(|b| Input::from_bytes(b).lines.len()).sum::<usize>());
}

/// Decoding each file and choosing its parser: `early` as builds do
/// (detection stops once no later parser could win), `every` asking every
/// parser. The whole-text searches of `Input::has` start afresh per file.
#[divan::bench(args = ["early", "every"])]
fn input_and_detect(bencher: divan::Bencher, how: &str) {
    let files = raw_files();
    let detect = if how == "every" { parse::detect_exhaustive } else { parse::detect };
    bencher.bench(|| files.iter().filter(|b| detect(&Input::from_bytes(b)).is_some()).count());
}

/// Parsing with the detected parser (detection not timed).
#[divan::bench]
fn parse_detected(bencher: divan::Bencher) {
    let inputs = inputs();
    let chosen: Vec<_> = inputs.iter().map(|i| parse::detect(i)).collect();
    bencher.bench(|| {
        inputs
            .iter()
            .zip(&chosen)
            .filter_map(|(i, p)| p.and_then(|p| p.parse(i).ok()))
            .map(|f| f.samples.len())
            .sum::<usize>()
    });
}

/// Every parser's id, in registry order.
fn parser_ids() -> Vec<&'static str> {
    parse::registry().iter().map(|p| p.id()).collect()
}

/// One parser's `detect` over every file (what each costs in detection;
/// the text each file's `Input::has` searches is made once and kept).
#[divan::bench(args = parser_ids())]
fn detect_one(bencher: divan::Bencher, id: &str) {
    let inputs = inputs();
    let p = parse::by_id(id).expect("registered parser");
    bencher.bench(|| inputs.iter().map(|i| u32::from(p.detect(i))).sum::<u32>());
}

/// One parser's `parse` over the files detected as its format.
#[divan::bench(args = parser_ids())]
fn parse_one(bencher: divan::Bencher, id: &str) {
    let mine: Vec<&Input> = inputs().iter().filter(|i| parse::detect(i).is_some_and(|p| p.id() == id)).collect();
    let p = parse::by_id(id).expect("registered parser");
    bencher.bench(|| mine.iter().filter_map(|i| p.parse(i).ok()).map(|f| f.samples.len()).sum::<usize>());
}

/// Large generated inputs of the shapes that were once read in quadratic
/// time (each block compared with every block before it, each header
/// matched by a scan of the whole file), at two sizes: a time that grows
/// about twice, not four times, from the first size to the second is
/// linear. The unit tests read the same shapes for correctness only (a
/// time is measured here, never asserted by a test).
#[divan::bench(args = ["kernbench 6000", "kernbench 12000", "stress-ng 10000", "stress-ng 20000", "lmbench 50", "lmbench 100"])]
fn large_inputs(bencher: divan::Bencher, what: &str) {
    let (id, n) = what.split_once(' ').expect("id and size");
    let n: usize = n.parse().expect("a size");
    let text: String = match id {
        "kernbench" => (1..=n)
            .map(|j| format!("Average Half Load -j {j} Run:\nElapsed Time 28.09\nUser Time 40.12\nSystem Time 5.1\n\n"))
            .collect(),
        "stress-ng" => {
            let mut t = String::from(
                "stress-ng: info:  [1] stressor       bogo ops real time  usr time  sys time   bogo ops/s     bogo ops/s\n",
            );
            for i in 0..n {
                t.push_str(&format!("stress-ng: info:  [1] s{i}   1  2.00  1.99  0.00  660.00  663.32\n"));
            }
            t
        }
        _ => "Processor, Processes - times in microseconds - smaller is better\n\
              ----------------------------------------------------------------\n\
              OS null open selct sig sig fork exec sh call stat clos TCP inst hndl proc proc proc\n\
              --------------- ---- ---- ---- ----- ---- ---- ----- ----- -----\n\
              Linux 2.4.17 0.43 3.41 6.16 36.8 1.43 3.26 932 3717 13612\n\n"
            .repeat(n),
    };
    let input = Input::from_text(&text);
    let p = parse::by_id(id).expect("registered parser");
    bencher.bench(|| p.parse(&input).map(|f| f.samples.len()).unwrap_or(0));
}
