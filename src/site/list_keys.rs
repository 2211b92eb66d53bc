//! `machine.yaml` lists that serde accepts and that say nothing, or say one
//! thing twice: `kernel_order:` naming a kernel twice (which place counts
//! was a silent choice), and `metrics: []` or `parts: []` (a section, or a
//! part, written as if it chose something, and choosing nothing: the same
//! as no key at all). Each is a warning naming the file, the line and the
//! key; the build goes on as before (the first place of a kernel counts,
//! an empty list is no list).

use super::config::MachineConfig;
use super::yaml_lines::{empty_list_lines, line_of, section_line, top_level_line};
use crate::diag::Diagnostic;
use std::path::Path;

/// Warns, against `yaml` (whose text is `text`), of each kernel
/// `config`'s `kernel_order:` names more than once, and of each section's
/// or part's `metrics: []` and each section's `parts: []`.
pub(super) fn check_list_keys(yaml: &Path, text: &str, config: &MachineConfig, diags: &mut Vec<Diagnostic>) {
    kernel_order_twice(yaml, text, &config.kernel_order, diags);
    empty_lists(yaml, text, config, diags);
}

/// A kernel `kernel_order:` lists twice: the tables take its first place,
/// and the writer may have meant the other (a copy-paste that was to
/// name another kernel).
fn kernel_order_twice(yaml: &Path, text: &str, order: &[String], diags: &mut Vec<Diagnostic>) {
    let mut reported: Vec<&str> = Vec::new();
    for (i, k) in order.iter().enumerate() {
        if reported.contains(&k.as_str()) {
            continue;
        }
        let places: Vec<usize> = order.iter().enumerate().filter(|(_, o)| *o == k).map(|(j, _)| j + 1).collect();
        if places.len() < 2 || places[0] != i + 1 {
            continue;
        }
        reported.push(k);
        let at: Vec<String> = places.iter().map(usize::to_string).collect();
        diags.push(Diagnostic::warning(
            yaml,
            top_level_line(text, "kernel_order"),
            format!(
                "kernel_order names {k:?} {} times (places {}): the tables put it at its first place, {}; list each kernel once (was another kernel meant?)",
                places.len(),
                at.join(", "),
                places[0]
            ),
        ));
    }
}

/// What an empty list was written for, found in the YAML as written (a
/// list serde reads as empty may also be a key left out).
#[derive(Debug, PartialEq)]
enum Empty {
    /// The section's own `metrics: []`.
    SectionMetrics,
    /// `parts: []`.
    Parts,
    /// `metrics: []` of the part of this index.
    PartMetrics(usize),
}

/// The empty lists of each section of `text`, in the order written
/// (section by section, in each the keys in order); `None` when the text
/// does not read as YAML here (it was read, cleaned of control
/// characters, by the caller: then nothing is said).
fn empties(text: &str) -> Option<Vec<Vec<Empty>>> {
    use serde_yaml::Value;
    let doc: Value = serde_yaml::from_str(text).ok()?;
    let is_empty_list = |v: &Value| v.as_sequence().is_some_and(|s| s.is_empty());
    let sections = doc.get("sections").and_then(Value::as_sequence)?;
    let mut out = Vec::with_capacity(sections.len());
    for sc in sections {
        let mut found = Vec::new();
        for (key, value) in sc.as_mapping().into_iter().flatten() {
            match key.as_str() {
                Some("metrics") if is_empty_list(value) => found.push(Empty::SectionMetrics),
                Some("parts") if is_empty_list(value) => found.push(Empty::Parts),
                Some("parts") => {
                    for (i, part) in value.as_sequence().into_iter().flatten().enumerate() {
                        if part.get("metrics").is_some_and(is_empty_list) {
                            found.push(Empty::PartMetrics(i));
                        }
                    }
                }
                _ => {}
            }
        }
        out.push(found);
    }
    Some(out)
}

