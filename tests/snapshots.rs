//! Snapshots (insta) of the demo site's Markdown and plaintext, one pair per
//! machine class, and of each class's regressions page (`regressions.md`). Review changes with `cargo insta review`, or re-bless
//! with `INSTA_UPDATE=always cargo test --test snapshots`.

use benchsite::render::markdown::machine_md;
use benchsite::render::text::{TextOptions, machine_text};
use std::path::Path;

#[test]
fn demo_markdown_and_plaintext() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let site = benchsite::site::load(&root.join("content")).expect("content loads");
    assert!(!site.has_errors(), "{:?}", site.diagnostics);
    let view = benchsite::chart::site_view(&site);
    for page in &view.machines {
        insta::assert_snapshot!(format!("{}.md", page.slug), machine_md(page));
        insta::assert_snapshot!(format!("{}.email.txt", page.slug), machine_text(page, &TextOptions::default()));
        let regressions = benchsite::report::regressions_page(page);
        insta::assert_snapshot!(
            format!("{}.regressions.md", page.slug),
            benchsite::render::regressions::markdown(page, &regressions, "index.md")
        );
    }
}
