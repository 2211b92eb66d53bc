//! Renderers: view models in, files out.
//!
//! Every renderer implements [`Renderer`] and returns [`OutputFile`]s rather
//! than writing them, so `build`, tests and (later) `serve` share them. All
//! renderers read the same [`SiteView`], so HTML, Markdown and plaintext carry
//! the same numbers.

use crate::report::SiteView;

pub mod html;
pub mod markdown;
pub mod svg;
pub mod text;

/// A file to write, relative to the output directory.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OutputFile {
    /// Path relative to the output directory, `/`-separated (`k6-2/index.html`).
    pub path: String,
    /// Contents.
    pub contents: Vec<u8>,
}

impl OutputFile {
    /// A text file.
    pub fn text(path: impl Into<String>, contents: String) -> Self {
        OutputFile { path: path.into(), contents: contents.into_bytes() }
    }
}

/// Errors a renderer can report.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// A theme template failed to parse or render.
    #[error("template error: {0}")]
    Template(String),
}

/// Something that turns the site's view model into output files.
pub trait Renderer {
    /// Short name for messages ("html", "markdown", "text").
    fn name(&self) -> &'static str;

    /// Renders the whole site.
    ///
    /// # Errors
    /// [`RenderError::Template`] when a theme template is broken.
    fn render(&self, site: &SiteView) -> Result<Vec<OutputFile>, RenderError>;
}
