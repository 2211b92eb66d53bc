//! `partial:` in `machine.yaml`: kernels that ran only some of the
//! class's benchmarks on purpose (kernel name → the benchmarks it ran).
//! `check` and the lint page then list the gap as a note, not a warning
//! ([`crate::check`]). An entry naming no kernel of the class, or a
//! benchmark the kernel has no results of, is a warning at its line.

use super::config::{MachineYaml, SiteConfig};
use super::yaml_lines::top_level_line;
use super::{Kernel, ResultFile};
use crate::diag::{Diagnostic, Kind};
use std::path::{Path, PathBuf};

impl MachineYaml {
    /// Checks `partial:` against the class's `kernels` and `results`,
    /// and records each entry's line in the config (`partial_lines`).
    pub(super) fn check_partial(&mut self, kernels: &[Kernel], results: &[ResultFile], diags: &mut Vec<Diagnostic>) {
        let mut lines = std::collections::BTreeMap::new();
        for (kernel, ran) in &self.config.partial {
            let line = entry_line(&self.text, kernel);
            if let Some(l) = line {
                lines.insert(kernel.clone(), l);
            }
            if !kernels.iter().any(|k| &k.name == kernel) {
                let names: Vec<&str> = kernels.iter().map(|k| k.name.as_str()).collect();
                diags.push(Diagnostic::warning(
                    &self.path,
                    line,
                    format!(
                        "partial: {kernel:?} is not a kernel of this machine class (kernels: {})",
                        names.join(", ")
                    ),
                ));
                continue;
            }
            let has = |bench: &str| {
                results.iter().any(|rf| {
                    rf.parsed.benchmark == bench
                        && rf.parsed.samples.iter().any(|s| s.kernel.as_deref() == Some(kernel.as_str()))
                })
            };
            for bench in ran.iter().filter(|b| !has(b)) {
                diags.push(
                    Diagnostic::warning(
                        &self.path,
                        line,
                        format!("partial: kernel {kernel} is said to have run {bench}, but has no {bench} results"),
                    )
                    .of_kind(Kind::MissingBenchmark),
                );
            }
        }
        self.config.partial_lines = lines;
    }
}

/// `reference_machine:` of `site.yaml` must name a machine class of
/// `classes` (directories and slugs): a warning at its line otherwise (the
/// cross-class page then takes the first class that ran each kernel).
pub(super) fn check_reference_machine(
    content: &Path,
    config: &SiteConfig,
    classes: &[(PathBuf, String)],
    diags: &mut Vec<Diagnostic>,
) {
    let Some(r) = &config.reference_machine else { return };
    if classes.iter().any(|(_, s)| s == r) {
        return;
    }
    let path = content.join("site.yaml");
    let text = std::fs::read_to_string(&path).unwrap_or_default();
    let slugs: Vec<&str> = classes.iter().map(|(_, s)| s.as_str()).collect();
    diags.push(Diagnostic::warning(
        &path,
        top_level_line(&text, "reference_machine"),
        format!(
            "reference_machine: {r:?} is not a machine class (classes: {}); the cross-class page compares with the first class that ran each kernel",
            slugs.join(", ")
        ),
    ));
}

/// The 1-based line of `kernel`'s entry under the top-level `partial:` of
/// a `machine.yaml` text: the first line after `partial:` whose key, quotes
/// taken off, is `kernel` (not merely starts with it: `2.5.33` is not
/// `2.5.33-mm1`).
fn entry_line(text: &str, kernel: &str) -> Option<usize> {
    let start = text.lines().position(|l| l.starts_with("partial:"))?;
    text.lines().enumerate().skip(start + 1).find_map(|(i, l)| {
        let key = l.trim_start().split_once(':').map(|(k, _)| k.trim())?;
        let key = key.trim_matches(|c| c == '"' || c == '\'');
        (key == kernel).then_some(i + 1)
    })
}

#[cfg(test)]
mod tests {
    use super::entry_line;

    #[test]
    fn an_entry_is_found_by_its_whole_key() {
        let text = "name: x\npartial:\n  \"2.5.33-mm1\": [irman]\n  2.5.33: [irman, tiobench]\nsections: []\n";
        assert_eq!(entry_line(text, "2.5.33"), Some(4));
        assert_eq!(entry_line(text, "2.5.33-mm1"), Some(3));
        assert_eq!(entry_line(text, "2.4.17"), None);
    }
}
