//! `benchsite init DIR`: a new site, laid out like this repository.

use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// `init`'s arguments.
#[derive(Args, Debug)]
pub struct InitArgs {
    /// Directory to create the site in.
    pub dir: PathBuf,
}

/// True when a `benchsite` (`benchsite.exe`) is in a directory of `PATH`.
fn on_path() -> bool {
    let name = if cfg!(windows) { "benchsite.exe" } else { "benchsite" };
    std::env::var_os("PATH").is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(name).is_file()))
}

/// Runs `init`: creates the site and names every file it created.
pub fn run(args: &InitArgs) -> ExitCode {
    let dir = &args.dir;
    match crate::init::init(dir) {
        Ok(files) => {
            for f in &files {
                infoln!("created {}", f.display());
            }
            infoln!("new site in {}", dir.display());
            infoln!("next: cd {} && benchsite serve   (or check, build; see its README.md to publish)", dir.display());
            if !on_path() && !crate::cli::quiet() {
                errln!(
                    "benchsite is not on your PATH: `cargo install --locked --path .` in the benchsite checkout puts it there"
                );
            }
            ExitCode::SUCCESS
        }
        Err(e) => {
            errln!("error: {e}");
            ExitCode::from(1)
        }
    }
}
