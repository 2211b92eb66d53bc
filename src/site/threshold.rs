//! `regression_threshold:` checks: the smallest change, in percent of the
//! baseline's value, that a class's regressions page lists
//! ([`crate::report::regressions`]), in `site.yaml`, `machine.yaml` or a
//! section; a bad value is an error at its line.

use super::config::MachineConfig;
use super::yaml_lines::section_line;
use crate::diag::Diagnostic;
use std::path::Path;

/// A `regression_threshold:` (percent) must be a finite number, 0 or
/// more: an error against `yaml` at `line` otherwise (`-5` would list
/// improvements as regressions, `.nan` nothing). `whose` names a section
/// ("section \"dbench\": ") or is empty.
pub(super) fn check_threshold(
    yaml: &Path,
    line: Option<usize>,
    whose: &str,
    t: Option<f64>,
    diags: &mut Vec<Diagnostic>,
) {
    if let Some(t) = t.filter(|t| !(t.is_finite() && *t >= 0.0)) {
        diags.push(Diagnostic::error(
            yaml,
            line,
            format!(
                "{whose}regression_threshold (the smallest change in percent the regressions page lists) must be a number, 0 or more, such as 5; not {t}"
            ),
        ));
    }
}

/// Each section's `regression_threshold:` checked ([`check_threshold`])
/// at its line.
pub(super) fn check_section_thresholds(yaml: &Path, text: &str, config: &MachineConfig, diags: &mut Vec<Diagnostic>) {
    for sc in &config.sections {
        let line = section_line(text, &sc.title, "regression_threshold:");
        check_threshold(yaml, line, &format!("section {:?}: ", sc.title), sc.regression_threshold, diags);
    }
}
