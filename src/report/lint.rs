//! The lint page (`lint.html`, `lint.md`): what `check` finds, as a page of
//! the built site. One source of findings ([`crate::check::consistency`]
//! and what loading a class reports), two renderings: the terminal's
//! `check` and this page.
//!
//! Each machine class's findings travel in its [`MachineSummary`]
//! (`findings`, made by [`findings_of`] when the class is laid out, and
//! kept with it in the build cache); the site's own (`site.yaml`, a
//! directory that is no class) in [`SiteSummary::findings`]. The page is
//! made from the summaries alone ([`lint_page`]), so whatever writes the
//! site index can write it too.

use super::{MachineSummary, RawLinks, SiteSummary, path_segment, raw_line_link};
use crate::diag::{Diagnostic, Kind, Severity};
use crate::site::MachineClass;
use serde::{Deserialize, Serialize};
use std::path::Path;
use std::sync::Arc;

/// One finding, as the lint page lists it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Finding {
    /// The group it is listed under.
    pub kind: Kind,
    /// Error, warning or note.
    pub severity: Severity,
    /// The file, relative to the content directory when it lies in it
    /// (`k6/2.4.17/dbench.txt`).
    pub file: String,
    /// The published copy of the file, relative to the site's root
    /// (`k6/raw/2.4.17/dbench.txt`), or with site.yaml's `raw_url` the
    /// file's line in the repository (`https://…/k6/2.4.17/dbench.txt#L3`),
    /// when it is a raw file the site publishes; `None` for annotations
    /// and files left out.
    pub href: Option<String>,
    /// 1-based line, when known.
    pub line: Option<usize>,
    /// What is wrong, as `check` prints it.
    pub message: String,
}

impl Finding {
    /// Finding `d`, its file named relative to `content`, with no link.
    pub fn of(d: &Diagnostic, content: &Path) -> Self {
        let file = d.file.strip_prefix(content).ok().filter(|_| !content.as_os_str().is_empty()).unwrap_or(&d.file);
        Finding {
            kind: d.kind,
            severity: d.severity,
            file: crate::diag::show_invisible(&crate::diag::inert(&file.to_string_lossy())).into_owned(),
            href: None,
            line: d.line,
            // As the terminal shows it: a bidi override a file put in a
            // host (`arch` + U+202E) reversed the rest of the sentence on
            // lint.html (attack36 u2d-bidi-unbalanced).
            message: crate::diag::inert(&d.message).into_owned(),
        }
    }
}

/// The findings of machine class `m` (`diags`: what loading it gave and
/// `check`'s lints of it), files named relative to the content directory
/// `content`, each raw file the site publishes linked as `raw` links it:
/// to its copy, or to its line in the repository (`raw_url`).
pub fn findings_of<'a>(
    m: &MachineClass,
    diags: impl Iterator<Item = &'a Diagnostic>,
    content: &Path,
    raw: &RawLinks,
) -> Vec<Finding> {
    let published: rustc_hash::FxHashSet<&str> = m.results.iter().map(|rf| rf.rel_path.as_str()).collect();
    diags
        .map(|d| {
            let mut f = Finding::of(d, content);
            let rel = d.file.strip_prefix(&m.dir).ok().and_then(|p| p.to_str()).map(|p| p.replace('\\', "/"));
            if let Some(rel) = rel.filter(|r| published.contains(r.as_str())) {
                let link = raw.link(&rel);
                // The lint page is the site's, not the class's: a copy's
                // link under the class's directory; a repository's as it
                // is, at the finding's line.
                f.href = Some(match d.line {
                    _ if raw.copied() => format!("{}/{link}", path_segment(&m.slug)),
                    Some(line) => raw_line_link(&link, u32::try_from(line).unwrap_or(u32::MAX)),
                    None => link,
                });
            }
            f
        })
        .collect()
}

/// The text of class `m`'s raw file `rel` (as kept when it was read, else
/// from disk; empty when it cannot be read).
fn file_text(m: &MachineClass, rel: &str) -> crate::parse::Input {
    let Some(rf) = m.results.iter().find(|rf| rf.rel_path == rel) else {
        return crate::parse::Input::from_bytes(b"");
    };
    if rf.raw.is_empty() {
        crate::parse::Input::from_bytes(&std::fs::read(&rf.path).unwrap_or_default())
    } else {
        crate::parse::Input::from_bytes(&rf.raw)
    }
}

