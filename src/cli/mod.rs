//! The command line: one thin file per command, each with its arguments
//! (clap) and what it runs; [`Command::run`] dispatches. The work itself is
//! the library's: the pipeline ([`crate::build`]), the lints
//! ([`crate::check`]), the server ([`crate::serve`]).

use clap::{Parser, Subcommand};
use std::process::ExitCode;

/// Writes to standard output. A closed pipe (`benchsite parse FILE | head`)
/// ends the program quietly instead of panicking in `println!`.
pub fn out(text: std::fmt::Arguments<'_>) {
    use std::io::Write;
    if let Err(e) = std::io::stdout().lock().write_fmt(text) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        crate::diag::lossy_eprintln!("error: cannot write to standard output: {e}");
        std::process::exit(1);
    }
}

/// `println!` through [`out`], with control characters (terminal escape
/// sequences in a file or directory name) made inert.
macro_rules! outln {
    ($($t:tt)*) => {
        $crate::cli::out(format_args!("{}\n", $crate::diag::inert(&format!($($t)*))))
    };
}

/// `eprintln!` with control characters (terminal escape sequences in a file
/// or directory name) made inert: every message that can name one.
macro_rules! errln {
    ($($t:tt)*) => {
        $crate::diag::lossy_eprintln!("{}", $crate::diag::inert(&format!($($t)*)))
    };
}

/// `errln!` unless `--quiet`: progress and totals, never a diagnostic.
macro_rules! infoln {
    ($($t:tt)*) => {
        if !$crate::cli::quiet() {
            errln!($($t)*)
        }
    };
}

/// `errln!` only with `--verbose`: what was read, from where, and timings.
macro_rules! verboseln {
    ($($t:tt)*) => {
        if $crate::cli::verbose() {
            errln!($($t)*)
        }
    };
}

/// How much the commands say on standard error: 0 `--quiet`, 1 by
/// default, 2 `--verbose`. Set once, by [`Cli::run`].
static VERBOSITY: std::sync::atomic::AtomicU8 = std::sync::atomic::AtomicU8::new(1);

/// True with `--quiet`: errors and warnings only.
pub fn quiet() -> bool {
    VERBOSITY.load(std::sync::atomic::Ordering::Relaxed) == 0
}

/// True with `--verbose`.
pub fn verbose() -> bool {
    VERBOSITY.load(std::sync::atomic::Ordering::Relaxed) == 2
}

/// Prints diagnostic `d` on standard error, as `errln!` does; with
/// `--quiet` a note is left out (`-q` prints errors and warnings only).
pub fn print_diagnostic(d: &crate::diag::Diagnostic) {
    if !(quiet() && d.severity == crate::diag::Severity::Note) {
        errln!("{d}");
    }
}

/// The exit statuses and the environment, for `--help` and the man page.
const EXIT_STATUS: &str = "Exit status: 0 success; 1 failure (errors in the content, a build that could not be written, --strict with warnings, nothing read by parse); 2 a usage error (an unknown option, machine class, kernel or parser).

Environment: NO_COLOR (set, not empty) turns colour off, even with CLICOLOR_FORCE; BENCHSITE_TIMINGS=1 prints each step's time, as --verbose does; BENCHSITE_NO_CACHE=1 builds without the build cache.";

/// The narrowest page `--width` takes, in columns.
pub const MIN_WIDTH: u64 = 20;

/// The widest page `--width` takes, in columns: a mail line is 72, a
/// terminal a few hundred; `--width 18446744073709551615` panicked
/// (capacity overflow) and 4294967295 aborted allocating 4 GB (attack34).
pub const MAX_WIDTH: u64 = 1000;

/// `--width`'s parser: a number of columns from [`MIN_WIDTH`] to
/// [`MAX_WIDTH`]; anything else is a usage error (exit 2).
pub fn width_parser() -> clap::builder::RangedU64ValueParser<usize> {
    clap::builder::RangedU64ValueParser::<usize>::new().range(MIN_WIDTH..=MAX_WIDTH)
}

pub mod build;
pub mod check;
pub mod completions;
pub mod init;
pub mod merge;
pub mod parse;
pub mod serve;
pub mod text;

/// Static site builder for kernel benchmark results.
///
/// Exit status: 0 success; 1 failure (errors in the content, a build that
/// could not be written, `--strict` with warnings, nothing read by
/// `parse`); 2 a usage error (an unknown option, machine class, kernel or
/// parser).
#[derive(Parser, Debug)]
#[command(name = "benchsite", version, about, long_about = None, after_long_help = EXIT_STATUS)]
pub struct Cli {
    /// The command to run.
    #[command(subcommand)]
    pub command: Command,
    /// Print only errors and warnings (no progress bar, no totals, no list
    /// of files created). `serve` still prints its address and one line per
    /// rebuild.
    #[arg(short, long, global = true, conflicts_with = "verbose")]
    pub quiet: bool,
    /// Also print what was read and from where (content, theme, output
    /// directories; raw files parsed and taken from the build cache) and the
    /// time each step of a build took.
    #[arg(short, long, global = true)]
    pub verbose: bool,
}

impl Cli {
    /// Sets the verbosity, then runs the command; its exit status.
    pub fn run(self) -> ExitCode {
        let level = if self.quiet {
            0
        } else if self.verbose {
            2
        } else {
            1
        };
        VERBOSITY.store(level, std::sync::atomic::Ordering::Relaxed);
        if self.verbose {
            crate::timing::enable();
        }
        self.command.run()
    }
}

/// The commands (each one's doc comment is its help text).
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Build the site from a content directory into an output directory.
    Build(build::BuildArgs),
    /// Check the content without writing anything; list every problem.
    Check(check::CheckArgs),
    /// Serve the site from memory on 127.0.0.1, rebuild it when content or
    /// theme files change, and reload the open browser page.
    Serve(serve::ServeArgs),
    /// Create a new site in DIR, laid out like this repository.
    Init(init::InitArgs),
    /// Merge shard outputs (`build --shard K/N`, `build --classes GLOB`)
    /// into one site, writing the site index and every site-level page; give
    /// it the --content, --theme, --width and --base-url the shards' builds
    /// were given.
    Merge(merge::MergeArgs),
    /// Print one machine class as mail-ready plaintext.
    Text(text::TextArgs),
    /// Parse one raw result file and print what was read.
    Parse(parse::ParseArgs),
    /// Print the shell completion script for SHELL (bash, zsh, fish, elvish,
    /// powershell).
    Completions(completions::CompletionsArgs),
    /// Print the man page, benchsite(1), in roff.
    Man,
}

impl Command {
    /// True for the one-shot commands that lay out a whole site (`build`,
    /// `check`): they may keep the memory they free for their own later
    /// allocations, then exit. `serve` idles between rebuilds.
    pub fn one_shot(&self) -> bool {
        matches!(self, Command::Build(_) | Command::Check(_) | Command::Merge(_))
    }

    /// Runs the command; its exit status.
    pub fn run(self) -> ExitCode {
        match self {
            Command::Build(args) => build::run(args),
            Command::Check(args) => check::run(args),
            Command::Serve(args) => serve::run(args),
            Command::Init(args) => init::run(&args),
            Command::Merge(args) => merge::run(args),
            Command::Text(args) => text::run(&args),
            Command::Parse(args) => parse::run(&args),
            Command::Completions(args) => completions::run(&args),
            Command::Man => completions::man(),
        }
    }
}
