//! HTML pages from tera templates.
//!
//! The default theme (`themes/default/`) is embedded in the binary, so
//! benchsite works without the directory; a theme directory given at build
//! time overrides any single template or static file and inherits the rest.
//! Templates receive view models only, plus `root`, the relative path back
//! to the site root (`""` or `"../"`), so every link works from a project
//! subpath as well as from a domain root:
//!
//! * every page: `site`, a [`SiteSummary`] (title, description, and each
//!   machine class's slug, name, specs and kernel names — not its tables);
//! * machine pages (`machine.html`, `compare.html`, `kernel.html`): `page`,
//!   the [`MachinePage`], and `kernel_pages`, a list of `{file, kernel: {name}}`;
//! * `compare.html`: `comparisons`; `kernel.html`: `kpage`, the
//!   [`report::KernelPage`].

use super::{OutputFile, RenderError, Renderer};
use crate::report::{self, MachinePage, SiteSummary};
use rayon::prelude::*;
use std::path::Path;
use tera::{Context, Tera, Value};

/// Templates of the embedded default theme: (name, source).
pub const DEFAULT_TEMPLATES: &[(&str, &str)] = &[
    ("base.html", include_str!("../../themes/default/templates/base.html")),
    ("index.html", include_str!("../../themes/default/templates/index.html")),
    ("machine.html", include_str!("../../themes/default/templates/machine.html")),
    ("section.html", include_str!("../../themes/default/templates/section.html")),
    ("kernel.html", include_str!("../../themes/default/templates/kernel.html")),
    ("compare.html", include_str!("../../themes/default/templates/compare.html")),
    ("404.html", include_str!("../../themes/default/templates/404.html")),
];

/// Static files of the embedded default theme: (output path, contents).
pub const DEFAULT_STATIC: &[(&str, &str)] = &[("style.css", include_str!("../../themes/default/static/style.css"))];

/// Renders `index.html` and `<machine>/index.html`, and copies the theme's
/// static files.
pub struct HtmlRenderer {
    tera: Tera,
    statics: Vec<(String, Vec<u8>)>,
    base_url: Option<String>,
}

impl HtmlRenderer {
    /// The embedded default theme, overridden file by file by `theme_dir`
    /// (`templates/*.html`, `static/*`) when it exists.
    ///
    /// # Errors
    /// [`RenderError::Template`] naming the template when one fails to parse.
    pub fn new(theme_dir: Option<&Path>) -> Result<Self, RenderError> {
        let mut templates: Vec<(String, String)> =
            DEFAULT_TEMPLATES.iter().map(|(n, s)| (n.to_string(), s.to_string())).collect();
        let mut statics: Vec<(String, Vec<u8>)> =
            DEFAULT_STATIC.iter().map(|(n, s)| (n.to_string(), s.as_bytes().to_vec())).collect();
        if let Some(dir) = theme_dir {
            for (sub, is_template) in [("templates", true), ("static", false)] {
                let Ok(rd) = std::fs::read_dir(dir.join(sub)) else { continue };
                let mut entries: Vec<_> = rd.filter_map(Result::ok).filter(|e| e.path().is_file()).collect();
                entries.sort_by_key(|e| e.file_name());
                for e in entries {
                    let name = e.file_name().to_string_lossy().to_string();
                    let bytes = std::fs::read(e.path())
                        .map_err(|err| RenderError::Template(format!("{}: {err}", e.path().display())))?;
                    if is_template {
                        let text = String::from_utf8_lossy(&bytes).into_owned();
                        match templates.iter_mut().find(|(n, _)| *n == name) {
                            Some(t) => t.1 = text,
                            None => templates.push((name, text)),
                        }
                    } else {
                        match statics.iter_mut().find(|(n, _)| *n == name) {
                            Some(s) => s.1 = bytes,
                            None => statics.push((name, bytes)),
                        }
                    }
                }
            }
        }
        let mut tera = Tera::default();
        tera.add_raw_templates(templates.iter().map(|(n, s)| (n.as_str(), s.as_str())))
            .map_err(|e| RenderError::Template(e.to_string()))?;
        Ok(HtmlRenderer { tera, statics, base_url: None })
    }

