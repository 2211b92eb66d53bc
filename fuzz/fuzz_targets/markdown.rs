//! Fuzzes commentary Markdown: sanitised HTML and wrapped plaintext.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&width, rest)) = data.split_first() else { return };
    let md = String::from_utf8_lossy(rest);
    let _ = benchsite::markdown::to_html(&md);
    let _ = benchsite::markdown::to_text(&md, usize::from(width));
});