/// Gives each section of `page` (class `m`'s page) the warnings of `diags`
/// about the raw files its table shows values of
/// ([`SectionView::warnings`](super::SectionView::warnings)), each linked
/// as `raw` links the file, at its line. Errors and notes are not given:
/// an error stops the build, a note is no doubt about a figure. A file
/// that several sections show (an LMbench summary: processes, latencies,
/// bandwidths) gives a warning at a line to the section whose values come
/// first at or after it (its figures follow the line that doubts them:
/// lmbench's own WARNING, fio's clone note at a job's header), else to
/// the one whose values end nearest above it; one without a line to each.
/// But a line right under a section's values, no blank line between (a
/// row of its table that was not read, at the table's end: archive40 F8,
/// whose warnings went under the next table), is that section's.
pub fn section_warnings<'a>(
    page: &mut super::MachinePage,
    m: &MachineClass,
    diags: impl Iterator<Item = &'a Diagnostic>,
    raw: &RawLinks,
) {
    let mut about: rustc_hash::FxHashMap<String, Vec<&Diagnostic>> = rustc_hash::FxHashMap::default();
    for d in diags.filter(|d| d.severity == Severity::Warning) {
        if let Some(rel) = d.file.strip_prefix(&m.dir).ok().and_then(|p| p.to_str()) {
            about.entry(rel.replace('\\', "/")).or_default().push(d);
        }
    }
    if about.is_empty() {
        return;
    }
    // Per section (configured ones, then one per unclaimed benchmark and
    // group, as the page lays them out), the lines of each warned-of file
    // it shows values of.
    let refs = m.selection.shown.iter().map(|parts| parts.iter().flatten().collect::<Vec<_>>());
    let refs = refs.chain(m.selection.unclaimed.iter().map(|(_, r)| r.iter().collect()));
    let lines: Vec<rustc_hash::FxHashMap<&str, Vec<usize>>> = refs
        .map(|refs| {
            let mut of: rustc_hash::FxHashMap<&str, Vec<usize>> = rustc_hash::FxHashMap::default();
            for &&(fi, si) in &refs {
                let rf = &m.results[fi];
                if about.contains_key(rf.rel_path.as_str()) {
                    of.entry(rf.rel_path.as_str()).or_default().push(rf.parsed.samples[si].line);
                }
            }
            of
        })
        .collect();
    let mut given: Vec<Vec<super::SectionWarning>> = vec![Vec::new(); page.sections.len()];
    let mut files: Vec<&String> = about.keys().collect();
    files.sort();
    for f in files {
        let showing: Vec<(usize, &Vec<usize>)> =
            lines.iter().enumerate().filter_map(|(k, of)| Some((k, of.get(f.as_str())?))).collect();
        // The file's text, read once, where a warning's line may sit right
        // under one section's values and above another's.
        let mut text: Option<crate::parse::Input> = None;
        for d in &about[f] {
            let to: Vec<usize> = match d.line {
                None => showing.iter().map(|&(k, _)| k).collect(),
                Some(at) => {
                    let after = |ls: &Vec<usize>| ls.iter().copied().filter(|&l| l >= at).min();
                    let before = |ls: &Vec<usize>| ls.iter().copied().filter(|&l| l < at).max();
                    let last = showing.iter().filter_map(|(_, ls)| before(ls)).max();
                    let first = showing.iter().filter_map(|(_, ls)| after(ls)).min();
                    let under = match (last, first) {
                        (Some(last), Some(first)) if first != at && showing.len() > 1 => {
                            // The sections first (no text needed), the file's
                            // lines only where one ends at `last` (the same
                            // answer: both must hold, and both are pure).
                            showing.iter().any(|(_, ls)| before(ls) == Some(last) && after(ls) != Some(first)) && {
                                let input = text.get_or_insert_with(|| file_text(m, f));
                                (last + 1..=at).all(|n| input.lines.get(n - 1).is_some_and(|l| !l.trim().is_empty()))
                            }
                        }
                        _ => false,
                    };
                    if under {
                        showing.iter().filter(|(_, ls)| before(ls) == last).map(|&(k, _)| k).collect()
                    } else {
                        match first {
                            Some(first) => {
                                showing.iter().filter(|(_, ls)| after(ls) == Some(first)).map(|&(k, _)| k).collect()
                            }
                            None => showing.iter().filter(|(_, ls)| before(ls) == last).map(|&(k, _)| k).collect(),
                        }
                    }
                }
            };
            let link = raw.link(f);
            let (source, link) = match d.line {
                Some(line) => {
                    let at = u32::try_from(line).unwrap_or(u32::MAX);
                    (format!("{f} line {line}"), raw_line_link(&link, at))
                }
                None => (f.to_string(), link),
            };
            let w = super::SectionWarning {
                path: Arc::from(f.as_str()),
                source,
                link: link.into(),
                message: crate::diag::inert(&d.message).into_owned(),
            };
            for k in to {
                if let Some(g) = given.get_mut(k) {
                    g.push(w.clone());
                }
            }
        }
    }
    for (s, w) in page.sections.iter_mut().zip(given) {
        s.set_warnings(w);
    }
}

