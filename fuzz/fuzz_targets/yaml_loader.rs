//! Fuzzes the YAML annotation loaders: the first byte picks site.yaml,
//! machine.yaml or kernel.yaml, the rest is the file.
#![no_main]

use benchsite::site::{YamlKind, check_yaml};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Some((&which, rest)) = data.split_first() else { return };
    let kind = match which % 3 {
        0 => YamlKind::Site,
        1 => YamlKind::Machine,
        _ => YamlKind::Kernel,
    };
    let text = String::from_utf8_lossy(rest);
    let _ = check_yaml(kind, &text);
});
