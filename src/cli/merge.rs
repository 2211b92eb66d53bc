//! `benchsite merge SHARD... --output OUT`: shard outputs (`build --classes
//! GLOB`) put together into one site, with the site index and every
//! site-level page.

use crate::build;
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// `merge`'s arguments: the shards, and the options their builds were
/// given (the merge refuses shards built with others).
#[derive(Args, Debug)]
pub struct MergeArgs {
    /// Shard output directories, each made by `build --shard K/N` or
    /// `build --classes GLOB`.
    #[arg(required = true, value_name = "SHARD")]
    pub shards: Vec<PathBuf>,
    /// Content (its site.yaml, machine.yaml files and theme make the
    /// site-level pages; every class's files are checked against the
    /// shards), output of the merged site, and the rest, as the shards'
    /// builds were given them.
    #[command(flatten)]
    pub site: super::build::SiteArgs,
}

/// Runs `merge`: merges, then prints the diagnostics the shards recorded
/// and one line of totals, or why the merge failed (nothing written then).
pub fn run(args: MergeArgs) -> ExitCode {
    let MergeArgs { shards, site } = args;
    let opts = site.options();
    let output = opts.output.clone();
    let started = std::time::Instant::now();
    match build::merge::merge(&opts, &shards) {
        Ok(report) => {
            super::build::print_built("merged", &output, &report, true, started.elapsed().as_secs_f64());
            ExitCode::SUCCESS
        }
        Err(e) => super::build::print_failed("merge", e, &output, &indicatif::ProgressBar::hidden()),
    }
}
