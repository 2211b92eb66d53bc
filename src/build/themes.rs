//! Themes: where they live and which one a build uses.

use super::{BuildError, BuildOptions};
use crate::render::RenderError;
use std::path::{Path, PathBuf};

/// Where themes live: `themes/` beside the content directory.
pub fn themes_root(content: &Path) -> PathBuf {
    let parent = content.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
    parent.join("themes")
}

/// The theme directory a build uses: the one given, else `themes/<name>` for
/// the theme `site.yaml` names (which must exist), else `themes/default`
/// when present. Theme names cannot leave `themes/`.
///
/// # Errors
/// [`BuildError::Render`] when `site.yaml` names a theme that is missing or
/// is not a plain directory name.
pub fn resolve_theme(opts: &BuildOptions, named: Option<&str>) -> Result<Option<PathBuf>, BuildError> {
    if let Some(dir) = &opts.theme_dir {
        // A typo in --theme must not quietly build with the default theme.
        if !dir.is_dir() {
            return Err(BuildError::Render(RenderError::Template(format!(
                "--theme {}: no such directory",
                dir.display()
            ))));
        }
        return Ok(Some(dir.clone()));
    }
    let root = themes_root(&opts.content);
    match named {
        Some(name) => {
            let plain = !name.is_empty()
                && Path::new(name).components().count() == 1
                && matches!(Path::new(name).components().next(), Some(std::path::Component::Normal(_)));
            let dir = root.join(name);
            if !plain || !dir.is_dir() {
                return Err(BuildError::Render(RenderError::Template(format!(
                    "site.yaml: theme {name:?} not found (looked for {})",
                    dir.display()
                ))));
            }
            Ok(Some(dir))
        }
        None => Ok(Some(root.join("default"))),
    }
}