/// The lint page's view model.
#[derive(Debug, Clone, Serialize)]
pub struct LintPage {
    /// The counts it opens with: "0 errors, 3 warnings, 12 notes in 2
    /// machine classes", or that nothing was found.
    pub counts: String,
    /// The groups that have findings, in a fixed order.
    pub groups: Vec<LintGroup>,
}

/// One group of findings (one [`Kind`]).
#[derive(Debug, Clone, Serialize)]
pub struct LintGroup {
    /// Anchor id ("missing-benchmark").
    pub id: &'static str,
    /// Heading ("Missing benchmarks").
    pub title: &'static str,
    /// What the group holds and what to do, one sentence.
    pub about: &'static str,
    /// Its findings: site-wide ones first, then class by class in page
    /// order, each in the order found.
    pub rows: Vec<LintRow>,
}

/// One finding on the page.
#[derive(Debug, Clone, Serialize)]
pub struct LintRow {
    /// The machine class's name; empty for a site-wide finding.
    pub class: String,
    /// Link to the class's page ("k6/index.html"); empty for a site-wide
    /// finding.
    pub class_href: String,
    /// "error", "warning" or "note".
    pub severity: &'static str,
    /// File (relative to the content directory) and line: `k6/machine.yaml:12`.
    pub place: String,
    /// Link to the published file, relative to the site root; empty when
    /// it is not published.
    pub href: String,
    /// What is wrong.
    pub message: String,
}

/// Every group, in page order: (kind, id, title, about).
const GROUPS: [(Kind, &str, &str, &str); 8] = [
    (
        Kind::MissingBenchmark,
        "missing-benchmarks",
        "Missing benchmarks",
        "Benchmarks some kernels of a class ran and others did not: their tables compare fewer kernels. A kernel that ran only some benchmarks on purpose can say so with partial: in machine.yaml.",
    ),
    (
        Kind::RunCounts,
        "run-counts",
        "Differing run counts",
        "Rows of one table averaged over different numbers of runs: their ± and significance are not alike.",
    ),
    (
        Kind::UnitClash,
        "unit-clashes",
        "Unit clashes",
        "One metric in units that could not be converted to one: each unit is a column of its own.",
    ),
    (
        Kind::KernelName,
        "kernel-names",
        "Kernel names that disagree with their files",
        "A file names another kernel than the directory it sits in: its numbers are filed under the directory.",
    ),
    (
        Kind::Skipped,
        "files-skipped",
        "Files ignored or skipped",
        "Files not read: unrecognised, unreadable, or left out by an ignore: glob (a note).",
    ),
    (
        Kind::Section,
        "sections",
        "Sections",
        "Sections that select nothing, or whose kernels share no row with the baseline.",
    ),
    (
        Kind::Other,
        "other",
        "Other findings",
        "What else loading and checking the content found: YAML, parse warnings, outputs.",
    ),
    (
        Kind::IntendedGap,
        "intended-gaps",
        "Benchmarks left out on purpose",
        "Kernels that ran only some benchmarks on purpose (partial: in machine.yaml): information, not a problem.",
    ),
];

/// The lint page of the site `site`: every finding of its summary and of
/// its classes' summaries, grouped by kind.
pub fn lint_page(site: &SiteSummary) -> LintPage {
    let all = site.findings.iter().map(|f| (None, f));
    let all = all.chain(site.machines.iter().flat_map(|m| m.findings.iter().map(move |f| (Some(m), f))));
    let mut groups: Vec<LintGroup> =
        GROUPS.iter().map(|&(_, id, title, about)| LintGroup { id, title, about, rows: Vec::new() }).collect();
    let mut counts = [0usize; 3];
    let mut classes = std::collections::BTreeSet::new();
    for (m, f) in all {
        let gi = GROUPS.iter().position(|g| g.0 == f.kind).unwrap_or(GROUPS.len() - 2);
        groups[gi].rows.push(row(m, f));
        counts[f.severity as usize] += 1;
        if let Some(m) = m {
            classes.insert(m.slug.as_str());
        }
    }
    groups.retain(|g| !g.rows.is_empty());
    LintPage { counts: counts_text(counts, classes.len(), site.machines.len()), groups }
}

