//! `benchsite init DIR`: a new site, laid out like this repository.

use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// `init`'s arguments.
#[derive(Args, Debug)]
pub struct InitArgs {
    /// Directory to create the site in.
    pub dir: PathBuf,
    /// The GitHub Action the Pages workflow builds the site with,
    /// OWNER/NAME@REF: a public repository holding benchsite (its
    /// `action.yml`) at a branch, tag or commit. Default: this benchsite's
    /// own repository at its version's tag. Until that repository is
    /// public, push your benchsite checkout to GitHub and name it here
    /// (`--action you/benchsite@main`).
    #[arg(long, value_name = "OWNER/NAME@REF")]
    pub action: Option<String>,
}

/// True when a `benchsite` (`benchsite.exe`) is in a directory of `PATH`.
fn on_path() -> bool {
    let name = if cfg!(windows) { "benchsite.exe" } else { "benchsite" };
    std::env::var_os("PATH").is_some_and(|path| std::env::split_paths(&path).any(|dir| dir.join(name).is_file()))
}

/// Runs `init`: creates the site and names every file it created.
pub fn run(args: &InitArgs) -> ExitCode {
    let dir = &args.dir;
    let action = args.action.clone().unwrap_or_else(crate::init::action);
    match crate::init::init(dir, &action) {
        Ok(files) => {
            for f in &files {
                infoln!("created {}", f.display());
            }
            infoln!("new site in {}", dir.display());
            if args.action.is_none() {
                // newcomer43 N2: said where it is acted on, not a paragraph later.
                infoln!(
                    "its Pages workflow builds with the GitHub Action {action}, which is not public yet: push your benchsite checkout to GitHub and run `benchsite init --action YOU/benchsite@main` (or edit `uses:` in .github/workflows/pages.yml), else the first publish stops at \"Unable to resolve action\""
                );
            } else if action.starts_with("YOU/") {
                // newcomer59b: the README's placeholder typed as it stands
                // went into pages.yml without a word.
                errln!(
                    "warning: its Pages workflow builds with the GitHub Action {action}: `YOU` is the README's placeholder for your GitHub user, so the first publish stops at \"Unable to resolve action\": run init again with your user in its place, or edit `uses:` in .github/workflows/pages.yml"
                );
            } else {
                infoln!("its Pages workflow builds with the GitHub Action {action}, which GitHub must find public");
            }
            infoln!("before the first push: on GitHub, Settings -> Pages -> Source: GitHub Actions");
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
