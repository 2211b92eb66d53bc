//! Commentary Markdown → sanitised HTML, and → wrapped plain text for mail.

use pulldown_cmark::{Event, Options, Parser, Tag, TagEnd};
use std::sync::LazyLock;

fn options() -> Options {
    Options::ENABLE_TABLES | Options::ENABLE_FOOTNOTES | Options::ENABLE_STRIKETHROUGH | Options::ENABLE_TASKLISTS
}

static CLEANER: LazyLock<ammonia::Builder<'static>> = LazyLock::new(|| {
    let mut b = ammonia::Builder::default();
    b.add_generic_attributes(["id"])
        .add_tags(["input"])
        .add_tag_attributes("input", ["type", "checked", "disabled"])
        .add_tag_attributes("th", ["style"])
        .add_tag_attributes("td", ["style"]);
    b
});

/// Renders commentary Markdown (GitHub-flavoured: tables, footnotes,
/// strikethrough, task lists) to HTML and sanitises it with ammonia: raw
/// `<script>`, event-handler attributes and `javascript:` links are removed.
pub fn to_html(md: &str) -> String {
    if md.trim().is_empty() {
        return String::new();
    }
    let mut html = String::new();
    pulldown_cmark::html::push_html(&mut html, Parser::new_ext(md, options()));
    CLEANER.clean(&html).to_string()
}

/// textwrap settings for plaintext: break only at spaces, never inside a
/// word or at its hyphens (so `2.5.33-mm5` stays whole); a word longer than
/// the width (a URL) is broken only when it cannot fit on a line of its own.
pub fn wrap_options<'a>(width: usize) -> textwrap::Options<'a> {
    textwrap::Options::new(width.max(20)).word_splitter(textwrap::WordSplitter::NoHyphenation)
}

/// Renders commentary Markdown as plain text wrapped to `width` columns (by
/// textwrap, on display width): paragraphs separated by a blank line, list
/// items as `- `, code blocks kept verbatim, emphasis markers dropped, link
/// targets written after their text in angle brackets.
pub fn to_text(md: &str, width: usize) -> String {
    // Blocks of text; list items are joined to their neighbours by a single
    // newline, every other block by a blank line.
    let mut blocks: Vec<(String, bool)> = Vec::new();
    let mut cur = String::new();
    let mut in_code = false;
    let mut list_depth = 0usize;
    let mut link_stack: Vec<String> = Vec::new();
    let flush = |cur: &mut String, blocks: &mut Vec<(String, bool)>, indent: &str, first: &str, item: bool| {
        let text = cur.trim().to_string();
        if !text.is_empty() {
            let opts = wrap_options(width).initial_indent(first).subsequent_indent(indent);
            blocks.push((textwrap::fill(&text, opts), item));
        }
        cur.clear();
    };
    for ev in Parser::new_ext(md, options()) {
        match ev {
            Event::Start(Tag::CodeBlock(_)) => {
                flush(&mut cur, &mut blocks, "", "", false);
                in_code = true;
            }
            Event::End(TagEnd::CodeBlock) => {
                in_code = false;
                let code = std::mem::take(&mut cur);
                let code = code.trim_end().lines().map(|l| l.trim_end().to_string()).collect::<Vec<_>>().join("\n");
                blocks.push((code, false));
            }
            Event::Text(t) if in_code => cur.push_str(&t),
            Event::Start(Tag::List(_)) => {
                flush(&mut cur, &mut blocks, "", "", false);
                list_depth += 1;
            }
            Event::End(TagEnd::List(_)) => list_depth = list_depth.saturating_sub(1),
            Event::End(TagEnd::Item) => {
                let ind = "  ".repeat(list_depth.saturating_sub(1));
                flush(&mut cur, &mut blocks, &format!("{ind}  "), &format!("{ind}- "), true);
            }
            Event::Start(Tag::Item) => {
                // A nested list starts inside its parent item: emit the parent's text first.
                let ind = "  ".repeat(list_depth.saturating_sub(2));
                flush(&mut cur, &mut blocks, &format!("{ind}  "), &format!("{ind}- "), true);
            }
            Event::End(TagEnd::Paragraph) if list_depth == 0 => flush(&mut cur, &mut blocks, "", "", false),
            Event::End(TagEnd::Paragraph) => cur.push(' '),
            Event::End(TagEnd::Heading(_)) => flush(&mut cur, &mut blocks, "", "", false),
            Event::End(TagEnd::BlockQuote(_)) => flush(&mut cur, &mut blocks, "> ", "> ", false),
            Event::Start(Tag::Link { dest_url, .. }) => link_stack.push(dest_url.to_string()),
            Event::End(TagEnd::Link) => {
                if let Some(url) = link_stack.pop()
                    && !url.is_empty()
                    && !cur.ends_with(url.as_str())
                {
                    cur.push_str(&format!(" <{url}>"));
                }
            }
            Event::Text(t) | Event::Code(t) => cur.push_str(&t),
            Event::SoftBreak | Event::HardBreak => cur.push(' '),
            Event::Html(h) | Event::InlineHtml(h) => cur.push_str(&h),
            _ => {}
        }
    }
    flush(&mut cur, &mut blocks, "", "", false);
    let mut out = String::new();
    for (i, (text, item)) in blocks.iter().enumerate() {
        if i > 0 {
            out.push_str(if *item && blocks[i - 1].1 { "\n" } else { "\n\n" });
        }
        out.push_str(text);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn html_is_sanitised() {
        let html = to_html("hi <script>alert(1)</script> [x](javascript:alert(1)) <img src=x onerror=alert(1)>");
        assert!(!html.contains("<script"));
        assert!(!html.contains("javascript:"));
        assert!(!html.contains("onerror"));
    }

    #[test]
    fn kernel_names_are_not_split_at_hyphens() {
        let t = to_text("Kernels: 2.4.19-rc5-aa1, 2.4.20-pre4-ac1, 2.4.20-pre5, 2.5.33, 2.5.33-mm5 and more", 72);
        assert!(t.contains("2.5.33-mm5"), "{t}");
    }

    #[test]
    fn text_wraps_and_lists() {
        let t = to_text("A *long* paragraph that needs wrapping because it goes on and on and on.\n\n- one\n- two", 30);
        assert!(t.lines().all(|l| l.len() <= 30), "{t}");
        assert!(t.contains("- one\n- two"), "{t}");
        assert!(!t.contains('*'));
    }
}