/// A finding `f` of class `m` (none: site-wide) as a row.
fn row(m: Option<&MachineSummary>, f: &Finding) -> LintRow {
    let place = match f.line {
        Some(l) => format!("{}:{l}", f.file),
        None => f.file.clone(),
    };
    LintRow {
        class: m.map(|m| m.name.clone()).unwrap_or_default(),
        class_href: m.map(|m| format!("{}/index.html", m.link)).unwrap_or_default(),
        severity: match f.severity {
            Severity::Error => "error",
            Severity::Warning => "warning",
            Severity::Note => "note",
        },
        place,
        href: f.href.clone().unwrap_or_default(),
        message: f.message.clone(),
    }
}

/// "0 errors, 14 warnings and 3 notes, in 2 machine classes", or "in 1
/// of 2 machine classes" where the site has more than hold findings ("in
/// 1 machine class" read as if the site had one); "Nothing found" when
/// there are none. `counts` by [`Severity`] (warning, error, note);
/// `classes` the classes with findings, of `site_classes`.
fn counts_text(counts: [usize; 3], classes: usize, site_classes: usize) -> String {
    let [warnings, errors, notes] = counts;
    if warnings + errors + notes == 0 {
        return "Nothing found: every kernel ran every benchmark, with the same run counts and units.".to_string();
    }
    let plural = |n: usize, what: &str| format!("{n} {what}{}", if n == 1 { "" } else { "s" });
    let mut text =
        format!("{}, {} and {}", plural(errors, "error"), plural(warnings, "warning"), plural(notes, "note"));
    let noun = |n: usize| if n == 1 { "machine class" } else { "machine classes" };
    match classes {
        0 => {}
        n if site_classes > n => text.push_str(&format!(", in {n} of {site_classes} {}", noun(site_classes))),
        n => text.push_str(&format!(", in {n} {}", noun(n))),
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    fn finding(kind: Kind, severity: Severity) -> Finding {
        Finding { kind, severity, file: "m/machine.yaml".into(), href: None, line: Some(3), message: "x".into() }
    }

    /// attack36 u2d-bidi-unbalanced: a bidi override a file put in a
    /// warning's quoted text (`arch` + U+202E) reaches the pages as the
    /// terminal shows it (U+FFFD), never raw to reverse the sentence.
    #[test]
    fn a_bidi_override_in_a_message_is_shown_as_the_terminal_does() {
        let d = Diagnostic::warning("c/m/6.9.3/b.txt", Some(3), "host `arch\u{202e}` and `archlinux` differ");
        let f = Finding::of(&d, Path::new("c"));
        assert_eq!(f.message, "host `arch\u{fffd}` and `archlinux` differ");
        assert!(d.to_string().ends_with(&f.message), "{d}");
    }

    #[test]
    fn findings_are_grouped_by_kind_in_page_order_and_counted() {
        let mut m = MachineSummary {
            slug: "m".into(),
            link: "m".into(),
            name: "M".into(),
            specs: Vec::new(),
            kernels: None,
            baseline: None,
            axis: crate::site::Axis::default(),
            findings: Vec::new(),
            cells: Default::default(),
        };
        m.findings = vec![
            finding(Kind::IntendedGap, Severity::Note),
            finding(Kind::MissingBenchmark, Severity::Warning),
            finding(Kind::MissingBenchmark, Severity::Warning),
        ];
        let site = SiteSummary {
            title: "t".into(),
            description_md: String::new(),
            description_html: String::new(),
            machines: vec![m],
            findings: vec![finding(Kind::Other, Severity::Error)],
            reference_machine: None,
            alpha: None,
            across: Default::default(),
        };
        let page = lint_page(&site);
        let ids: Vec<&str> = page.groups.iter().map(|g| g.id).collect();
        assert_eq!(ids, ["missing-benchmarks", "other", "intended-gaps"]);
        assert_eq!(page.counts, "1 error, 2 warnings and 1 note, in 1 machine class");
        assert_eq!(page.groups[0].rows[0].place, "m/machine.yaml:3");
        assert_eq!(page.groups[0].rows[0].class_href, "m/index.html");
        assert_eq!(page.groups[1].rows[0].class, "");
        // A site of two classes, one with findings (the newcomer's P1-16).
        let mut two = site.clone();
        let mut other = two.machines[0].clone();
        other.slug = "n".into();
        other.findings.clear();
        two.machines.push(other);
        assert_eq!(lint_page(&two).counts, "1 error, 2 warnings and 1 note, in 1 of 2 machine classes");
    }
}
