//! `benchsite merge SHARD... --output OUT`: shard outputs (`build --classes
//! GLOB`) put together into one site, with the site index and every
//! site-level page.

use crate::build::{self, BuildOptions};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// `merge`'s arguments.
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Shard output directories, each made by `build --shard K/N` or
    /// `build --classes GLOB`.
    #[arg(required = true, value_name = "SHARD")]
    pub shards: Vec<PathBuf>,
    /// Content directory the shards were built from (its site.yaml,
    /// machine.yaml files and theme make the site-level pages; every class's
    /// files are checked against the shards).
    #[arg(long, default_value = "content")]
    pub content: PathBuf,
    /// Output directory of the merged site.
    #[arg(long, default_value = "output")]
    pub output: PathBuf,
    /// Theme directory, as given to the shards' builds.
    #[arg(long)]
    pub theme: Option<PathBuf>,
    /// Width of the plaintext, as given to the shards' builds.
    #[arg(long, default_value_t = 72)]
    pub width: usize,
    /// Write into a non-empty output directory benchsite did not create.
    #[arg(long)]
    pub force: bool,
    /// Replace files in the output directory that benchsite did not write.
    #[arg(long)]
    pub overwrite: bool,
    /// Absolute URL the site is served from, as given to the shards' builds.
    #[arg(long)]
    pub base_url: Option<String>,
}

/// Runs `merge`: merges, then prints the diagnostics the shards recorded
/// and one line of totals, or why the merge failed (nothing written then).
pub fn run(args: MergeArgs) -> ExitCode {
    let MergeArgs { shards, content, output, theme, width, force, overwrite, base_url } = args;
    let opts = BuildOptions {
        content,
        output: output.clone(),
        theme_dir: theme,
        text_width: width,
        force,
        overwrite,
        base_url,
    };
    let started = std::time::Instant::now();
    match build::merge::merge(&opts, &shards) {
        Ok(report) => {
            super::build::print_built("merged", &output, &report, started.elapsed().as_secs_f64());
            ExitCode::SUCCESS
        }
        Err(e) => super::build::print_failed("merge", e, &output, &indicatif::ProgressBar::hidden()),
    }
}