/// A warning for each `metrics: []` (of a section or a part) and each
/// `parts: []`, at its line (the section's title line when written in
/// flow style).
fn empty_lists(yaml: &Path, text: &str, config: &MachineConfig, diags: &mut Vec<Diagnostic>) {
    if !text.contains("[") {
        return;
    }
    let Some(all) = empties(text) else { return };
    for (sc, found) in config.sections.iter().zip(all) {
        if found.is_empty() {
            continue;
        }
        let (mut metrics_lines, mut parts_lines) = (
            empty_list_lines(text, &sc.title, "metrics").into_iter(),
            empty_list_lines(text, &sc.title, "parts").into_iter(),
        );
        // A section written in flow style (`- {title: x, metrics: []}`):
        // the first line after `sections:` that holds its title.
        let title_line = || section_line(text, &sc.title, "title:").or_else(|| line_of(text, "sections", &sc.title));
        for e in found {
            let (line, msg) = match e {
                Empty::SectionMetrics => (
                    metrics_lines.next().or_else(title_line),
                    format!(
                        "section {:?}: metrics: [] names no metric, and the table shows every metric, as without the key; name the metrics to show, in column order (metrics: [\"Throughput\"]), or leave the key out",
                        sc.title
                    ),
                ),
                Empty::Parts => (
                    parts_lines.next().or_else(title_line),
                    format!(
                        "section {:?}: parts: [] gives no part, and the section's own keys select its results, as without the key; list its parts (each a label and what it selects), or leave the key out",
                        sc.title
                    ),
                ),
                Empty::PartMetrics(i) => {
                    let label = sc.parts.get(i).map_or("", |p| p.label.as_str());
                    (
                        metrics_lines.next().or_else(title_line),
                        format!(
                            "section {:?}, part {label:?}: metrics: [] names no metric, and the part shows every metric (those of the section's metrics:, if given), as without the key; name the metrics to show, or leave the key out",
                            sc.title
                        ),
                    )
                }
            };
            diags.push(Diagnostic::warning(yaml, line, msg));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn warnings(text: &str) -> Vec<(Option<usize>, String)> {
        let config: MachineConfig = serde_yaml::from_str(text).expect("machine.yaml");
        let mut diags = Vec::new();
        check_list_keys(Path::new("machine.yaml"), text, &config, &mut diags);
        diags.into_iter().map(|d| (d.line, d.message)).collect()
    }

    #[test]
    fn a_kernel_listed_twice_in_kernel_order_is_named_once_with_its_places() {
        let got = warnings("name: M\nkernel_order: [\"6.2\", \"6.1\", \"6.2\", \"6.3\", \"6.2\"]\n");
        assert_eq!(got.len(), 1, "{got:#?}");
        assert_eq!(got[0].0, Some(2));
        assert!(got[0].1.contains("kernel_order names \"6.2\" 3 times (places 1, 3, 5)"), "{got:#?}");
        assert!(warnings("name: M\nkernel_order: [\"6.1\", \"6.2\"]\n").is_empty());
        // `kernel_order: []` is the README's example of an optional key: no word.
        assert!(warnings("name: M\nkernel_order: []\n").is_empty());
    }

    #[test]
    fn empty_metrics_and_parts_are_named_at_their_lines() {
        let text = "name: M\nsections:\n  - title: \"dbench\"\n    metrics: []\n  - title: \"builds\"\n    metrics: [\"real\"]\n    parts:\n      - label: perl\n        metrics: []\n      - label: kernel\n  - title: \"none\"\n    parts: []\n  - {title: \"flow\", metrics: []}\n  - title: \"fine\"\n    metrics: [\"Throughput\"]\n";
        let got = warnings(text);
        assert_eq!(got.len(), 4, "{got:#?}");
        assert_eq!(got[0].0, Some(4));
        assert!(got[0].1.starts_with("section \"dbench\": metrics: [] names no metric"), "{got:#?}");
        assert_eq!(got[1].0, Some(9));
        assert!(got[1].1.starts_with("section \"builds\", part \"perl\": metrics: []"), "{got:#?}");
        assert_eq!(got[2].0, Some(12));
        assert!(got[2].1.starts_with("section \"none\": parts: [] gives no part"), "{got:#?}");
        // Flow style: the section's title line.
        assert_eq!(got[3].0, Some(13));
    }
}
