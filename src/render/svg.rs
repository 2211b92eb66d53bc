//! The SVG chart files of every machine page.
//!
//! Charts are drawn once, while the view model is built
//! ([`crate::report::MachinePage::chart_files`]); this renderer only hands
//! them out as files under `<machine>/charts/`.

use super::{OutputFile, RenderError, Renderer};
use crate::report::{MachinePage, SiteSummary};

/// Writes `<machine>/charts/*.svg`.
#[derive(Debug, Clone, Copy, Default)]
pub struct SvgRenderer;

impl Renderer for SvgRenderer {
    fn name(&self) -> &'static str {
        "svg"
    }

    fn render_index(&self, _site: &SiteSummary) -> Result<Vec<OutputFile>, RenderError> {
        Ok(Vec::new())
    }

    fn render_machine(&self, _site: &SiteSummary, m: &MachinePage) -> Result<Vec<OutputFile>, RenderError> {
        Ok(m.chart_files
            .iter()
            .map(|(path, svg)| OutputFile::text(format!("{}/{path}", m.slug), svg.clone()))
            .collect())
    }
}
