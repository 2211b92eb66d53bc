//! HTML pages from tera templates.
//!
//! The default theme (`themes/default/`) is embedded in the binary, so
//! benchsite works without the directory; a theme directory given at build
//! time overrides any single template or static file and inherits the rest.
//! Templates receive view models only ([`SiteView`], [`MachinePage`]) plus
//! `root`, the relative path back to the site root (`""` or `"../"`), so
//! every link works from a project subpath as well as from a domain root.

use super::{OutputFile, RenderError, Renderer};
use crate::report::SiteView;
use std::path::Path;
use tera::{Context, Tera};

/// Templates of the embedded default theme: (name, source).
pub const DEFAULT_TEMPLATES: &[(&str, &str)] = &[
    ("base.html", include_str!("../../themes/default/templates/base.html")),
    ("index.html", include_str!("../../themes/default/templates/index.html")),
    ("machine.html", include_str!("../../themes/default/templates/machine.html")),
];

/// Static files of the embedded default theme: (output path, contents).
pub const DEFAULT_STATIC: &[(&str, &str)] = &[("style.css", include_str!("../../themes/default/static/style.css"))];

/// Renders `index.html` and `<machine>/index.html`, and copies the theme's
/// static files.
pub struct HtmlRenderer {
    tera: Tera,
    statics: Vec<(String, Vec<u8>)>,
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
        Ok(HtmlRenderer { tera, statics })
    }

    fn page(&self, template: &str, ctx: &Context) -> Result<String, RenderError> {
        self.tera.render(template, ctx).map_err(|e| RenderError::Template(format!("{template}: {e}")))
    }
}

impl Renderer for HtmlRenderer {
    fn name(&self) -> &'static str {
        "html"
    }

    fn render(&self, site: &SiteView) -> Result<Vec<OutputFile>, RenderError> {
        let mut files = Vec::new();
        let mut ctx = Context::new();
        ctx.insert("site", site);
        ctx.insert("root", "");
        files.push(OutputFile::text("index.html", self.page("index.html", &ctx)?));
        for m in &site.machines {
            let mut ctx = Context::new();
            ctx.insert("site", site);
            ctx.insert("page", m);
            ctx.insert("root", "../");
            files.push(OutputFile::text(format!("{}/index.html", m.slug), self.page("machine.html", &ctx)?));
        }
        files.extend(self.statics.iter().map(|(n, b)| OutputFile { path: n.clone(), contents: b.clone() }));
        Ok(files)
    }
}
