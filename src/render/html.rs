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
//!   the [`MachinePage`], and `kernel_pages`, a list of `{file, kernel: {name}}`,
//!   and `notable_legends`, the legends of the marks its notable changes
//!   show ([`report::notable_legends`]);
//! * `compare.html`: `comparisons` (every kernel), `compared` (the last
//!   ones, shown in full), `earlier`, `compared_total` and `summary` (a
//!   [`report::KernelSummary`] per kernel); `kernel.html`: `kpage`:
//!   `kernel` (a kernel of the page), `file`, and the page's `sections`
//!   with only that kernel's rows ([`report::KernelPage`]);
//!   `regressions.html`: `reg`, a [`report::RegressionsPage`]; both
//!   `compare.html` and `regressions.html`: `geomean_scope`, which values
//!   the summary's geometric mean is over, in words
//!   ([`super::regressions::geomean_scope`]);
//! * a class's pages: `raw_prefix`, the path back to the class's page
//!   (`""`, or `"../"` on a kernel or section page) for its charts and
//!   CSV files, and `raw_base`, what goes before a raw file's link: the
//!   same, or `""` where site.yaml's `raw_url` makes each link the file's
//!   URL in its repository ([`report::RawLinks`]);
//! * `404.html`: `root` is `base_url` or "/" (it is served at any depth,
//!   where a relative link breaks), and `style_css` is the stylesheet to
//!   inline.
//!
//! Each section (`s` in `section.html`) has, besides its `table`, its
//! `grid`: the table laid out as every renderer draws it
//! ([`report::grid::Grid`]: `shape`, `blocks` of `label_headers`,
//! `columns` and `rows` of `cells`) with its `caption`, `runs_note` and
//! `show_n` (values say their number of runs); none when the table has no
//! rows. On a kernel page it is the kernel's part of the machine page's grid
//! ([`Grid::only_kernel`]): its rows and their changes, not the baseline's.

use super::html_native::{section_grids, show_runs};
use super::{OutputFile, RenderError, Renderer};
use crate::report::grid::Grid;
use crate::report::{self, MachinePage, SiteSummary, TableView};
use rayon::prelude::*;
use std::path::Path;
use tera::{Context, Tera, Value};

/// Templates of the embedded default theme: (name, source).
pub const DEFAULT_TEMPLATES: &[(&str, &str)] = &[
    ("base.html", include_str!("../../themes/default/templates/base.html")),
    ("index.html", include_str!("../../themes/default/templates/index.html")),
    ("machine.html", include_str!("../../themes/default/templates/machine.html")),
    ("section.html", include_str!("../../themes/default/templates/section.html")),
    ("section-page.html", include_str!("../../themes/default/templates/section-page.html")),
    ("kernel.html", include_str!("../../themes/default/templates/kernel.html")),
    ("compare.html", include_str!("../../themes/default/templates/compare.html")),
    ("regressions.html", include_str!("../../themes/default/templates/regressions.html")),
    ("404.html", include_str!("../../themes/default/templates/404.html")),
    ("lint.html", include_str!("../../themes/default/templates/lint.html")),
];

/// Static files of the embedded default theme: (output path, contents).
pub const DEFAULT_STATIC: &[(&str, &str)] = &[
    ("style.css", include_str!("../../themes/default/static/style.css")),
    ("table.js", include_str!("../../themes/default/static/table.js")),
];

/// Renders `index.html` and `<machine>/index.html`, and copies the theme's
/// static files.
pub struct HtmlRenderer {
    tera: Tera,
    statics: Vec<(String, Vec<u8>)>,
    base_url: Option<String>,
    /// File name of each class's Markdown, which its page links to
    /// (site.yaml's `markdown_name:`); templates see it as `markdown_file`.
    markdown_file: String,
    /// Write the per-class pages with [`super::html_native`] (the theme
    /// overrides none of its templates).
    native: bool,
}

