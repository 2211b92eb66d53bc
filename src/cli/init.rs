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

/// Runs `init`: creates the site and names every file it created.
pub fn run(args: &InitArgs) -> ExitCode {
    let dir = &args.dir;
    match crate::init::init(dir) {
        Ok(files) => {
            for f in &files {
                errln!("created {}", f.display());
            }
            errln!("new site in {}; next: cd {} && benchsite build", dir.display(), dir.display());
            ExitCode::SUCCESS
        }
        Err(e) => {
            errln!("error: {e}");
            ExitCode::from(1)
        }
    }
}
