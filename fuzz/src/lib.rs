//! What every `parse_<id>` fuzz target does, once: `parser_target!("id")`
//! makes a target that feeds any bytes through `Input::from_bytes`, then
//! the parser `id`'s `detect` and a forced `parse` (as a `formats:` override
//! in machine.yaml would force it). A target file is its doc comment,
//! `#![no_main]` and that one line.

/// The fuzzing crate, for [`parser_target!`]'s expansion in the targets.
pub use libfuzzer_sys;

/// Feeds `data` to the registered parser `id`: detection, then a forced
/// parse; their results are dropped (only a panic, hang or leak counts).
///
/// # Panics
/// When no parser `id` is registered (the target names a parser that is
/// gone), or when the parser panics (what the fuzzer looks for).
pub fn detect_and_parse(id: &str, data: &[u8]) {
    let input = benchsite::parse::Input::from_bytes(data);
    let parser = benchsite::parse::by_id(id).unwrap_or_else(|| panic!("parser {id} is not registered"));
    let _ = parser.detect(&input);
    let _ = parser.parse(&input);
}

/// The fuzz target of the parser whose id is given: see the crate docs.
#[macro_export]
macro_rules! parser_target {
    ($id:literal) => {
        $crate::libfuzzer_sys::fuzz_target!(|data: &[u8]| $crate::detect_and_parse($id, data));
    };
}
