//! The SVG chart files of a machine page.
//!
//! Charts are drawn by the chart step ([`crate::chart::page_charts`]),
//! after the page is laid out; this renderer only hands them out as files
//! under `<machine>/`.

use super::OutputFile;
use crate::chart::ChartFile;

/// The output files of a machine page's charts: `<slug>/<file>`
/// (`k6-2/charts/dbench-32-bar.svg`), in the order given.
pub fn chart_files(slug: &str, charts: Vec<ChartFile>) -> impl Iterator<Item = OutputFile> + '_ {
    charts.into_iter().map(move |c| OutputFile::text(format!("{slug}/{}", c.file), c.svg))
}
