//! The `check` command: everything short of writing, every problem at once.
//!
//! Besides what loading reports (unreadable, unrecognised or damaged raw
//! files, malformed YAML with line and column, unknown YAML keys, a baseline
//! that is not a kernel), `check` looks for what makes a comparison unfair
//! or a page incomplete:
//!
//! * a kernel missing a benchmark that other kernels of its machine class have;
//! * differing run counts for one metric within a table;
//! * a configured section that selects no results;
//! * templates that fail to render.

use crate::build::{BuildOptions, render_site, BuildError};
use crate::diag::{Diagnostic, Severity};
use crate::report;
use crate::site::{self, Site};
use std::collections::{BTreeMap, BTreeSet};

/// Runs every check on a content directory. Returns all diagnostics, errors
/// and warnings, in a stable order.
///
/// # Errors
/// Only when the content directory itself cannot be read.
pub fn check(opts: &BuildOptions) -> std::io::Result<Vec<Diagnostic>> {
    let site = site::load(&opts.content)?;
    let mut diags = site.diagnostics.clone();
    diags.extend(consistency(&site));
    if !site.has_errors()
        && let Err(e) = render_site(opts)
    {
        match e {
            BuildError::Invalid(_) => {}
            // Outputs that clash: name the machine class directory the
            // clashing path starts in, when there is one.
            BuildError::Write { ref path, .. } => {
                let class = path.components().next().map(|c| opts.content.join(c)).filter(|d| d.is_dir());
                diags.push(Diagnostic::error(class.unwrap_or_else(|| opts.content.clone()), None, e.to_string()));
            }
            other => diags.push(Diagnostic::error(&opts.content, None, other.to_string())),
        }
    }
    Ok(diags)
}

/// Warnings about coverage and run counts in a loaded site.
pub fn consistency(site: &Site) -> Vec<Diagnostic> {
    let mut out = Vec::new();
    let view = report::site_view(site);
    for (m, page) in site.machines.iter().zip(&view.machines) {
        let machine_yaml = m.dir.join("machine.yaml");

        // Benchmarks per kernel.
        let mut by_bench: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
        for rf in &m.results {
            for s in &rf.parsed.samples {
                if let Some(k) = &s.kernel {
                    by_bench.entry(rf.parsed.benchmark.as_str()).or_default().insert(k.as_str());
                }
            }
        }
        for (bench, have) in &by_bench {
            let missing: Vec<&str> =
                m.kernels.iter().map(|k| k.name.as_str()).filter(|k| !have.contains(k)).collect();
            if !missing.is_empty() && !have.is_empty() {
                out.push(Diagnostic::warning(
                    &machine_yaml,
                    None,
                    format!(
                        "{}: kernel(s) {} have no {bench} results while {} do",
                        m.slug,
                        missing.join(", "),
                        have.iter().copied().collect::<Vec<_>>().join(", ")
                    ),
                ));
            }
        }

        // Sections that select nothing, and differing run counts.
        for (i, s) in page.sections.iter().enumerate() {
            if s.table.rows.is_empty() && i < m.config.sections.len() {
                out.push(Diagnostic::warning(
                    &machine_yaml,
                    None,
                    format!("{}: section {:?} selects no results", m.slug, s.title),
                ));
            }
            for (ci, col) in s.table.columns.iter().enumerate() {
                let counts: BTreeSet<u32> =
                    s.table.rows.iter().filter_map(|r| r.cells[ci].as_ref()).map(|c| c.summary.n).collect();
                if counts.len() > 1 {
                    let detail: Vec<String> = s
                        .table
                        .rows
                        .iter()
                        .filter_map(|r| r.cells[ci].as_ref().map(|c| format!("{} n={}", r.kernel, c.summary.n)))
                        .collect();
                    out.push(Diagnostic::warning(
                        &machine_yaml,
                        None,
                        format!(
                            "{}: section {:?}, {}: differing run counts ({})",
                            m.slug,
                            s.title,
                            col.name,
                            detail.join(", ")
                        ),
                    ));
                }
            }
        }
    }
    out
}

/// True when any diagnostic is an error.
pub fn has_errors(diags: &[Diagnostic]) -> bool {
    diags.iter().any(|d| d.severity == Severity::Error)
}
