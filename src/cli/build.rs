//! `benchsite build`: the site from a content directory into an output
//! directory.

use crate::build::{self, BuildError, BuildOptions, BuildReport};
use crate::diag::Severity;
use clap::Args;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The options of a site's build that `merge` takes too: the shards of one
/// site are built, and merged, with the same ones.
#[derive(Args, Debug)]
pub struct SiteArgs {
    /// Content directory.
    #[arg(long, default_value = "content")]
    pub content: PathBuf,
    /// Output directory.
    #[arg(long, default_value = "output")]
    pub output: PathBuf,
    /// Theme directory (default: themes/<site.yaml's theme, or default> beside the content).
    #[arg(long)]
    pub theme: Option<PathBuf>,
    /// Width of the plaintext (email.txt) in columns (20 to 1000).
    #[arg(long, default_value_t = 72, value_parser = crate::cli::width_parser())]
    pub width: usize,
    /// Write into a non-empty output directory benchsite did not create.
    #[arg(long)]
    pub force: bool,
    /// Replace files in the output directory that benchsite did not write
    /// (without it, the build names them and writes nothing).
    #[arg(long)]
    pub overwrite: bool,
    /// Absolute URL the site is served from (default: relative links).
    #[arg(long)]
    pub base_url: Option<String>,
}

impl SiteArgs {
    /// The build options these arguments give.
    pub fn options(self) -> BuildOptions {
        let SiteArgs { content, output, theme, width, force, overwrite, base_url } = self;
        BuildOptions { content, output, theme_dir: theme, text_width: width, force, overwrite, base_url }
    }
}

/// `build`'s arguments.
#[derive(Args, Debug)]
pub struct BuildArgs {
    /// Content, output, theme and the rest.
    #[command(flatten)]
    pub site: SiteArgs,
    /// Fail (exit status 1, nothing written) when there are warnings, those
    /// about the site as a whole that `check` prints included (notes never fail).
    #[arg(long)]
    pub strict: bool,
    /// Build only the machine classes whose directory name matches GLOB
    /// (`*`, `?`, `[a-f]`; repeat for more) into a shard output, without the
    /// site-level pages; `benchsite merge` puts shards together.
    #[arg(long = "classes", value_name = "GLOB", conflicts_with = "shard")]
    pub classes: Vec<String>,
    /// Build the K-th of N shards (the machine classes in name order, dealt
    /// out in turn) into a shard output: N matrix jobs with --shard 1/N …
    /// N/N hold every class once.
    #[arg(long, value_name = "K/N", value_parser = build::shard::Selection::part)]
    pub shard: Option<build::shard::Selection>,
}

/// Runs `build`: builds, then prints the diagnostics and one line of
/// totals, or why the build failed and what became of the output directory.
pub fn run(args: BuildArgs) -> ExitCode {
    let BuildArgs { site, strict, classes, shard } = args;
    let opts = site.options();
    let output = opts.output.clone();
    let started = std::time::Instant::now();
    verboseln!(
        "content {}, output {}, theme {}",
        opts.content.display(),
        output.display(),
        opts.theme_dir
            .as_ref()
            .map_or_else(|| "from site.yaml (default: built in)".to_string(), |t| t.display().to_string())
    );
    let progress = progress_bar();
    let _stalls = progress.is_hidden().then(|| {
        StallWatch::start(progress.clone(), STALL, |file, secs| {
            errln!(
                "warning: still parsing {file}: no raw file has finished for {secs} s (a parser may be stuck on it; the file and this line make a good bug report)"
            );
        })
    });
    let selection = shard.or_else(|| (!classes.is_empty()).then_some(build::shard::Selection::Globs(classes)));
    let built = if let Some(selection) = &selection {
        build::build_shard(&opts, selection, strict, &progress)
    } else if strict {
        build::build_strict(&opts, &progress)
    } else {
        build::build_with_progress(&opts, &progress)
    };
    match built {
        Ok(report) => {
            // A shard has no lint page: `merge` writes it.
            print_built("built", &output, &report, selection.is_none(), started.elapsed().as_secs_f64());
            ExitCode::SUCCESS
        }
        Err(e) => print_failed("build", e, &output, &progress),
    }
}

/// A progress bar on a terminal, shown only when the build takes more than
/// a moment; elsewhere (or with `--quiet`) a hidden one.
fn progress_bar() -> indicatif::ProgressBar {
    if std::io::IsTerminal::is_terminal(&std::io::stderr()) && !crate::cli::quiet() {
        let pb = indicatif::ProgressBar::with_draw_target(Some(0), indicatif::ProgressDrawTarget::stderr());
        pb.set_style(
            indicatif::ProgressStyle::with_template(
                "{spinner} parsing {pos}/{len} raw files {bar:24} {eta} {wide_msg}",
            )
            .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
        );
        pb.enable_steady_tick(std::time::Duration::from_millis(250));
        pb
    } else {
        indicatif::ProgressBar::hidden()
    }
}

/// How long no raw file may finish parsing before a build without a
/// progress bar names the file it is parsing ([`StallWatch`]).
const STALL: std::time::Duration = std::time::Duration::from_secs(60);

