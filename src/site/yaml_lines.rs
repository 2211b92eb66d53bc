//! Lines of a YAML annotation's text, for pointing a diagnostic at a value
//! the YAML library gives no position for: a key at the top level, a key of
//! a section of `machine.yaml`, the label of one of its parts.

/// The 1-based line of `text` where `needle` first appears on or after the
/// first line containing `after`, for pointing a diagnostic at a value the
/// YAML library gives no position for.
pub fn line_of(text: &str, after: &str, needle: &str) -> Option<usize> {
    let start = text.lines().position(|l| l.contains(after))?;
    text.lines().enumerate().skip(start).find(|(_, l)| l.contains(needle)).map(|(i, _)| i + 1)
}

/// [`crate::parse::generic::second_key_line`]: where a duplicate key is.
pub(super) use crate::parse::generic::second_key_line;

/// The line of a top-level `key:` in a YAML annotation (1-based).
pub(super) fn top_level_line(text: &str, key: &str) -> Option<usize> {
    text.lines().position(|l| l.strip_prefix(key).is_some_and(|rest| rest.starts_with(':'))).map(|i| i + 1)
}

/// The 1-based line of `key` inside the section titled `title` of a
/// `machine.yaml` text (from its `title:` line to the next section's), or
/// the title's line when the section has no such key; `None` when the
/// title is not found (a section of results no configured section
/// showed). `key` `"title:"` gives the section's own line, for a finding
/// about the section as a whole (`check`'s run counts).
pub fn section_line(text: &str, title: &str, key: &str) -> Option<usize> {
    let (start, end) = section_range(text, title)?;
    let found =
        text.lines().enumerate().take(end).skip(start).find(|(_, l)| key_of(l).starts_with(key)).map(|(i, _)| i);
    Some(found.unwrap_or(start) + 1)
}

/// The lines of the parts of one section of a `machine.yaml` text, found
/// once for all its parts (a section may have thousands).
pub(super) struct PartLines {
    /// The 1-based line of each `label:` in the section, in order.
    labels: Vec<usize>,
    /// The line of its `parts:` key (or title), when the section is found.
    parts: Option<usize>,
}

impl PartLines {
    /// The part lines of the section titled `title` in `text`.
    pub(super) fn of(text: &str, title: &str) -> Self {
        let Some((start, end)) = section_range(text, title) else {
            return PartLines { labels: Vec::new(), parts: None };
        };
        let labels = text.lines().enumerate().take(end).skip(start).filter(|(_, l)| key_of(l).starts_with("label:"));
        PartLines { labels: labels.map(|(i, _)| i + 1).collect(), parts: section_line(text, title, "parts:") }
    }

    /// The 1-based line of the `label:` of part `index` (0-based), or of
    /// the section's `parts:` key when that label is not found (a part
    /// written in flow style, `{label: x}`); `None` when the section is
    /// not found.
    pub(super) fn line(&self, index: usize) -> Option<usize> {
        self.labels.get(index).copied().or(self.parts)
    }
}

/// The 1-based lines, in order, inside the section titled `title` of a
/// `machine.yaml` text, where `key` (`"metrics"`, `"parts"`) is given an
/// empty flow list (`metrics: []`, `parts: [ ]  # none`): the section's own
/// key and its parts' alike. Empty when the section is not found.
pub(super) fn empty_list_lines(text: &str, title: &str, key: &str) -> Vec<usize> {
    let Some((start, end)) = section_range(text, title) else { return Vec::new() };
    let empty = |l: &str| {
        let Some(rest) = key_of(l).strip_prefix(key).and_then(|r| r.strip_prefix(':')) else { return false };
        let value = rest.split(" #").next().unwrap_or("").trim();
        value.strip_prefix('[').and_then(|v| v.strip_suffix(']')).is_some_and(|v| v.trim().is_empty())
    };
    text.lines().enumerate().take(end).skip(start).filter(|(_, l)| empty(l)).map(|(i, _)| i + 1).collect()
}

