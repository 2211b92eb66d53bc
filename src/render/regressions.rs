//! The regressions page of a machine class
//! ([`crate::report::regressions`]) in every rendering:
//! `regressions.html` written natively (byte for byte the default theme's
//! `regressions.html` template), `regressions.md`, and the plaintext of
//! `benchsite text CLASS --regressions`.

use super::html_native::{Page, base};
use super::markdown::escape;
use crate::report::environment::KernelMark;
use crate::report::{KernelSummary, MachinePage, RegressionsPage, SiteSummary};

/// `regressions.html` of `m` ([`RegressionsPage`] `r`), as the
/// `regressions.html` template writes it; `root` leads back to the site.
pub fn html(site: &SiteSummary, m: &MachinePage, r: &RegressionsPage, root: &str) -> String {
    let size = 4096 + r.regressions.len() * 400 + r.summary.len() * 300;
    base(
        site,
        root,
        |p| {
            p.raw("Regressions on ").text(&m.name);
            if !r.label.is_empty() {
                p.raw(", ").text(&m.axis.many).raw(" ").text(&r.label);
            }
            p.raw(" — ").text(&site.title);
        },
        |p| {
            p.raw("\n<nav class=\"crumbs\" aria-label=\"Breadcrumb\"><a href=\"")
                .text(root)
                .raw("index.html\">All machine classes</a> › <a href=\"index.html\">");
            p.text(&m.name).raw("</a>");
            if r.number > 0 {
                p.raw(" › <a href=\"regressions.html\">Regressions</a>");
            }
            p.raw("</nav>\n<h1>Regressions on ").text(&m.name).raw("</h1>\n<p class=\"counts\">");
            p.text(&r.counts).raw("</p>\n");
            super::html_native::mark_legend(p, m);
            if r.tested {
                p.raw("<p class=\"legend\">").text(&r.legend).raw("</p>\n");
                for l in &r.mark_legends {
                    p.raw("<p class=\"legend\">").text(l).raw("</p>\n");
                }
                if !r.shown_note.is_empty() {
                    pages_nav(p, r);
                }
                if !r.regressions.is_empty() {
                    regression_table(p, m, r);
                }
            }
            if !r.summary.is_empty() {
                summary_html(p, m, &r.summary);
            }
            p.raw("\n");
        },
        size,
    )
}

/// What a large class's regressions page lists and its pages, each
/// linked but this one ([`RegressionsPage::shown_note`]).
fn pages_nav(p: &mut Page, r: &RegressionsPage) {
    p.raw("<nav class=\"pages\" aria-label=\"Pages of regressions\"><p>").text(&r.shown_note).raw(" Pages: ");
    super::html_native::page_links(p, &r.pages, r.number, "");
    p.raw("</p></nav>\n");
}

/// The table of regressions, one line each, its section linked.
fn regression_table(p: &mut Page, m: &MachinePage, r: &RegressionsPage) {
    p.raw("<div class=\"table-wrap\">\n<table class=\"regressions\">\n<thead><tr><th scope=\"col\">section</th><th scope=\"col\">metric</th><th scope=\"col\" class=\"kernel\">");
    p.text(&m.axis.one).raw("</th><th scope=\"col\" class=\"num\">value</th><th scope=\"col\" class=\"num\">baseline</th><th scope=\"col\" class=\"num\">change</th><th scope=\"col\" class=\"num\">adjusted p</th></tr></thead>\n<tbody>\n");
    for x in &r.regressions {
        p.raw("<tr><td><a href=\"index.html#").text(&x.section_id).raw("\">").text(&x.section);
        p.raw("</a></td><td>").text(&x.metric);
        if !x.unit.is_empty() {
            p.raw(" <span class=\"unit\">").text(&x.unit).raw("</span>");
        }
        if !x.params.is_empty() {
            p.raw(" <span class=\"params\">").text(&x.params).raw("</span>");
        }
        p.raw("</td><td class=\"kernel\">").text(&x.kernel);
        super::html_native::flag(p, x.mark.as_ref());
        p.raw("</td><td class=\"num\">").text(&x.value).raw("</td><td class=\"num\">").text(&x.baseline_value);
        p.raw(" <span class=\"kernel\">(").text(&x.baseline);
        p.raw(")</span></td><td class=\"num\"><span class=\"delta worse significant\">").text(&x.change);
        p.raw("*</span></td><td class=\"num\">").text(&x.p).raw("</td></tr>\n");
    }
    p.raw("</tbody>\n</table>\n</div>\n");
}