    /// Makes every link absolute under `base_url` (e.g.
    /// `https://user.github.io/repo/`) instead of relative. An empty string
    /// keeps relative links.
    pub fn with_base_url(mut self, base_url: Option<&str>) -> Self {
        self.base_url = base_url.filter(|b| !b.trim().is_empty()).map(|b| {
            let b = b.trim();
            if b.ends_with('/') { b.to_string() } else { format!("{b}/") }
        });
        self
    }

    /// The link prefix back to the site root from a page `depth` directories down.
    fn root(&self, depth: usize) -> String {
        self.base_url.clone().unwrap_or_else(|| "../".repeat(depth))
    }

    fn page(&self, template: &str, ctx: &Context) -> Result<String, RenderError> {
        self.tera.render(template, ctx).map_err(|e| RenderError::Template(format!("{template}: {e}")))
    }
}

impl Renderer for HtmlRenderer {
    fn name(&self) -> &'static str {
        "html"
    }

    fn render_index(&self, site: &SiteSummary) -> Result<Vec<OutputFile>, RenderError> {
        let mut ctx = Context::new();
        ctx.insert("site", site);
        ctx.insert("root", &self.root(0));
        let mut files = vec![
            OutputFile::text("index.html", self.page("index.html", &ctx)?),
            OutputFile::text("404.html", self.page("404.html", &ctx)?),
        ];
        files.extend(self.statics.iter().map(|(n, b)| OutputFile { path: n.clone(), contents: b.clone() }));
        Ok(files)
    }

    fn render_machine(&self, site: &SiteSummary, m: &MachinePage) -> Result<Vec<OutputFile>, RenderError> {
        // Each value is turned into a template value once and shared (tera
        // values are reference-counted), so a kernel page costs its own rows
        // only, not the whole machine page again.
        let site = Value::from_serializable(site);
        let kernel_pages = report::kernel_pages(m);
        let links: Vec<KernelLink> = kernel_pages
            .iter()
            .map(|kp| KernelLink { file: &kp.file, kernel: report::KernelName { name: kp.kernel.name.clone() } })
            .collect();
        let mut files = Vec::with_capacity(kernel_pages.len() + 2);
        let mut ctx = Context::new();
        ctx.insert_value("site", site);
        ctx.insert_value("page", Value::from_serializable(m));
        ctx.insert("kernel_pages", &links);
        ctx.insert("root", &self.root(1));
        ctx.insert("raw_prefix", "");
        files.push(OutputFile::text(format!("{}/index.html", m.slug), self.page("machine.html", &ctx)?));
        if m.baseline.is_some() {
            ctx.insert("comparisons", &report::comparisons(m));
            files.push(OutputFile::text(format!("{}/compare.html", m.slug), self.page("compare.html", &ctx)?));
            ctx.remove("comparisons");
        }
        ctx.insert("root", &self.root(2));
        ctx.insert("raw_prefix", "../");
        // Kernel pages in parallel; a context clone shares its values.
        let kernel_files: Vec<Result<OutputFile, RenderError>> = kernel_pages
            .par_iter()
            .map(|kp| {
                let mut ctx = ctx.clone();
                ctx.insert("kpage", kp);
                Ok(OutputFile::text(format!("{}/kernels/{}", m.slug, kp.file), self.page("kernel.html", &ctx)?))
            })
            .collect();
        for f in kernel_files {
            files.push(f?);
        }
        Ok(files)
    }
}

/// A link to a kernel page, as `kernel_pages` lists them for `machine.html`.
#[derive(serde::Serialize)]
struct KernelLink<'a> {
    file: &'a str,
    kernel: report::KernelName,
}