/// Where no progress bar is drawn (standard error is no terminal, as in
/// CI, or `--quiet`), a thread that warns when no raw file has finished
/// parsing for `after`, naming the file parsed longest (the hidden bar's
/// message, set by the parse), and again after twice as long each time:
/// a parser stuck on one file otherwise left a CI log silent until the
/// job's time ran out. A warning, printed even with `--quiet`: a build
/// that may never end. Stops when dropped.
struct StallWatch {
    stop: Option<std::sync::mpsc::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl StallWatch {
    /// Starts watching `progress`; `say(file, seconds)` gives each warning.
    fn start(
        progress: indicatif::ProgressBar,
        after: std::time::Duration,
        say: impl Fn(&str, u64) + Send + 'static,
    ) -> StallWatch {
        let (stop, stopped) = std::sync::mpsc::channel::<()>();
        let tick = (after / 8).min(std::time::Duration::from_secs(1));
        let thread = std::thread::Builder::new()
            .name("stall-watch".into())
            .spawn(move || {
                let (mut pos, mut since, mut next) = (progress.position(), std::time::Instant::now(), after);
                while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(tick) {
                    if progress.position() != pos {
                        (pos, since, next) = (progress.position(), std::time::Instant::now(), after);
                        continue;
                    }
                    let file = progress.message();
                    if since.elapsed() >= next && !file.is_empty() {
                        say(&file, since.elapsed().as_secs());
                        next *= 2;
                    }
                }
            })
            .ok();
        StallWatch { stop: Some(stop), thread }
    }
}

impl Drop for StallWatch {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The diagnostics of a build (or merge: `verb` "merged") that succeeded,
/// and its totals, with the warnings `check` gives besides them (and the
/// lint page lists, when the output has one: `lint_page`).
pub(super) fn print_built(verb: &str, output: &Path, report: &BuildReport, lint_page: bool, secs: f64) {
    for d in &report.diagnostics {
        crate::cli::print_diagnostic(d);
    }
    let warnings = report.diagnostics.iter().filter(|d| d.severity == Severity::Warning).count();
    verboseln!(
        "raw files parsed in this build: {} (the others' results came from the build cache)",
        report.files_parsed
    );
    // The findings about the site as a whole are `check`'s: the first
    // [`crate::build::SITE_WARNINGS_SHOWN`] printed here and all counted. Only counted,
    // "0 warning(s) (and 7 about the site as a whole…)" showed none of the
    // seven, one of them a file's own line (newcomer59b: a tiobench file
    // naming kernel 2.5.57 under 6.11.0).
    for d in report.site_warnings_shown() {
        crate::cli::print_diagnostic(d);
    }
    let more = report.site_warnings_said(lint_page);
    infoln!(
        "{verb} {}: {} raw files read, {} pages, {} charts, {} files ({} changed), {} warning(s){more}, {:.2} s",
        output.display(),
        report.files_read,
        report.pages,
        report.charts,
        report.files_out,
        report.files_written,
        warnings,
        secs
    );
}

/// Why a build (or merge: `what` "merge") failed, and what became of
/// the output directory; exit status 1.
pub(super) fn print_failed(what: &str, e: BuildError, output: &Path, progress: &indicatif::ProgressBar) -> ExitCode {
    match e {
        BuildError::Strict(diags) => {
            progress.finish_and_clear();
            for d in &diags {
                crate::cli::print_diagnostic(d);
            }
            errln!("{what} failed: {} warning(s) with --strict; {} left unchanged", diags.len(), output.display());
        }
        BuildError::Invalid(diags) => {
            progress.finish_and_clear();
            for d in &diags {
                crate::cli::print_diagnostic(d);
            }
            let n = diags.iter().filter(|d| d.severity == Severity::Error).count();
            errln!("{what} failed: {n} error(s); {} left unchanged", output.display());
        }
        e @ BuildError::PartlyCommitted { .. } => {
            errln!("error: {e}");
            errln!(
                "{what} failed; {} holds complete files only, some of them from this build: {what} again once the cause is fixed",
                output.display()
            );
        }
        e => {
            errln!("error: {e}");
            errln!("{what} failed; {} left unchanged", output.display());
        }
    }
    ExitCode::from(1)
}

#[cfg(test)]
mod tests {
    use super::StallWatch;
    use std::sync::{Arc, Mutex};
    use std::time::{Duration, Instant};

    type Said = Arc<Mutex<Vec<(String, Instant)>>>;

    fn watch(bar: &indicatif::ProgressBar, after: Duration) -> (StallWatch, Said) {
        let said: Said = Arc::default();
        let log = Arc::clone(&said);
        let w = StallWatch::start(bar.clone(), after, move |file, _| {
            log.lock().unwrap().push((file.to_string(), Instant::now()));
        });
        (w, said)
    }

    /// A parse stuck on one file is named after the wait, then again after
    /// twice as long.
    #[test]
    fn a_stuck_parse_is_named_where_no_bar_shows_it() {
        let bar = indicatif::ProgressBar::hidden();
        bar.set_message("content/box/6.1/fio.txt");
        let start = Instant::now();
        let (w, said) = watch(&bar, Duration::from_millis(80));
        while said.lock().unwrap().len() < 2 && start.elapsed() < Duration::from_secs(20) {
            std::thread::sleep(Duration::from_millis(10));
        }
        drop(w);
        let said = said.lock().unwrap();
        assert!(said.len() >= 2, "{said:?}");
        assert!(said.iter().all(|(f, _)| f == "content/box/6.1/fio.txt"), "{said:?}");
        assert!(said[0].1 - start >= Duration::from_millis(80), "not before the wait");
        assert!(said[1].1 - start >= Duration::from_millis(160), "then after twice the wait");
    }

    /// Files finishing one after another, then none in flight: no word.
    #[test]
    fn a_parse_that_moves_on_says_nothing() {
        let bar = indicatif::ProgressBar::hidden();
        let (w, said) = watch(&bar, Duration::from_secs(2));
        for k in 0..10 {
            bar.set_message(format!("content/box/6.1/run{k}.txt"));
            bar.inc(1);
            std::thread::sleep(Duration::from_millis(20));
        }
        bar.set_message("");
        std::thread::sleep(Duration::from_millis(2500));
        drop(w);
        assert!(said.lock().unwrap().is_empty(), "{:?}", said.lock().unwrap());
    }
}