/// Checks that theme file `path` (a regular file, links followed) is
/// inside the theme directory `root` (canonical): a symbolic link in a
/// theme leading out of it (`static/env.txt -> /proc/self/environ`,
/// `static -> /etc`) would publish that file with the site, the build's
/// environment with its tokens or any file of the host (attack34's
/// theme finding). A theme comes with a results repository, from anyone.
///
/// # Errors
/// [`RenderError::Template`] naming the file and where it leads.
fn theme_file_inside(path: &Path, root: &Path) -> Result<(), RenderError> {
    let real = path.canonicalize().map_err(|e| RenderError::Template(format!("{}: {e}", path.display())))?;
    if real.starts_with(root) && std::fs::metadata(&real).is_ok_and(|m| m.is_file()) {
        return Ok(());
    }
    Err(RenderError::Template(format!(
        "{}: a symbolic link out of the theme directory (to {}): a theme's files are published, so a theme may only hold its own files (copy the file into the theme)",
        path.display(),
        real.display()
    )))
}

impl HtmlRenderer {
    /// The embedded default theme, overridden file by file by `theme_dir`
    /// (`templates/*.html`, `static/*`) when it exists.
    ///
    /// # Errors
    /// [`RenderError::Template`] naming the template when one fails to
    /// parse, or a theme file that is a symbolic link out of `theme_dir`.
    pub fn new(theme_dir: Option<&Path>) -> Result<Self, RenderError> {
        let mut templates: Vec<(String, String)> =
            DEFAULT_TEMPLATES.iter().map(|(n, s)| (n.to_string(), s.to_string())).collect();
        let mut statics: Vec<(String, Vec<u8>)> =
            DEFAULT_STATIC.iter().map(|(n, s)| (n.to_string(), s.as_bytes().to_vec())).collect();
        if let Some(dir) = theme_dir {
            // What a theme's links may lead to: files inside it.
            let root = dir.canonicalize().unwrap_or_else(|_| dir.to_path_buf());
            for (sub, is_template) in [("templates", true), ("static", false)] {
                let Ok(rd) = std::fs::read_dir(dir.join(sub)) else { continue };
                let mut entries: Vec<_> = rd.filter_map(Result::ok).filter(|e| e.path().is_file()).collect();
                entries.sort_by_key(|e| e.file_name());
                for e in entries {
                    theme_file_inside(&e.path(), &root)?;
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
        let native = templates
            .iter()
            .zip(DEFAULT_TEMPLATES)
            .all(|((n, s), (dn, ds))| n == dn && s == ds || !super::html_native::TEMPLATES.contains(&n.as_str()));
        let mut tera = Tera::default();
        tera.add_raw_templates(templates.iter().map(|(n, s)| (n.as_str(), s.as_str())))
            .map_err(|e| RenderError::Template(e.to_string()))?;
        let markdown_file = super::markdown::DEFAULT_MARKDOWN_NAME.to_string();
        Ok(HtmlRenderer { tera, statics, base_url: None, markdown_file, native })
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

    /// Links each machine page to its Markdown as `name` (site.yaml's
    /// `markdown_name:`) instead of `index.md`; `None` or empty keeps it.
    pub fn with_markdown_file(mut self, name: Option<&str>) -> Self {
        if let Some(n) = name.map(str::trim).filter(|n| !n.is_empty()) {
            self.markdown_file = n.to_string();
        }
        self
    }

    /// Whether the machine, kernel and comparison pages are written by
    /// [`super::html_native`] (true unless the theme overrides one of its
    /// templates). `with_native(false)` renders them with tera even then:
    /// the tests compare the two.
    pub fn with_native(mut self, native: bool) -> Self {
        self.native = self.native && native;
        self
    }

    /// True when the per-class pages are written without tera.
    pub fn is_native(&self) -> bool {
        self.native
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
        // The classes' table cells are for the cross-class page, not the
        // front page's template context.
        let light = site.without_cells();
        let across = site.across();
        ctx.insert("site", &light);
        ctx.insert("root", &self.root(0));
        ctx.insert("lint", &report::lint_page(site));
        ctx.insert("across", &across.is_shown());
        ctx.insert("across_items", &across.items);
        let index = self.page("index.html", &ctx)?;
        let lint = self.page("lint.html", &ctx)?;
        // 404.html is served at any depth (/a/b/missing), where relative
        // links break: its links start at `base_url` or "/" (the site's
        // pages carry no script to find a root under a path), and the
        // stylesheet is inlined.
        ctx.insert("root", self.base_url.as_deref().unwrap_or("/"));
        let css = self.statics.iter().find(|(n, _)| n == "style.css").map(|(_, b)| String::from_utf8_lossy(b));
        ctx.insert("style_css", css.as_deref().unwrap_or(""));
        let mut files = vec![
            OutputFile::text("index.html", index),
            OutputFile::text("404.html", self.page("404.html", &ctx)?),
            OutputFile::text("lint.html", lint),
        ];
        if across.is_written() {
            let root = self.root(0);
            files.push(OutputFile::text("across.html", super::across::html(site, &across, &root)));
        }
        files.extend(self.statics.iter().map(|(n, b)| OutputFile { path: n.clone(), contents: b.clone() }));
        Ok(files)
    }

    fn render_machine_to(
        &self,
        site: &SiteSummary,
        m: &MachinePage,
        put: &(dyn Fn(OutputFile) + Sync),
    ) -> Result<(), RenderError> {
        if self.native {
            self.render_machine_native(site, m, put);
            return Ok(());
        }
        for f in self.render_machine(site, m)? {
            put(f);
        }
        Ok(())
    }

    fn render_machine(&self, site: &SiteSummary, m: &MachinePage) -> Result<Vec<OutputFile>, RenderError> {
        if self.native {
            return Ok(self.render_machine_native_in_order(site, m));
        }
        // The page is turned into a template value once; tera values are
        // reference-counted, so the kernel pages below share its rows
        // instead of copying and converting them again.
        let site = Value::from_serializable(site);
        let grids = section_grids(m);
        // The page's value and the comparison page's are independent: make
        // them side by side.
        let (page, comparisons) = rayon::join(
            || {
                let _t = crate::timing::span("html: page value");
                let values: Vec<Value> =
                    m.sections.par_iter().zip(&grids).map(|(s, g)| grid_value(&s.table, g.as_deref(), false)).collect();
                with_grids(Value::from_serializable(m), values)
            },
            || {
                let _t = crate::timing::span("html: comparisons value");
                m.baseline.is_some().then(|| {
                    let (kernels, blocks): (Vec<usize>, Vec<report::ComparisonBlock>) =
                        report::comparisons(m).into_iter().unzip();
                    // Each block's marks' legends, for those the page shows.
                    let legends: Vec<Vec<&'static str>> =
                        blocks.iter().map(|b| report::blocks_mark_legends([b])).collect();
                    (kernels, Value::from_serializable(&blocks), legends)
                })
            },
        );
        let pages = report::kernel_pages(m);
        let links: Vec<KernelLink> = pages
            .iter()
            .map(|kp| KernelLink { file: &kp.file, kernel: report::KernelName::of(&m.kernels[kp.kernel]) })
            .collect();
        let kernel_pages = kernel_page_values(&page, m, &grids, &pages);
        let mut files = Vec::with_capacity(kernel_pages.len() + 2);
        let mut ctx = Context::new();
        ctx.insert_value("site", site);
        ctx.insert_value("page", page);
        ctx.insert("kernel_pages", &links);
        ctx.insert("root", &self.root(1));
        ctx.insert("raw_prefix", "");
        // Where the raw files' links are relative (their copies): behind
        // the page's prefix; a repository's URLs (`raw_url`) as they are.
        let raw_base = |prefix: &'static str| if m.raw_copied { prefix } else { "" };
        ctx.insert("raw_base", raw_base(""));
        ctx.insert("markdown_file", &self.markdown_file);
        // The legends of the marks its notable changes show, under the list.
        ctx.insert("notable_legends", &report::notable_legends(&m.notable));
        // The machine page, the comparison page and the kernel pages render
        // in parallel; a context clone shares its values.
        let (machine_page, (compare_page, kernel_files)) = rayon::join(
            || match report::shown_page(m) {
                // A large class's page shows a summary of each table.
                Some(sm) => {
                    let mut ctx = ctx.clone();
                    let values: Vec<Value> = sm
                        .sections
                        .iter()
                        .map(|s| grid_value(&s.table, super::html_native::section_grid(s).as_deref(), false))
                        .collect();
                    ctx.insert_value("page", with_grids(Value::from_serializable(&*sm), values));
                    self.page("machine.html", &ctx)
                }
                None => self.page("machine.html", &ctx),
            },
            || {
                rayon::join(
                    || -> Result<Option<String>, RenderError> {
                        let Some((kernels, blocks, legends)) = comparisons else { return Ok(None) };
                        let mut ctx = ctx.clone();
                        // `comparisons`: every kernel (what a theme's own
                        // compare.html has always been given); `compared`:
                        // the last ones, which the default theme shows,
                        // `earlier` linking the others' pages.
                        let all = blocks.as_array().unwrap_or(&[]);
                        let cut = report::earlier_on_page(m, all.len());
                        let earlier: Vec<&KernelLink> = kernels[..cut].iter().map(|&i| &links[i]).collect();
                        ctx.insert("compared_total", &all.len());
                        ctx.insert("summary", &report::compare_summary(m));
                        ctx.insert("earlier", &earlier);
                        let uncompared: Vec<&KernelLink> =
                            report::uncompared_kernels(m, &kernels).into_iter().map(|i| &links[i]).collect();
                        ctx.insert("uncompared", &uncompared);
                        ctx.insert("own_baselines", &report::own_baselines(m));
                        ctx.insert("geomean_scope", &super::regressions::geomean_scope(m));
                        ctx.insert_value("compared", Value::from(&all[cut..]));
                        // The legends of the marks the blocks shown carry,
                        // each once, in their order.
                        let shown: Vec<&str> = [report::MERGED_LEGEND, report::COPIED_LEGEND]
                            .into_iter()
                            .filter(|l| legends[cut..].iter().any(|b| b.contains(l)))
                            .collect();
                        ctx.insert("mark_legends", &shown);
                        ctx.insert_value("comparisons", blocks.clone());
                        self.page("compare.html", &ctx).map(Some)
                    },
                    || {
                        let mut ctx = ctx.clone();
                        ctx.insert("root", &self.root(2));
                        ctx.insert("raw_prefix", "../");
                        ctx.insert("raw_base", raw_base("../"));
                        kernel_pages
                            .into_par_iter()
                            .zip(pages.par_iter())
                            .map(|(kp, page)| {
                                let mut ctx = ctx.clone();
                                ctx.insert_value("kpage", kp);
                                Ok(OutputFile::text(
                                    format!("{}/kernels/{}", m.slug, page.file),
                                    self.page("kernel.html", &ctx)?,
                                ))
                            })
                            .collect::<Vec<Result<OutputFile, RenderError>>>()
                    },
                )
            },
        );
        files.push(OutputFile::text(format!("{}/index.html", m.slug), machine_page?));
        if let Some(c) = compare_page? {
            files.push(OutputFile::text(format!("{}/compare.html", m.slug), c));
        }
        ctx.insert("reg", &*report::regressions_page(m));
        ctx.insert("geomean_scope", &super::regressions::geomean_scope(m));
        files.push(OutputFile::text(format!("{}/regressions.html", m.slug), self.page("regressions.html", &ctx)?));
        // A large class's every regression, on pages of their own by kernel.
        for rp in report::regression_pages(m).iter() {
            let mut ctx = ctx.clone();
            ctx.insert("reg", &rp);
            files.push(OutputFile::text(format!("{}/{}", m.slug, rp.file), self.page("regressions.html", &ctx)?));
        }
        for f in kernel_files {
            files.push(f?);
        }
        // A large class's sections, every kernel, on pages of their own.
        ctx.insert("root", &self.root(2));
        ctx.insert("raw_prefix", "../");
        ctx.insert("raw_base", raw_base("../"));
        for sp in report::section_pages(m) {
            let mut ctx = ctx.clone();
            ctx.insert_value("s", section_value(&sp.view));
            ctx.insert("sp", &SectionPageContext::of(&sp));
            files.push(OutputFile::text(format!("{}/{}", m.slug, sp.file), self.page("section-page.html", &ctx)?));
        }
        Ok(files)
    }
}

impl HtmlRenderer {
    /// [`Renderer::render_machine`] through [`super::html_native`]: the
    /// pages written side by side, then put in the order the tera path
    /// gives (machine page, comparison page, regressions page, kernel pages
    /// in kernel order).
    fn render_machine_native_in_order(&self, site: &SiteSummary, m: &MachinePage) -> Vec<OutputFile> {
        let files = std::sync::Mutex::new(Vec::new());
        self.render_machine_native(site, m, &|f| {
            files.lock().unwrap_or_else(std::sync::PoisonError::into_inner).push(f)
        });
        let mut files = files.into_inner().unwrap_or_else(std::sync::PoisonError::into_inner);
        // The order the tera path gives: machine page, comparison page,
        // regressions page, kernel pages.
        let (index, compare) = (format!("{}/index.html", m.slug), format!("{}/compare.html", m.slug));
        let regressions = format!("{}/regressions.html", m.slug);
        let key = |f: &OutputFile| {
            if f.path == index {
                0
            } else if f.path == compare {
                1
            } else if f.path == regressions {
                2
            } else {
                3
            }
        };
        let sections = format!("{}/sections/", m.slug);
        let key = |f: &OutputFile| if f.path.starts_with(&sections) { 4 } else { key(f) };
        // A large class's pages of regressions after regressions.html.
        let regression_pages = report::regression_pages(m);
        let key = |f: &OutputFile| {
            if regression_pages
                .iter()
                .any(|rp| f.path.strip_prefix(&m.slug).and_then(|p| p.strip_prefix('/')) == Some(&rp.file))
            {
                2
            } else {
                key(f)
            }
        };
        let mut pos: std::collections::HashMap<String, usize> =
            report::kernel_files(m).iter().enumerate().map(|(i, f)| (format!("{}/kernels/{f}", m.slug), i)).collect();
        pos.extend(regression_pages.iter().enumerate().map(|(i, rp)| (format!("{}/{}", m.slug, rp.file), i + 1)));
        pos.extend(
            report::section_page_plans(m).iter().enumerate().map(|(i, sp)| (format!("{}/{}", m.slug, sp.file(m)), i)),
        );
        files.sort_by_key(|f| (key(f), pos.get(&f.path).copied().unwrap_or(0)));
        files
    }

    /// [`Renderer::render_machine_to`] through [`super::html_native`]: the
    /// machine page, the comparison page and the kernel pages side by side,
    /// each handed to `put` as soon as it is written.
    fn render_machine_native(&self, site: &SiteSummary, m: &MachinePage, put: &(dyn Fn(OutputFile) + Sync)) {
        use super::html_native as native;
        let pages = report::kernel_pages(m);
        let files_of: Vec<String> = pages.iter().map(|kp| kp.file.clone()).collect();
        let (root1, root2) = (self.root(1), self.root(2));
        let grids = native::section_grids(m);
        rayon::join(
            || {
                // A large class's page shows a summary of each table.
                let summary = report::shown_page(m);
                let summary_grids = summary.as_deref().map(native::section_grids);
                let (shown, shown_grids) = match (summary.as_deref(), &summary_grids) {
                    (Some(sm), Some(g)) => (sm, g.as_slice()),
                    _ => (m, grids.as_slice()),
                };
                put(OutputFile::text(
                    format!("{}/index.html", m.slug),
                    native::machine_page(site, shown, shown_grids, &files_of, &root1, &self.markdown_file),
                ))
            },
            || {
                rayon::join(
                    || {
                        if m.baseline.is_some() {
                            let page = native::compare_page(site, m, &report::compare_page(m), &files_of, &root1);
                            put(OutputFile::text(format!("{}/compare.html", m.slug), page));
                        }
                        let page = super::regressions::html(site, m, &report::regressions_page(m), &root1);
                        put(OutputFile::text(format!("{}/regressions.html", m.slug), page));
                        // A large class's every regression, on pages of their own by kernel.
                        for rp in report::regression_pages(m).iter() {
                            let page = super::regressions::html(site, m, rp, &root1);
                            put(OutputFile::text(format!("{}/{}", m.slug, rp.file), page));
                        }
                    },
                    || {
                        rayon::join(
                            || native::kernel_pages(site, m, &grids, &root2, &pages, put),
                            || {
                                // A large class's sections, every kernel, on pages of their own,
                                // each made as it is written.
                                report::section_page_plans(m).par_iter().for_each(|plan| {
                                    let sp = plan.page(m);
                                    let page = native::section_page(site, m, &sp, &root2);
                                    let path = format!("{}/{}", m.slug, sp.file);
                                    drop(sp);
                                    put(OutputFile::text(path, page));
                                })
                            },
                        );
                    },
                )
            },
        );
    }
}

/// A section's `grid` value: grid `g` of table `t` with its `caption`,
/// `runs_note` and `show_n`; none for a table without rows (`g` `None`).
/// `runs_in_legend`: on a kernel page whose legend says what a value is,
/// no runs note where the rows say it ([`Grid::rows_say_runs`]).
fn grid_value(t: &TableView, g: Option<&Grid>, runs_in_legend: bool) -> Value {
    /// What a template sees of a grid.
    #[derive(serde::Serialize)]
    struct GridContext<'a> {
        #[serde(flatten)]
        grid: &'a Grid,
        caption: String,
        runs_note: Option<String>,
        uncompared_note: Option<String>,
        untimed_note: Option<String>,
        show_n: bool,
    }
    let Some(g) = g else { return Value::none() };
    Value::from_serializable(&GridContext {
        caption: g.caption(t),
        runs_note: g.runs_note_html().filter(|_| !(runs_in_legend && g.rows_say_runs())),
        uncompared_note: g.uncompared_note(),
        untimed_note: g.untimed_note(),
        show_n: show_runs(g),
        grid: g,
    })
}

/// The page value `page` with `grids[i]` as the `grid` of its section `i`.
fn with_grids(page: Value, grids: Vec<Value>) -> Value {
    let key = |k: &str| tera::value::Key::from(k.to_string());
    let Some(mut page_map) = page.as_map().cloned() else { return page };
    let sections = page_map.get(&key("sections")).and_then(|v| v.as_array().map(<[Value]>::to_vec)).unwrap_or_default();
    let sections: Vec<Value> = sections
        .into_iter()
        .zip(grids)
        .map(|(sv, grid)| {
            let Some(mut map) = sv.as_map().cloned() else { return sv };
            map.insert(key("grid"), grid);
            Value::from(map)
        })
        .collect();
    page_map.insert(key("sections"), Value::from(sections));
    Value::from(page_map)
}

/// The `kpage` value of every kernel page (`pages`, from
/// [`report::kernel_pages`]), in kernel order: `kernel`, `file`, and the
/// machine page's sections with only that kernel's rows (their `charts`
/// empty, their `grid` the kernel's part of the machine page's, of
/// `grids`: [`Grid::only_kernel`]), built from the page's template value
/// `page` and the page `m` it was made of.
///
/// Built by hand rather than by serialising each kernel page: tera values
/// are reference-counted, so every kernel page shares the machine page's
/// row values instead of converting its rows again. Measured on the medium
/// tree (`BENCHSITE_TIMINGS=1`, debug build, a theme that turns the native
/// pages off): serialising a borrowed view of each kernel page gave the
/// same pages but took 0.7–1.3 s of conversion against 0.1 s for these
/// shared values, so the values stay hand-built.
fn kernel_page_values(
    page: &Value,
    m: &MachinePage,
    grids: &[Option<std::borrow::Cow<'_, Grid>>],
    pages: &[report::KernelPage],
) -> Vec<Value> {
    let get =
        |v: &Value, key: &str| v.as_map().and_then(|map| map.get(&tera::value::Key::from(key.to_string())).cloned());
    let kernels: Vec<Value> =
        get(page, "kernels").and_then(|v| v.as_array().map(<[Value]>::to_vec)).unwrap_or_default();
    let page_sections = get(page, "sections").and_then(|v| v.as_array().map(<[Value]>::to_vec)).unwrap_or_default();
    // Each section's map, its table's map and its row values, taken apart once.
    let sections: Vec<Option<(tera::Map, tera::Map, Vec<Value>)>> = page_sections
        .iter()
        .map(|sv| {
            let table = get(sv, "table")?;
            let rows = get(&table, "rows").and_then(|v| v.as_array().map(<[Value]>::to_vec)).unwrap_or_default();
            Some((sv.as_map()?.clone(), table.as_map()?.clone(), rows))
        })
        .collect();
    pages
        .par_iter()
        .map(|kp| {
            let legend_shown = !kp.legend_baseline.is_empty();
            let (mut runs_legend, mut runs_folded) = (false, false);
            let secs: Vec<Value> = kp
                .sections
                .iter()
                .filter_map(|ks| {
                    let (section_map, table_map, rows) = sections.get(ks.section)?.as_ref()?;
                    let mine: Vec<Value> = ks.rows.iter().filter_map(|&ri| rows.get(ri).cloned()).collect();
                    let mut t = table_map.clone();
                    t.insert(tera::value::Key::from("rows"), Value::from(mine));
                    let mut sm = section_map.clone();
                    sm.insert(tera::value::Key::from("table"), Value::from(t));
                    // The section's charts compare every kernel; a kernel page is about one.
                    sm.insert(tera::value::Key::from("charts"), Value::from(Vec::<Value>::new()));
                    sm.insert(tera::value::Key::from("chart_note"), Value::from(""));
                    let name = &m.kernels[kp.kernel].name;
                    let table = &m.sections[ks.section].table;
                    let grid = grids
                        .get(ks.section)
                        .and_then(|g| g.as_deref())
                        .map(|g| g.only_kernel_folded(name, &super::html_native::folds))
                        .map(|(g, folded)| {
                            runs_folded |= folded;
                            g
                        });
                    runs_legend |= grid.as_ref().is_some_and(Grid::rows_say_runs);
                    sm.insert(tera::value::Key::from("grid"), grid_value(table, grid.as_ref(), legend_shown));
                    Some(Value::from(sm))
                })
                .collect();
            let mut v = tera::Map::new();
            v.insert(tera::value::Key::from("kernel"), kernels.get(kp.kernel).cloned().unwrap_or_else(Value::none));
            v.insert(tera::value::Key::from("file"), Value::from(kp.file.clone()));
            v.insert(tera::value::Key::from("sections"), Value::from(secs));
            v.insert(tera::value::Key::from("legend_baseline"), Value::from(kp.legend_baseline.clone()));
            v.insert(tera::value::Key::from("baseline_pages"), Value::from_serializable(&kp.baseline_pages));
            v.insert(tera::value::Key::from("legend_section"), Value::from(kp.legend_section.clone()));
            v.insert(tera::value::Key::from("runs_legend"), Value::from(runs_legend));
            v.insert(tera::value::Key::from("runs_folded"), Value::from(runs_folded));
            v.insert(tera::value::Key::from("mark_legends"), Value::from(kp.mark_legends.clone()));
            v.insert(tera::value::Key::from("factors"), Value::from(kp.factors));
            Value::from(v)
        })
        .collect()
}

/// What `section-page.html` sees of a [`report::SectionPage`] as `sp`
/// (its section is `s`).
#[derive(serde::Serialize)]
struct SectionPageContext<'a> {
    text: &'a str,
    number: usize,
    label: &'a str,
    links: &'a [report::PageLink],
}

impl<'a> SectionPageContext<'a> {
    fn of(sp: &'a report::SectionPage) -> Self {
        let label = sp.links.get(sp.number - 1).map_or("", |l| l.label.as_str());
        SectionPageContext { text: &sp.text, number: sp.number, label, links: &sp.links }
    }
}

/// A section's template value with its `grid` ([`grid_value`]).
fn section_value(s: &report::SectionView) -> Value {
    let grid = grid_value(&s.table, super::html_native::section_grid(s).as_deref(), false);
    let v = Value::from_serializable(s);
    let Some(mut map) = v.as_map().cloned() else { return v };
    map.insert(tera::value::Key::from("grid"), grid);
    Value::from(map)
}

/// A link to a kernel page, as `kernel_pages` lists them for `machine.html`.
#[derive(serde::Serialize)]
struct KernelLink<'a> {
    file: &'a str,
    kernel: report::KernelName,
}
