//! `benchsite check`: everything short of writing, every problem at once.
//!
//! One pass of the pipeline ([`crate::build::check_site`]): each machine
//! class is loaded and laid out once, linted ([`crate::check`]) and
//! rendered into no file, so templates that fail and outputs that clash are
//! found as a build would find them.

use crate::build::{self, BuildError, BuildOptions};
use crate::diag::{Diagnostic, Severity};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Mutex;

/// `check`'s arguments.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// Content directory.
    #[arg(long, default_value = "content")]
    pub content: PathBuf,
    /// Theme directory (default: themes/<site.yaml's theme, or default> beside the content).
    #[arg(long)]
    pub theme: Option<PathBuf>,
    /// Treat warnings as errors (exit status 1 when there are any).
    #[arg(long)]
    pub strict: bool,
    /// How to print the diagnostics: `text` (one line each, on standard
    /// error) or `json` (an array of {severity, file, line, column,
    /// message} on standard output, for editors and CI annotations) or
    /// `github` (GitHub Actions workflow commands, `::warning file=…,line=…::…`,
    /// on standard output: annotations on the files of a push or pull request).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// How `check` prints.
#[derive(clap::ValueEnum, Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// One line per diagnostic on standard error, then a count.
    Text,
    /// A JSON array on standard output.
    Json,
    /// GitHub Actions workflow commands on standard output, one a line.
    Github,
}

/// Runs `check`: prints every diagnostic and a count; exit status 1 on an
/// error (or, with `--strict`, a warning).
pub fn run(args: CheckArgs) -> ExitCode {
    let CheckArgs { content, theme, strict, format } = args;
    let opts = BuildOptions {
        content,
        output: PathBuf::from("output"),
        theme_dir: theme,
        text_width: 72,
        force: false,
        overwrite: false,
        base_url: None,
    };
    match check(&opts) {
        Ok(diags) => {
            let count = |s: Severity| diags.iter().filter(|d| d.severity == s).count();
            let (errors, warnings, notes) = (count(Severity::Error), count(Severity::Warning), count(Severity::Note));
            // Notes (gaps `partial:` declares, files `ignore:` leaves out)
            // are counted only when there are some, and never fail.
            let notes = if notes > 0 { format!(", {notes} note(s)") } else { String::new() };
            match format {
                Format::Json => {
                    match serde_json::to_string_pretty(&diags) {
                        Ok(json) => crate::cli::out(format_args!("{json}\n")),
                        Err(e) => errln!("error: cannot write the diagnostics as JSON: {e}"),
                    }
                    let lossy = diags.iter().filter(|d| d.file.to_str().is_none()).count();
                    if lossy > 0 {
                        infoln!(
                            "check: {lossy} diagnostic(s) name a path that is not UTF-8; its \"file\" shows those bytes as U+FFFD"
                        );
                    }
                }
                Format::Github => {
                    for d in &diags {
                        crate::cli::out(format_args!("{}\n", github_annotation(d)));
                    }
                    infoln!("check: {errors} error(s), {warnings} warning(s){notes}");
                }
                Format::Text => {
                    for d in &diags {
                        crate::cli::print_diagnostic(d);
                    }
                    infoln!("check: {errors} error(s), {warnings} warning(s){notes}");
                }
            }
            if errors > 0 || (strict && warnings > 0) { ExitCode::from(1) } else { ExitCode::SUCCESS }
        }
        Err(e) => {
            errln!("error: cannot read content directory {}: {e}", opts.content.display());
            ExitCode::from(1)
        }
    }
}

/// One diagnostic as a GitHub Actions workflow command:
/// `::warning file=PATH,line=N,col=N,title=benchsite::MESSAGE` (`::error` for
/// an error). GitHub's escaping applies: `%`, CR and LF everywhere, and `:`
/// and `,` in the properties, so a file name or message cannot end the
/// command early or start another one; other control characters are made
/// inert ([`crate::diag::inert`]).
pub fn github_annotation(d: &Diagnostic) -> String {
    fn data(s: &str) -> String {
        crate::diag::inert(&s.replace('%', "%25").replace('\r', "%0D").replace('\n', "%0A")).into_owned()
    }
    fn property(s: &str) -> String {
        data(s).replace(':', "%3A").replace(',', "%2C")
    }
    let kind = match d.severity {
        Severity::Warning => "warning",
        Severity::Error => "error",
        Severity::Note => "notice",
    };
    let mut props = format!("file={}", property(&d.file.display().to_string()));
    if let Some(line) = d.line {
        props.push_str(&format!(",line={line}"));
        if let Some(col) = d.column {
            props.push_str(&format!(",col={col}"));
        }
    }
    format!("::{kind} {props},title=benchsite::{}", data(&d.message))
}

/// Runs every check on a content directory. Returns all diagnostics, errors
/// and warnings, in a stable order: what loading gave (`site.yaml`, then
/// each machine class), the lints of every class, then what would fail a
/// build (when the content has no errors).
///
/// # Errors
/// Only when the content directory itself cannot be read.
pub fn check(opts: &BuildOptions) -> std::io::Result<Vec<Diagnostic>> {
    let lints = Mutex::new(Vec::new());
    let lint = |found: Vec<Diagnostic>| {
        lints.lock().unwrap_or_else(std::sync::PoisonError::into_inner).extend(found);
    };
    let (mut diags, failure) = match build::check_site(opts, &lint) {
        Ok(pass) => pass,
        Err(BuildError::Content { source, .. }) => return Err(source),
        Err(e) => return Err(std::io::Error::other(e.to_string())),
    };
    diags.extend(lints.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner));
    match failure {
        None => {}
        // Outputs that clash: name the machine class directory the
        // clashing path starts in, when there is one.
        Some(ref e @ BuildError::Write { ref path, .. }) => {
            let class = path.components().next().map(|c| opts.content.join(c)).filter(|d| d.is_dir());
            diags.push(Diagnostic::error(class.unwrap_or_else(|| opts.content.clone()), None, e.to_string()));
        }
        Some(other) => diags.push(Diagnostic::error(&opts.content, None, other.to_string())),
    }
    Ok(diags)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn github_annotation_escapes_what_would_end_the_command() {
        let d = Diagnostic::error("content/a,b:c/x%.txt", Some(3), "50% off\nsecond line").at_column(Some(7));
        assert_eq!(
            github_annotation(&d),
            "::error file=content/a%2Cb%3Ac/x%25.txt,line=3,col=7,title=benchsite::50%25 off%0Asecond line"
        );
        let w = Diagnostic::warning("content/m/k/out.txt", None, "unrecognised: \u{1b}[31m");
        assert_eq!(
            github_annotation(&w),
            "::warning file=content/m/k/out.txt,title=benchsite::unrecognised: \u{FFFD}[31m"
        );
    }
}
