//! Fuzzes the `perf-bench` parser: detection and a forced parse (as a
//! `formats:` override in machine.yaml would force it) on any bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let input = benchsite::parse::Input::from_bytes(data);
    let parser = benchsite::parse::by_id("perf-bench").expect("parser perf-bench is registered");
    let _ = parser.detect(&input);
    let _ = parser.parse(&input);
});