/// Each kernel against the baseline in a line ([`KernelSummary`]).
fn summary_html(p: &mut Page, m: &MachinePage, summary: &[KernelSummary]) {
    p.raw("<section id=\"summary\">\n<h2>Each ").text(&m.axis.one);
    p.raw(" against the baseline</h2>\n<div class=\"table-wrap\">\n<table class=\"summary\">\n<thead><tr><th scope=\"col\" class=\"kernel\">");
    p.text(&m.axis.one).raw("</th><th scope=\"col\" class=\"num\">compared</th><th scope=\"col\" class=\"num\">tested</th><th scope=\"col\" class=\"num\">wins</th><th scope=\"col\" class=\"num\">losses</th><th scope=\"col\" class=\"num\">geometric mean</th></tr></thead>\n<tbody>\n");
    for k in summary {
        p.raw("<tr><th scope=\"row\"><a href=\"").text(&k.href).raw("\">").text(&k.kernel).raw("</a>");
        super::html_native::flag(p, k.mark.as_ref());
        p.raw("</th><td class=\"num\">").num(k.compared).raw("</td><td class=\"num\">").num(k.tested);
        p.raw("</td><td class=\"num\">").num(k.wins).raw("</td><td class=\"num\">").num(k.losses);
        p.raw("</td><td class=\"num\"><span class=\"delta ").text(k.class).raw("\">").text(&k.geomean_text);
        p.raw("</span></td></tr>\n");
    }
    p.raw("</tbody>\n</table>\n</div>\n<p class=\"legend\">As on ");
    p.raw(if m.baseline.is_some() {
        "<a href=\"compare.html\">the comparison page</a>"
    } else {
        "the comparison page"
    });
    let one = &m.axis.one;
    p.raw(", over the values each ").text(one).raw(" shares with the baseline of metrics with a better direction: compared, tested, wins and losses count those the geometric mean is over (wins and losses: its significant changes, within the threshold or not; one of another metric is in the tables, not counted); geometric mean, of the ");
    p.text(one).raw("'s value ÷ the baseline's (the baseline's ÷ the ").text(one);
    p.raw("'s where smaller is better) over every compared value above 0, significant or not, ");
    p.text(&geomean_scope(m)).raw(", as a change, positive is better.</p>\n</section>\n");
}

/// What the summary's columns mean, in Markdown and plaintext, for items
/// called `one` ("kernel", "machine").
fn summary_legend(m: &MachinePage) -> String {
    let one = &m.axis.one;
    format!(
        "Over the values each {one} shares with the baseline of metrics with a better direction: compared, tested, wins and losses count those the geometric mean is over (wins and losses: its significant changes, within the threshold or not; one of another metric is in the tables, not counted); the geometric mean of the {one}'s value ÷ the baseline's (the baseline's ÷ the {one}'s where smaller is better), {}, as a change, positive is better.",
        geomean_scope(m)
    )
}

/// Which values the summary's geometric mean is over, in words
/// ([`crate::report::geomean_metrics_text`]): "of each section's headline
/// metrics of one direction only (…: fio: read: bw, read: IOPS (bigger is
/// better))". Shared by the regressions page and `compare.html`.
pub fn geomean_scope(m: &MachinePage) -> String {
    let over = crate::report::geomean_metrics_text(m);
    let over = if over.is_empty() { "none here".to_string() } else { over };
    format!(
        "of each section's headline metrics of one direction only (its `headline:`, else those of its first metric's \
         direction that are no detail of its benchmark's report, as the mail shows them, nor a figure made of others \
         beside them, as Bonnie's CPU Eff or UnixBench's index: {over})"
    )
}

/// The Markdown file of a page of regressions named `html`
/// (`regressions-2.html`): `regressions-2.md`.
pub fn md_file(html: &str) -> String {
    format!("{}.md", html.strip_suffix(".html").unwrap_or(html))
}

