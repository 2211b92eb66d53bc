//! GNU/csh time and shell time parsers over the shared corpus, and what the
//! fixtures cannot say: averages of their runs, an error's line, and the
//! low detection scores that let a benchmark's own parser win.
//!
//! The fixtures' values are checked by `tests/fixtures.rs` (beside each
//! fixture, its `.expected` and `.hand.yaml`).

mod common;

use benchsite::model::{ParsedFile, Sample};
use benchsite::parse::{BenchParser, Input, time};
use common::parse::{corpus, detected};
use proptest::prelude::*;

fn fixture(name: &str) -> Input {
    common::parse::fixture("time", name)
}

/// The values of every sample of `metric`, in file order.
fn vals(f: &ParsedFile, metric: &str) -> Vec<f64> {
    f.samples.iter().filter(|s| s.metric.name == metric).map(|s| s.value.mean()).collect()
}

fn close(a: f64, b: f64) -> bool {
    common::parse::close(a, b, 1e-6)
}

/// Key check: seed 001's five test-A real times for ac12 average 63.553 s
/// (the post's own averages; each time read is in the fixture's `.expected`).
#[test]
fn seed001_averages_of_the_runs() {
    let input = fixture("seed001-bash-time-columns.txt");
    assert_eq!(detected(&input), "bash-time");
    assert!(time::BashTime.detect(&input) <= 40);
    let f = time::BashTime.parse(&input).unwrap();
    let pick = |group: &str, kernel: &str, name: &str| -> Vec<f64> {
        f.samples
            .iter()
            .filter(|s: &&Sample| {
                s.group.starts_with(group) && s.kernel.as_deref() == Some(kernel) && s.metric.name == name
            })
            .map(|s| s.value.mean())
            .collect()
    };
    let a = pick("test A", "ac12", "real");
    assert_eq!(a.len(), 5);
    assert!(close(a.iter().sum::<f64>() / 5.0, 63.553));
    let ap = pick("test A", "ac12-pmap2", "real");
    assert!(close(ap.iter().sum::<f64>() / 5.0, 57.1716));
    let sys = pick("test A", "ac12", "sys");
    assert!(close(sys.iter().sum::<f64>() / 5.0, 36.932));
    let b = pick("test B", "ac12", "real");
    assert_eq!(b.len(), 5);
    assert!(close(b.iter().sum::<f64>() / 5.0, 38.1826));
}

#[test]
fn gnu_truncated_is_error() {
    let e = time::GnuTime.parse(&fixture("gnu-time-truncated.txt")).unwrap_err();
    assert_eq!(e.line(), Some(2), "{e}");
}

#[test]
fn corpus_time() {
    let Some(d) = corpus("time") else { return };
    let bytes = std::fs::read(d.join("lkml-2003-04-gnutime-nonzero-status-wrapped.txt")).unwrap();
    let input = Input::from_bytes(&bytes);
    assert_eq!(detected(&input), "gnu-time");
    // A compile failure's report ("IDE compilation problems"): make's
    // `Error 1` on line 35 is above the record, which timed the failed
    // build: it is left out, and the file has no other.
    let e = time::GnuTime.parse(&input).unwrap_err();
    assert!(e.to_string().contains("(line 35: `make: *** [vmlinux] Error 1`)"), "{e}");
    // Without make's line GNU time's own `Command exited with non-zero
    // status 2` (line 36) still says the build failed: left out too.
    let text = String::from_utf8_lossy(&bytes).replace("make: *** [vmlinux] Error 1\n", "\n");
    let e = time::GnuTime.parse(&Input::from_text(&text)).unwrap_err();
    assert!(e.to_string().contains("(line 36: `Command exited with non-zero status 2`)"), "{e}");
    // Without both, the wrapped record is read whole.
    let text = text.replace("Command exited with non-zero status 2\n", "\n");
    let f = time::GnuTime.parse(&Input::from_text(&text)).unwrap();
    assert_eq!(vals(&f, "user"), vec![65.30]);
    assert_eq!(vals(&f, "system"), vec![3.04]);
    assert!(close(vals(&f, "elapsed")[0], 68.42));
    assert_eq!(vals(&f, "CPU"), vec![99.0]);
    assert_eq!(vals(&f, "major faults"), vec![134929.0]);
    assert_eq!(vals(&f, "minor faults"), vec![160438.0]);
    assert_eq!(f.samples.len(), 6);
    // The other time corpus file is a dbench run with GNU time glued on:
    // dbench wins detection (checked in parse_dbench.rs); gnu-time still reads it.
    let input = Input::from_bytes(&std::fs::read(d.join("lkml-2001-07-dbench-gnutime-quoted-wrapped.txt")).unwrap());
    assert!(time::GnuTime.detect(&input) > 0);
    let f = time::GnuTime.parse(&input).unwrap();
    assert_eq!(vals(&f, "user"), vec![14.74]);
    assert!(close(vals(&f, "elapsed")[0], 266.91));
    assert_eq!(vals(&f, "minor faults"), vec![1430.0]);
}

#[test]
fn time_parsers_score_low_on_every_corpus_file() {
    let Some(root) = corpus("") else { return };
    for dir in std::fs::read_dir(root).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() {
            continue;
        }
        for f in std::fs::read_dir(&dir).unwrap() {
            let p = f.unwrap().path();
            let input = Input::from_bytes(&std::fs::read(&p).unwrap());
            assert!(time::GnuTime.detect(&input) <= 40, "{}", p.display());
            assert!(time::BashTime.detect(&input) <= 40, "{}", p.display());
        }
    }
}

fn real_line() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("34.11user 238.89system 7:34.59elapsed 60%CPU (0avgtext+0avgdata".to_string()),
        Just("34.11user 238.89system".to_string()),
        Just("0maxresident)k".to_string()),
        Just("0inputs+0outputs (1008major+1402minor)pagefaults 0swaps".to_string()),
        Just("37.580u 115.730s 3:51.30 66.2%  0+0k 0+0io 1310pf+0w".to_string()),
        Just("\tUser time (seconds): 34.11".to_string()),
        Just("\tElapsed (wall clock) time (h:mm:ss or m:ss): 7:34.59".to_string()),
        Just("\tPercent of CPU this job got: ".to_string()),
        Just("real\t1m4.221s".to_string()),
        Just("real 1m4.221s 0m56.916s".to_string()),
        Just("   ac12   ac12-pmap2".to_string()),
        Just("===[ test A".to_string()),
        Just("sys 0m".to_string()),
        Just(String::new()),
        "[ -~\t]{0,60}",
        "\\PC{0,30}",
    ]
}

// That no parser panics is `tests/parse_never_panics.rs`.
proptest! {
    #[test]
    fn time_parsers_score_low_on_any_text(lines in prop::collection::vec(real_line(), 0..30), raw in "\\PC{0,200}") {
        for text in [lines.join("\n"), raw] {
            let input = Input::from_text(&text);
            for p in [&time::GnuTime as &dyn BenchParser, &time::BashTime] {
                prop_assert!(p.detect(&input) <= 40);
            }
        }
    }
}
