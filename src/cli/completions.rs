//! `benchsite completions SHELL` and `benchsite man`: shell completions and
//! a man page, generated from the command line's own definitions (clap), so
//! they never disagree with `--help`.

use clap::{Args, CommandFactory};
use std::process::ExitCode;

/// Arguments of `benchsite completions`.
#[derive(Args, Debug)]
pub struct CompletionsArgs {
    /// The shell: bash, zsh, fish, elvish or powershell.
    pub shell: clap_complete::Shell,
}

/// Prints the completion script for a shell, to be sourced
/// (`benchsite completions bash > ~/.local/share/bash-completion/completions/benchsite`).
pub fn run(args: &CompletionsArgs) -> ExitCode {
    let mut cmd = super::Cli::command();
    let mut buf = Vec::new();
    clap_complete::generate(args.shell, &mut cmd, "benchsite", &mut buf);
    super::out(format_args!("{}", String::from_utf8_lossy(&buf)));
    ExitCode::SUCCESS
}

/// Prints the man page, benchsite(1), in roff (`benchsite man > benchsite.1`,
/// `man ./benchsite.1`).
pub fn man() -> ExitCode {
    let mut buf = Vec::new();
    if let Err(e) = clap_mangen::Man::new(super::Cli::command()).render(&mut buf) {
        errln!("error: cannot write the man page: {e}");
        return ExitCode::from(1);
    }
    super::out(format_args!("{}", String::from_utf8_lossy(&buf)));
    ExitCode::SUCCESS
}