/// `regressions.md` of `m`: the counts, what is listed, a table of the
/// regressions (each section linked to its anchor on the class's
/// Markdown, `page`: `index.md` or site.yaml's `markdown_name:`) and the
/// summary per kernel.
pub fn markdown(m: &MachinePage, r: &RegressionsPage, page: &str) -> String {
    let mut out = format!("# Regressions on {}\n\n{}\n", escape(&m.name), escape(&r.counts));
    for l in &m.environment.mark_lines {
        out.push_str(&format!("\n- {}", escape(l)));
    }
    if !m.environment.mark_lines.is_empty() {
        out.push('\n');
    }
    if r.tested {
        out.push_str(&format!("\n{}\n", escape(&r.legend)));
        for l in &r.mark_legends {
            out.push_str(&format!("\n{}\n", escape(l)));
        }
        if !r.shown_note.is_empty() {
            let pages: Vec<String> = r
                .pages
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    if i + 1 == r.number {
                        format!("**{}**", escape(&l.label))
                    } else {
                        format!("[{}]({})", escape(&l.label), md_file(&l.link))
                    }
                })
                .collect();
            out.push_str(&format!("\n{} Pages: {}\n", escape(&r.shown_note), pages.join(" ")));
        }
        if !r.regressions.is_empty() {
            out.push_str(&format!(
                "\n| section | metric | parameters | {} | value | baseline | change | adjusted p |\n",
                escape(&m.axis.one)
            ));
            out.push_str("|---|---|---|---|--:|--:|--:|--:|\n");
            for x in &r.regressions {
                let unit = if x.unit.is_empty() { String::new() } else { format!(" ({})", x.unit) };
                out.push_str(&format!(
                    "| [{}]({page}#{}) | {}{} | {} | {} | {} | {} ({}) | {}\\* | {} |\n",
                    escape(&x.section),
                    x.section_id,
                    escape(&x.metric),
                    escape(&unit),
                    escape(&x.params),
                    escape(&marked(&x.kernel, x.mark.as_ref())),
                    escape(&x.value),
                    escape(&x.baseline_value),
                    escape(&x.baseline),
                    escape(&x.change),
                    escape(&x.p)
                ));
            }
        }
    }
    if !r.summary.is_empty() {
        let one = escape(&m.axis.one);
        out.push_str(&format!("\n## Each {one} against the baseline\n\n"));
        out.push_str(&format!(
            "| {one} | compared | tested | wins | losses | geometric mean |\n|---|--:|--:|--:|--:|--:|\n"
        ));
        for k in &r.summary {
            out.push_str(&format!(
                "| {} | {} | {} | {} | {} | {} |\n",
                escape(&marked(&k.kernel, k.mark.as_ref())),
                k.compared,
                k.tested,
                k.wins,
                k.losses,
                escape(&k.geomean_text)
            ));
        }
        out.push_str(&format!("\n{}\n", escape(&summary_legend(m))));
    }
    out
}

/// The plaintext of `benchsite text CLASS --regressions`, wrapped at
/// `width` columns: the counts, what is listed, one paragraph per
/// regression ("dbench 32, Throughput (MB/s), 32 procs: 2.4.8 6.89 vs 9.29
/// on 2.4.7, -25.9%*, p = 0.003 [#dbench-32]": the section's anchor on the
/// class page in brackets) and the summary per kernel.
pub fn text(m: &MachinePage, r: &RegressionsPage, width: usize) -> String {
    let opts = crate::markdown::prose_options(width);
    let fill = |s: &str| textwrap::fill(s, &opts);
    // A numbered or listed line's continuation indented under its text.
    let hang = |s: &str, indent: &str| textwrap::fill(s, opts.clone().subsequent_indent(indent));
    let mut out = format!("Regressions on {}\n\n{}\n", m.name, fill(&r.counts));
    for l in &m.environment.mark_lines {
        out.push_str(&format!("\n{}", hang(&format!("- {l}"), "  ")));
    }
    if !m.environment.mark_lines.is_empty() {
        out.push('\n');
    }
    if r.tested {
        out.push_str(&format!("\n{}\n", fill(&r.legend)));
        for l in &r.mark_legends {
            out.push_str(&format!("\n{}\n", fill(l)));
        }
        if !r.shown_note.is_empty() {
            let pages: Vec<String> = r.pages.iter().map(|l| format!("{} ({})", l.link, l.label)).collect();
            out.push_str(&format!("\n{}\n", fill(&format!("{} Pages: {}.", r.shown_note, pages.join(", ")))));
        }
        for (i, x) in r.regressions.iter().enumerate() {
            let unit = if x.unit.is_empty() { String::new() } else { format!(" ({})", x.unit) };
            let params = if x.params.is_empty() { String::new() } else { format!(", {}", x.params) };
            let line = format!(
                "{}. {}, {}{unit}{params}: {} {} vs {} on {}, {}*, {} [#{}]",
                i + 1,
                x.section,
                x.metric,
                marked(&x.kernel, x.mark.as_ref()),
                x.value,
                x.baseline_value,
                x.baseline,
                x.change,
                x.p,
                x.section_id
            );
            let indent = " ".repeat(format!("{}. ", i + 1).len());
            out.push_str(&format!("\n{}\n", hang(&line, &indent)));
        }
    }
    if !r.summary.is_empty() {
        out.push_str(&format!("\nEach {} against the baseline:\n", m.axis.one));
        for k in &r.summary {
            let g = if k.geomean_text.is_empty() { "no geometric mean" } else { k.geomean_text.as_str() };
            let line = format!(
                "- {}: compared {}, tested {}, wins {}, losses {}, geometric mean {g}",
                marked(&k.kernel, k.mark.as_ref()),
                k.compared,
                k.tested,
                k.wins,
                k.losses
            );
            out.push_str(&hang(&line, "  "));
            out.push('\n');
        }
        out.push_str(&format!("\n{}\n", fill(&summary_legend(m))));
    }
    out
}

/// `kernel` followed by its mark, where its dmesg shows a problem
/// ([`KernelMark`]), for the Markdown and the plaintext.
fn marked<'a>(kernel: &'a str, mark: Option<&KernelMark>) -> std::borrow::Cow<'a, str> {
    match mark {
        Some(f) => format!("{kernel}{}", f.mark).into(),
        None => kernel.into(),
    }
}