/// A line of YAML without its indentation and list markers (`- `).
fn key_of(line: &str) -> &str {
    line.trim_start().trim_start_matches(['-', ' '])
}

/// The 0-based lines of the section titled `title` in a `machine.yaml`
/// text: from its `title:` line to the next section's `- ` (exclusive).
fn section_range(text: &str, title: &str) -> Option<(usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let is_title = |l: &str| {
        let t = l.trim_start().trim_start_matches('-').trim_start();
        t.starts_with("title:") && t.contains(title)
    };
    let start = lines.iter().position(|l| is_title(l))?;
    // The section's own `- ` marker, and the next one at that indent.
    let indent = |l: &str| l.len() - l.trim_start().len();
    let first = lines[start];
    let item = if first.trim_start().starts_with('-') { indent(first) } else { indent(first).saturating_sub(2) };
    let next = |l: &str| indent(l) == item && l.trim_start().starts_with("- ");
    let end = lines.iter().skip(start + 1).position(|l| next(l)).map_or(lines.len(), |i| start + 1 + i);
    Some((start, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_section_key_is_found_on_its_own_section() {
        let text = "name: M\ndescription: the dbench section matters\nbaseline: \"2.4.7\"\nsections:\n  - title: \"dbench\"\n    files:\n      - \"*/dbench*.txt\"\n    baseline: \"2.4.8\"\n  - title: \"bonnie\"\n    files: [\"*/bonnie*\"]\n";
        assert_eq!(section_line(text, "dbench", "baseline:"), Some(8));
        assert_eq!(section_line(text, "dbench", "files:"), Some(6));
        assert_eq!(section_line(text, "bonnie", "files:"), Some(10));
        assert_eq!(section_line(text, "bonnie", "baseline:"), Some(9));
        assert_eq!(section_line(text, "tiobench", "files:"), None);
    }

    #[test]
    fn a_part_label_is_found_by_its_index() {
        let text = "sections:\n  - title: \"A\"\n    parts:\n      - label: x\n      - {label: y}\n  - title: \"B\"\n    parts:\n      - label: z\n";
        let a = PartLines::of(text, "A");
        assert_eq!(a.line(0), Some(4));
        // Flow style: the `parts:` line.
        assert_eq!(a.line(1), Some(3));
        assert_eq!(PartLines::of(text, "B").line(0), Some(8));
        assert_eq!(PartLines::of(text, "C").line(0), None);
    }
    #[test]
    fn empty_list_keys_are_found_in_their_section() {
        let text = "sections:\n  - title: \"A\"\n    metrics: []\n    parts:\n      - label: x\n        metrics: [ ]  # all\n      - label: y\n        metrics: [\"z\"]\n  - title: \"B\"\n    parts: []\n";
        assert_eq!(empty_list_lines(text, "A", "metrics"), vec![3, 6]);
        assert_eq!(empty_list_lines(text, "A", "parts"), Vec::<usize>::new());
        assert_eq!(empty_list_lines(text, "B", "parts"), vec![10]);
        assert_eq!(empty_list_lines(text, "C", "parts"), Vec::<usize>::new());
    }

    #[test]
    fn the_second_of_a_duplicate_key_is_found_in_its_map() {
        let top = "name: a\nbaseline: x\nname: b\n";
        assert_eq!(super::second_key_line(top, 1, 1, "name"), Some(3));
        // A key of a section, serde_yaml placing it at the section's map.
        let nested = "name: a\nsections:\n  - title: x\n    files: []\n  - title: y\n    title: z\n";
        assert_eq!(super::second_key_line(nested, 3, 5, "title"), None);
        assert_eq!(super::second_key_line(nested, 5, 5, "title"), Some(6));
        let quoted = "runs:\n  \"a.txt\": { n: 5 }\n  # again\n  \"a.txt\": { n: 3 }\n";
        assert_eq!(super::second_key_line(quoted, 2, 3, "a.txt"), Some(4));
    }
}
