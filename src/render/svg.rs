//! The SVG chart files of every machine page.
//!
//! Charts are drawn once, while the view model is built
//! ([`crate::report::MachinePage::chart_files`]); this renderer only hands
//! them out as files under `<machine>/charts/`.

use super::{OutputFile, RenderError, Renderer};
use crate::report::SiteView;

/// Writes `<machine>/charts/*.svg`.
#[derive(Debug, Clone, Copy, Default)]
pub struct SvgRenderer;

impl Renderer for SvgRenderer {
    fn name(&self) -> &'static str {
        "svg"
    }

    fn render(&self, site: &SiteView) -> Result<Vec<OutputFile>, RenderError> {
        Ok(site
            .machines
            .iter()
            .flat_map(|m| m.chart_files.iter().map(move |(path, svg)| OutputFile::text(format!("{}/{path}", m.slug), svg.clone())))
            .collect())
    }
}
