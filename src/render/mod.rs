//! Renderers: view models in, files out.
//!
//! Every renderer implements [`Renderer`] and returns [`OutputFile`]s rather
//! than writing them, so `build`, tests and (later) `serve` share them. All
//! renderers read the same [`SiteView`], so HTML, Markdown and plaintext carry
//! the same numbers.

use crate::report::{MachinePage, SiteSummary, SiteView};

pub mod across;
pub mod ascii;
pub mod html;
pub mod html_native;
pub mod markdown;
pub mod regressions;
pub mod svg;
pub mod text;

/// A file to write, relative to the output directory (it lives with the
/// writer, [`crate::output`]).
pub use crate::output::OutputFile;

/// Errors a renderer can report.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// A theme template failed to parse or render.
    #[error("template error: {0}")]
    Template(String),
}

/// Something that turns the site's view model into output files.
///
/// A renderer works machine class by machine class ([`Renderer::render_machine`])
/// plus the site-wide pages ([`Renderer::render_index`]), so a build can
/// render machine classes in parallel and need not hold every class's pages
/// at once. Both get the [`SiteSummary`] (title, and names and kernels of every
/// class), never the other classes' tables.
pub trait Renderer: Sync {
    /// Short name for messages ("html", "markdown", "text").
    fn name(&self) -> &'static str;

    /// The site-wide files: index pages, error page, static files.
    ///
    /// # Errors
    /// [`RenderError::Template`] when a theme template is broken.
    fn render_index(&self, site: &SiteSummary) -> Result<Vec<OutputFile>, RenderError>;

    /// The files of one machine class.
    ///
    /// # Errors
    /// [`RenderError::Template`] when a theme template is broken.
    fn render_machine(&self, site: &SiteSummary, m: &MachinePage) -> Result<Vec<OutputFile>, RenderError>;

    /// [`Renderer::render_machine`], handing each file to `put` as soon as it
    /// is made instead of returning them all, so a build need not hold a
    /// large class's pages in memory at once. `put` may be called from
    /// several threads. The default collects and then hands over.
    ///
    /// # Errors
    /// [`RenderError::Template`] when a theme template is broken.
    fn render_machine_to(
        &self,
        site: &SiteSummary,
        m: &MachinePage,
        put: &(dyn Fn(OutputFile) + Sync),
    ) -> Result<(), RenderError> {
        for f in self.render_machine(site, m)? {
            put(f);
        }
        Ok(())
    }

    /// Renders the whole site: [`Renderer::render_index`], then every machine class.
    ///
    /// # Errors
    /// [`RenderError::Template`] when a theme template is broken.
    fn render(&self, site: &SiteView) -> Result<Vec<OutputFile>, RenderError> {
        let summary = SiteSummary::of(site);
        let mut files = self.render_index(&summary)?;
        for m in &site.machines {
            files.extend(self.render_machine(&summary, m)?);
        }
        Ok(files)
    }
}
