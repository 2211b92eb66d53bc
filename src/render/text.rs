//! Plaintext for mailing-list posts.
//!
//! Tables are drawn from the section's [`Grid`] (`report::grid`, which
//! chooses the shape and the widths): headers right-aligned over numbers
//! whose decimal points line up, a part's label over its columns, a
//! group of columns under another when they do not fit the width, the
//! shared unit and better direction in the caption after the title.
//! Commentary Markdown becomes wrapped plain text. No line is longer than the
//! width (except one holding a URL longer than a line, never broken:
//! [`markdown::fill`]), none ends in a space, and there are no tabs.
//!
//! A class's mail, `email.txt` ([`mail_text`]), is its page's plaintext
//! ([`machine_text`]) kept to what a mail may hold: the baseline and the
//! last kernels of a class with many, and at most [`MAIL_LIMIT`] bytes.

use super::{OutputFile, RenderError, Renderer};
use crate::markdown;
use crate::report::grid::{self, Grid, GridBlock, GridOptions, pad_left, pad_right, wrap_label};
use crate::report::{self, MachinePage, SectionView, SiteSummary};
use rayon::prelude::*;
use unicode_width::UnicodeWidthStr;

/// How plaintext is laid out.
#[derive(Debug, Clone, Copy)]
pub struct TextOptions {
    /// Page width in columns (72 suits mail).
    pub width: usize,
    /// Show the change against the baseline and its significance mark.
    pub compare: bool,
    /// Leave out the spread (`±`) and the number of runs.
    pub brief: bool,
    /// Pure ASCII (`--ascii`): `us` for `µs`, `+-` for `±`, `alpha` for
    /// `α`, other letters transliterated ([`super::ascii`]), every text
    /// made ASCII before layout so tables stay aligned.
    pub ascii: bool,
}

impl Default for TextOptions {
    fn default() -> Self {
        TextOptions { width: 72, compare: true, brief: false, ascii: false }
    }
}

impl TextOptions {
    /// `s` as the text shows it: in ASCII with [`TextOptions::ascii`]
    /// ([`super::ascii::to_ascii`]), else as it is. For text a writer adds
    /// itself, measured after this.
    pub fn shown<'a>(&self, s: &'a str) -> std::borrow::Cow<'a, str> {
        if self.ascii { super::ascii::to_ascii(s) } else { std::borrow::Cow::Borrowed(s) }
    }
}

/// Renders `<machine>/email.txt` for every machine class ([`mail_text`]).
#[derive(Debug, Clone, Default)]
pub struct TextRenderer {
    /// Layout options.
    pub options: TextOptions,
    /// The site's absolute base URL (`base_url` in site.yaml, or the
    /// build's `--base-url`), for the link to the class page a shortened
    /// mail gives ([`class_page_url`]); `None` or empty: a relative link.
    pub base_url: Option<String>,
}

impl Renderer for TextRenderer {
    fn name(&self) -> &'static str {
        "text"
    }

    /// `across.txt`, the cross-class page as plaintext, when several
    /// classes ran a kernel.
    fn render_index(&self, site: &SiteSummary) -> Result<Vec<OutputFile>, RenderError> {
        let across = site.across();
        if !across.is_written() {
            return Ok(Vec::new());
        }
        Ok(vec![OutputFile::text("across.txt", super::across::text(&across, &self.options))])
    }

    fn render_machine(&self, _site: &SiteSummary, m: &MachinePage) -> Result<Vec<OutputFile>, RenderError> {
        let url = class_page_url(self.base_url.as_deref(), m);
        Ok(vec![OutputFile::text(format!("{}/email.txt", m.slug), mail_text(m, &self.options, &url))])
    }
}

/// The largest mail `email.txt` may be, in bytes: the kernel's
/// submitting-patches guide asks for a link instead of anything over
/// 300 KB.
pub const MAIL_LIMIT: usize = 300_000;

/// The link to the class page of `m` a shortened mail gives: under
/// `base_url` when set (`https://example.org/results/<class>/`), else
/// `index.html`, relative to `email.txt` beside it.
pub fn class_page_url(base_url: Option<&str>, m: &MachinePage) -> String {
    match base_url.map(str::trim).filter(|b| !b.is_empty()) {
        Some(b) => format!("{}/{}/", b.trim_end_matches('/'), m.link),
        None => "index.html".to_string(),
    }
}

/// A class's mail, `email.txt`: its plaintext ([`machine_text`]) with the
/// baseline and the last kernels only when it has many
/// ([`report::mail_kernels`], the kernels `compare.html` sets in full), and
/// within [`MAIL_LIMIT`] bytes: whole sections are left out from the end
/// until it fits (never part of a table). What was left out is said at the
/// top, with `url`, where the full results are ([`class_page_url`]).
pub fn mail_text(m: &MachinePage, opts: &TextOptions, url: &str) -> String {
    mail_view_text(m, opts, url, true)
}

/// The mail's text ([`mail_text`]) of page `m` whose kernels were chosen
/// (`text --kernels`: all of them shown): a section is drawn as
/// `email.txt` draws it, detail columns left out and said at the top.
/// `text --section` drew its sections whole, in another layout than the
/// same section of `email.txt` (closing-60).
pub fn chosen_text(m: &MachinePage, opts: &TextOptions, url: &str) -> String {
    mail_view_text(m, opts, url, false)
}

/// [`mail_text`], its kernels cut to the baseline and the last ones
/// where `cut` ([`report::mail_kernels`]), else all of `m`'s.
fn mail_view_text(m: &MachinePage, opts: &TextOptions, url: &str, cut: bool) -> String {
    let mut kernels = report::mail_kernels(m);
    if !cut {
        kernels.kept = m.kernels.iter().map(|k| k.name.clone()).collect();
        kernels.left_out = 0;
    }
    let filtered = (kernels.left_out > 0).then(|| report::filtered_page(m, &[], &kernels.kept));
    let m = filtered.as_ref().unwrap_or(m);
    let without = report::without_detail(m);
    let detail = without.as_ref().map(|(_, left)| left.clone()).unwrap_or_default();
    let shown = as_shown(without.as_ref().map_or(m, |(page, _)| page), opts);
    let m = shown.as_ref();
    let total = m.sections.len();
    let mut sections = section_texts(m, opts, total);
    let mut keep = total;
    loop {
        let left = LeftOut { kernels: &kernels, detail: &detail, sections: total - keep, of_sections: total };
        let notice = left_out_notice(&m.axis.many, &left, url, opts.width);
        let text = page_text(m, opts, notice.as_deref(), &sections[..keep]);
        if text.len() <= MAIL_LIMIT || keep == 0 {
            return text;
        }
        // Leave out the last sections whose text makes up the excess (each
        // is joined by two blank lines), then measure again.
        let mut excess = text.len() - MAIL_LIMIT;
        while keep > 0 && excess > 0 {
            keep -= 1;
            excess = excess.saturating_sub(sections[keep].len() + 2);
        }
        // A runs note said for the tables after its own counts only
        // those the mail keeps ([`runs_notes`]).
        sections = section_texts(m, opts, keep);
    }
}

/// The tables of `m`'s mail ([`mail_text`], the page it draws) whose
/// lines run past `opts.width` however they are laid out: each section's
/// title and its widest line's columns. The shape chosen is the one that
/// fits when one does ([`grid::grid`]); a table of many label columns
/// beside a wide number may fit none (the newcomer's fio table at 60),
/// and a mail's reader is told so (a build's warning, `text`'s).
pub fn mail_wide_tables(m: &MachinePage, opts: &TextOptions) -> Vec<(String, usize)> {
    let kernels = report::mail_kernels(m);
    let filtered = (kernels.left_out > 0).then(|| report::filtered_page(m, &[], &kernels.kept));
    chosen_wide_tables(filtered.as_ref().unwrap_or(m), opts)
}

/// [`mail_wide_tables`] of a page whose kernels were chosen
/// ([`chosen_text`]).
pub fn chosen_wide_tables(m: &MachinePage, opts: &TextOptions) -> Vec<(String, usize)> {
    let without = report::without_detail(m);
    wide_tables(without.as_ref().map_or(m, |(page, _)| page), opts)
}

/// [`mail_wide_tables`] of the page as [`machine_text`] draws it.
pub fn wide_tables(m: &MachinePage, opts: &TextOptions) -> Vec<(String, usize)> {
    let shown = as_shown(m, opts);
    let gopts = grid_options(opts);
    shown
        .sections
        .iter()
        .filter_map(|s| {
            let over = grid::section_grid(s, &gopts)?.text_overflow(opts.width);
            (over > 0).then(|| (s.title.clone(), opts.width + over))
        })
        .collect()
}

/// The warning of a table [`mail_wide_tables`] found: its section's
/// title, how wide it is, and the width asked for.
pub fn wide_table_warning(title: &str, widest: usize, width: usize) -> String {
    format!(
        "section `{title}`: its plaintext table is {widest} columns wide at --width {width} (no layout of \
         its columns fits that width): its lines run past the width"
    )
}

/// What a mail leaves out of its class's page.
struct LeftOut<'a> {
    /// The kernels it keeps, of how many.
    kernels: &'a report::MailKernels,
    /// The detail columns it leaves out ([`report::without_detail`]).
    detail: &'a report::LeftOutDetail,
    /// The last sections left out (to stay under [`MAIL_LIMIT`]), of
    /// `of_sections`.
    sections: usize,
    of_sections: usize,
}

/// The lines at the top of a shortened mail: how many kernels, detail
/// columns and sections (the last ones) it leaves out ([`LeftOut`], of a
/// class whose items are `many`), and `url`, where everything is, when it
/// is an address (site.yaml's `base_url`; else the class's web page is
/// named without one). `None` when nothing is left out. URLs are never
/// broken.
fn left_out_notice(many: &str, left: &LeftOut, url: &str, width: usize) -> Option<String> {
    let (kernels, dropped, total_sections) = (left.kernels, left.sections, left.of_sections);
    let mut parts = Vec::new();
    if kernels.left_out > 0 {
        let last = kernels.kept.len() - kernels.baselines;
        let baseline = match kernels.baselines {
            0 => "",
            1 => "the baseline and ",
            _ => "the baselines and ",
        };
        parts.push(format!("{} of {} {} (it shows {baseline}the last {last})", kernels.left_out, kernels.total, many));
    }
    // The changes left out of noisy columns (`changes`) are not said:
    // their `%` cells are blank as an informational column's are, and a
    // notice cost quad-xeon-raid5's mail three lines over its bound.
    let report::LeftOutDetail { columns, sections, .. } = left.detail;
    if *columns > 0 {
        let c = if *columns == 1 { "" } else { "s" };
        let of = match sections.as_slice() {
            [one] => one.clone(),
            [first, second] => format!("{first} and {second}"),
            [first, rest @ ..] => format!("{first} and {} more sections", rest.len()),
            [] => String::new(),
        };
        parts.push(format!("{columns} detail column{c} (of {of})"));
    }
    if dropped > 0 {
        parts.push(format!("the last {dropped} of {total_sections} sections (to stay under {} KB)", MAIL_LIMIT / 1000));
    }
    if parts.is_empty() {
        return None;
    }
    // Without site.yaml's `base_url` the class page has no address a
    // mail's reader could open (`index.html` means nothing there).
    let text = if url.contains("://") {
        format!("This mail leaves out {}. All results: {url}", parts.join(" and "))
    } else {
        format!("This mail leaves out {}; the machine class's web page has all results.", parts.join(" and "))
    };
    Some(textwrap::fill(&text, markdown::wrap_options(width).break_words(false)))
}

/// The plaintext of a whole machine-class page.
pub fn machine_text(m: &MachinePage, opts: &TextOptions) -> String {
    let m = as_shown(m, opts);
    page_text(&m, opts, None, &section_texts(&m, opts, m.sections.len()))
}

/// `m` with its texts as the plaintext shows them: made ASCII first with
/// [`TextOptions::ascii`] ([`super::ascii::ascii_page`]), else as it is.
fn as_shown<'a>(m: &'a MachinePage, opts: &TextOptions) -> std::borrow::Cow<'a, MachinePage> {
    if opts.ascii { std::borrow::Cow::Owned(super::ascii::ascii_page(m)) } else { std::borrow::Cow::Borrowed(m) }
}

/// The plaintext of the first `shown` sections ([`section_body`]; a
/// section whose legend differs from the page's, with its own above its
/// table), in page order, of a page whose texts are already as shown.
/// Sections are independent: written in parallel.
fn section_texts(m: &MachinePage, opts: &TextOptions, shown: usize) -> Vec<String> {
    let legend = report::page_legend(m).filter(|_| opts.compare);
    let stars: Vec<usize> = match &m.star_sections {
        Some(ids) => (0..m.sections.len()).filter(|&i| ids.contains(&m.sections[i].id)).collect(),
        None => report::star_tables(m.sections.iter().map(|s| &s.table)),
    };
    let sections = &m.sections[..shown.min(m.sections.len())];
    let grids: Vec<Option<std::borrow::Cow<Grid>>> =
        sections.par_iter().map(|s| grid::section_grid(s, &grid_options(opts))).collect();
    let captions: Vec<String> =
        sections.iter().zip(&grids).map(|(s, g)| g.as_ref().map(|g| g.caption(&s.table)).unwrap_or_default()).collect();
    let runs = runs_notes(grids.iter().map(|g| g.as_ref().and_then(|g| g.runs_note())).collect());
    sections
        .par_iter()
        .zip(grids)
        .zip(runs)
        .enumerate()
        .map(|(i, ((s, g), runs_note))| {
            // A caption that joins the title on one line stays whole.
            let fits = format!("{} ({})", s.title, captions[i]).width() <= opts.width;
            let previous = i.checked_sub(1).filter(|_| !fits);
            let caption = match previous {
                // The whole caption again ("bigger is better; %CPU columns
                // informational; size 1G"): said once.
                Some(p) if captions[i].len() > AS_ABOVE.len() && captions[i] == captions[p] => AS_ABOVE.to_string(),
                Some(p) if repeats_direction(&m.sections[p].table, &s.table) => {
                    g.as_ref().map(|g| g.caption_with(&s.table, DIRECTIONS_AS_ABOVE)).unwrap_or_default()
                }
                _ => captions[i].clone(),
            };
            let own = s.table.legend.as_deref().filter(|l| opts.compare && Some(*l) != legend);
            let own = own.map(|l| fill_legend(l, opts.width));
            section_body(s, opts, Shown { bars: stars.contains(&i), caption, legend: own, runs_note }, g)
        })
        .collect()
}

/// The runs note each of a page's tables prints under it, from `notes`,
/// each table's own ([`Grid::runs_note`]): a note the next tables repeat
/// word for word is said once, under the first of them, with how many
/// more it holds for ("means of 2 runs, ± standard deviation (this table
/// and the next 5)"), and not under those. The demo's i586 mail said
/// "means of 2 runs, ± standard deviation" under each of its six LMbench
/// tables, one after another, and the quad Xeon's "means of 5 runs"
/// under each of its six dbench tables; a post says it once. A table of
/// single runs (no note) between two ends the first's run of tables.
fn runs_notes(notes: Vec<Option<String>>) -> Vec<Option<String>> {
    let mut out = vec![None; notes.len()];
    let mut i = 0;
    while i < notes.len() {
        let Some(note) = &notes[i] else {
            i += 1;
            continue;
        };
        let more = notes[i + 1..].iter().take_while(|n| n.as_ref() == Some(note)).count();
        out[i] = Some(match more {
            0 => note.clone(),
            1 => format!("{note} (this table and the next)"),
            n => format!("{note} (this table and the next {n})"),
        });
        i += 1 + more;
    }
    out
}

/// The mail's list of `kernels`, in table order, with their patches
/// (their notes are on the pages: a line each took seed 002's mail past
/// its bound): a patch set of one kernel after its name, as the HTML
/// page's list has it ("2.4.17rat (+ ratpagecache)"); a patch set several
/// kernels share said once, after the others, with their names ("…,
/// 2.5.7; + rmap, radix-tree pagecache: 2.5.3-mm2, 2.5.3-mm3"), as a post
/// says it: "(+ rmap, radix-tree pagecache)" after each followed 13
/// kernels of a 40-kernel class's mail.
fn kernel_list(kernels: &[crate::report::KernelView]) -> String {
    let mut sets: Vec<(&[String], Vec<String>)> = Vec::new();
    for k in kernels.iter().filter(|k| !k.patches.is_empty()) {
        match sets.iter_mut().find(|(p, _)| *p == k.patches.as_slice()) {
            Some((_, names)) => names.push(k.name_and_ran()),
            None => sets.push((&k.patches, vec![k.name_and_ran()])),
        }
    }
    let shared = |p: &[String]| sets.iter().any(|(q, names)| *q == p && names.len() > 1);
    let alone: Vec<String> = kernels
        .iter()
        .filter_map(|k| match k.patches.as_slice() {
            [] => Some(k.name_and_ran()),
            p if shared(p) => None,
            p => Some(format!("{} (+ {})", k.name_and_ran(), p.join(", "))),
        })
        .collect();
    let mut parts: Vec<String> = Vec::new();
    if !alone.is_empty() {
        parts.push(alone.join(", "));
    }
    for (p, names) in sets.iter().filter(|(_, names)| names.len() > 1) {
        parts.push(format!("+ {}: {}", p.join(", "), names.join(", ")));
    }
    parts.join("; ")
}

/// The page's plaintext: its head, `notice` under the title when given,
/// and `sections` (section texts, in order).
fn page_text(m: &MachinePage, opts: &TextOptions, notice: Option<&str>, sections: &[String]) -> String {
    let width = opts.width;
    let mut out = Vec::new();
    out.push(fill(&m.name, width));
    out.push("=".repeat(m.name.width().min(width)));
    if let Some(n) = notice {
        out.push(n.to_string());
        out.push(String::new());
    }
    // Kernel names are not broken across lines, but a name longer than a
    // line: report.py's `baseline` named by its file, `baseline
    // (k01/linuxppc-2021-08-neri-asym-smt-v4-…-closing-rule.txt)`, ran
    // the wild fixtures' schedtests mail to 113 columns; a mail client
    // breaks such a line wherever it likes, or the list's archive folds
    // it. (A URL is never broken: [`markdown::fill`].)
    let field = |text: String| markdown::fill(&text, markdown::wrap_options(width).subsequent_indent("  "));
    // The specs on as few lines as they fill: "CPU: AMD K6-2; MHz: 475; …".
    let specs: Vec<String> =
        m.specs.iter().filter(|s| s.label != "Source").map(|s| format!("{}: {}", s.label, s.value)).collect();
    if !specs.is_empty() {
        out.push(field(specs.join("; ")));
    }
    if let Some(source) = m.specs.iter().find(|s| s.label == "Source") {
        out.push(field(format!("{}: {}", source.label, source.value)));
    }
    if !m.kernels.is_empty() {
        out.push(field(format!("{}: {}", m.axis.label, kernel_list(&m.kernels))));
    }
    // The triage's count, where changes were tested ("3 regressions, 0
    // improvements"): the first thing a reader of a posted comparison asks.
    if opts.compare && m.regressions_counted {
        out.push(field(format!("Regressions: {}", m.regressions_text)));
    }
    if !m.description_md.trim().is_empty() {
        out.push(String::new());
        out.push(markdown::to_text(&m.description_md, width));
    }
    if !m.environment.is_empty() {
        out.push(String::new());
        out.push("Environment differences".to_string());
        for line in m.environment.lines() {
            let opts = markdown::wrap_options(width).initial_indent("- ").subsequent_indent("  ");
            out.push(markdown::fill(&line, opts));
        }
    }
    if opts.compare && !m.notable.is_empty() {
        out.push(String::new());
        out.push(fill(&m.notable_heading, width));
        for n in &m.notable {
            let opts = markdown::wrap_options(width).initial_indent("- ").subsequent_indent("  ").break_words(false);
            out.push(fill_held_tail(&n.text, "(adjusted p", opts));
        }
        if m.notable_more > 0 {
            out.push(fill(&m.notable_more_text, width));
        }
    }
    // The marks are explained once, not under every table; a section with
    // another baseline says its own.
    let legend = crate::report::page_legend(m).filter(|_| opts.compare);
    if let Some(l) = legend {
        // Where nothing could be tested, it ends with why
        // ([`report::no_tests_text`]), as every rendering's does.
        out.push(String::new());
        out.push(fill_legend(l, width));
    }
    // The marks' legends once, under the notable changes: a marked
    // change (`+12.5%^`) is explained here, not after each.
    for l in crate::report::mark_legends_with_notable(m) {
        out.push(String::new());
        out.push(fill(l, width));
    }
    let mut text = out.join("\n");
    for s in sections {
        text.push_str("\n\n");
        text.push_str(s);
    }
    finish(&text, opts.ascii)
}

/// The plaintext of one section: its title with the table's caption (the
/// shared unit, the better direction, the settings: "LMbench 2.0p2:
/// Context switching (µs, smaller is better)"); the commentary; the
/// table; the runs note; the star bars.
pub fn section_text(s: &SectionView, opts: &TextOptions) -> String {
    if opts.ascii {
        let mut s = s.clone();
        super::ascii::ascii_section(&mut s);
        return opts.shown(&section_alone(&s, opts)).into_owned();
    }
    section_alone(s, opts)
}

/// What a section of a page shows of its own, as decided for the whole
/// page.
struct Shown {
    /// Its star bars ([`report::star_tables`] chooses the sections that
    /// get them).
    bars: bool,
    /// Its caption: the grid's ([`Grid::caption`]); where that does not
    /// fit on the title's line, "as above" when it repeats the previous
    /// section's, or with "directions as above" for a long
    /// better-direction text that does ([`repeats_direction`]).
    caption: String,
    /// Its own `% = change vs …` legend where it differs from the page's
    /// (a section of its own baseline), printed above its table as the
    /// page's is above the first (attack44 F20: it came after the table,
    /// a reader of the table meeting the page's base first).
    legend: Option<String>,
    /// The runs note under its table ([`Grid::runs_note`]), or none where
    /// a note above says it for this table too ([`runs_notes`]).
    runs_note: Option<String>,
}

/// The caption of a section whose caption repeats the previous one's.
const AS_ABOVE: &str = "as above";

/// What the caption says instead of a better-direction text that
/// repeats the previous section's.
const DIRECTIONS_AS_ABOVE: &str = "directions as above";

/// Whether `t`'s better-direction text repeats `previous`'s and is longer
/// than [`DIRECTIONS_AS_ABOVE`] ("bigger is better: Rate, CPU Eff;
/// smaller is better: …", a line or two): tiobench's six tables of one
/// post say it once.
fn repeats_direction(previous: &crate::report::TableView, t: &crate::report::TableView) -> bool {
    t.direction.len() > DIRECTIONS_AS_ABOVE.len() && t.direction == previous.direction
}

/// The plaintext of section `s` on its own: its grid, its bars and its
/// whole caption.
fn section_alone(s: &SectionView, opts: &TextOptions) -> String {
    let g = grid::section_grid(s, &grid_options(opts));
    let caption = g.as_ref().map(|g| g.caption(&s.table)).unwrap_or_default();
    let runs_note = g.as_ref().and_then(|g| g.runs_note());
    section_body(s, opts, Shown { bars: true, caption, legend: None, runs_note }, g)
}

/// [`section_text`] of a section whose texts are already as shown, with
/// its laid-out grid `g` and what the page decided it shows.
fn section_body(s: &SectionView, opts: &TextOptions, shown: Shown, g: Option<std::borrow::Cow<Grid>>) -> String {
    let width = opts.width;
    let caption = unsaid(&s.title, &shown.caption);
    // The caption joins the title when both fit one line; else it is the
    // line under the title (after the commentary).
    let joined = format!("{} ({caption})", s.title);
    let (title, caption) = match () {
        _ if caption.is_empty() => (fill(&s.title, width), None),
        _ if joined.width() <= width => (joined, None),
        _ => (fill(&s.title, width), Some(fill_caption(&caption, width))),
    };
    // No rule under a section's title: a blank line before it and the
    // table's own rules set it apart, as in the posts (issue 21).
    let mut out = vec![title];
    if !s.commentary_md.trim().is_empty() {
        out.push(markdown::to_text(&s.commentary_md, width));
        out.push(String::new());
    }
    out.extend(caption);
    if let Some(l) = shown.legend {
        out.push(l);
        out.push(String::new());
    }
    let Some(g) = g else {
        out.push("(no results)".to_string());
        return out.join("\n");
    };
    // A one-column table with star bars (dbench's Throughput, as the posts
    // draw it): the bars with each change stand in for the table.
    let whole = s.table.columns.len() == 1 && {
        let (drawn, total) = report::bar_blocks(&s.table, 0);
        drawn.len() == total
    };
    let stand_in = (shown.bars && whole)
        .then(|| {
            if opts.compare {
                let spread = (!opts.brief).then_some(if opts.ascii { "+-" } else { "±" });
                crate::chart::text_bar_chart_with_changes(s, width, spread)
            } else {
                crate::chart::text_bar_chart(s, width)
            }
        })
        .flatten();
    let drawn_bars = stand_in.is_some();
    out.push(stand_in.unwrap_or_else(|| grid_text(&g)));
    // The bars standing in for the table show its ± (not with `brief`,
    // as the grid's cells), so the table's note says the same under them.
    if let Some(note) = &shown.runs_note {
        out.push(fill(note, width));
    }
    if let Some(note) = g.mail_uncompared_note() {
        out.push(fill(&note, width));
    }
    if let Some(note) = g.untimed_note() {
        out.push(fill(&note, width));
    }
    if shown.bars
        && !drawn_bars
        && let Some(chart) = crate::chart::text_bar_chart(s, width)
    {
        out.push(String::new());
        out.push(chart);
    }
    out.join("\n")
}

/// `caption` without the parameter settings (`; `-separated items of a
/// name and a value) that `title` says already: its value as a word of
/// the title, beside a word that begins as the name does (its first four
/// letters, any case). "dbench ext2 64 processes (MB/s, bigger is better;
/// procs 64)" said the 64 processes twice, in six of the demo's quad
/// Xeon sections; a title of another value ("64 processes" over procs
/// 128), or of a value alone ("dbench 32"), leaves the item.
fn unsaid(title: &str, caption: &str) -> String {
    let words: Vec<String> = title
        .split(|c: char| c.is_whitespace() || matches!(c, ',' | ';' | '(' | ')' | ':'))
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
        .collect();
    let said = |item: &str| {
        let Some((name, value)) = item.split_once(' ') else { return false };
        let stem: String = name.to_lowercase().chars().take(4).collect();
        if stem.chars().count() < 4 || value.contains(' ') {
            return false;
        }
        let value = value.to_lowercase();
        words.iter().enumerate().any(|(i, w)| {
            *w == value
                && [i.checked_sub(1), Some(i + 1)]
                    .into_iter()
                    .flatten()
                    .any(|j| words.get(j).is_some_and(|n| n.starts_with(&stem)))
        })
    };
    caption.split("; ").filter(|item| !said(item)).collect::<Vec<_>>().join("; ")
}

fn fill(s: &str, width: usize) -> String {
    markdown::fill(s, markdown::wrap_options(width))
}

/// A caption of `; `-separated items ("bigger is better; test mmap2;
/// tasks 104") filled to `width`, breaking between items and not inside
/// one of at most half the width: "tasks" ended a line and "104" began
/// the next (the newcomer's will-it-scale caption). The blanks of such an
/// item are held together (no-break spaces) while textwrap fills.
fn fill_caption(caption: &str, width: usize) -> String {
    const HOLD: char = '\u{a0}';
    if caption.contains(HOLD) {
        return fill(caption, width);
    }
    let held: Vec<String> = caption
        .split("; ")
        .map(|item| if item.width() <= width / 2 { item.replace(' ', "\u{a0}") } else { item.to_string() })
        .collect();
    fill(&held.join("; "), width).replace(HOLD, " ")
}

/// `s` filled with `opts`, its last part from `tail` to the `)` closing
/// it ("(adjusted p < 0.001)") held on one line: "(adjusted p <" ended a
/// line and "0.001)" began the next (the demo's dbench 32 notable
/// changes). Held by no-break spaces while textwrap fills, as
/// [`fill_caption`] does; words after the `)` wrap as any do: held with
/// it, a marked change's warning after it made one line of ≈ 150
/// columns (afix46).
fn fill_held_tail(s: &str, tail: &str, opts: textwrap::Options<'_>) -> String {
    const HOLD: char = '\u{a0}';
    match s.rfind(tail) {
        Some(i) if !s.contains(HOLD) => {
            let end = s[i..].find(')').map_or(s.len(), |j| i + j + 1);
            let held = format!("{}{}{}", &s[..i], s[i..end].replace(' ', "\u{a0}"), &s[end..]);
            markdown::fill(&held, opts).replace(HOLD, " ")
        }
        _ => markdown::fill(s, opts),
    }
}

/// A legend of marks ("…; * significant at α = 0.05 …; ~ tested, not
/// significant; …") filled to `width` with each mark on the line of the
/// word it explains: a `*` ended a line and "significant at" began the
/// next (every demo mail with a tested change).
fn fill_legend(legend: &str, width: usize) -> String {
    const HOLD: char = '\u{a0}';
    if legend.contains(HOLD) {
        return fill(legend, width);
    }
    let held = legend
        .replace("; * ", "; *\u{a0}")
        .replace("; ~ ", "; ~\u{a0}")
        .replace("(-N× = N times worse)", "(-N×\u{a0}=\u{a0}N\u{a0}times\u{a0}worse)");
    fill(&held, width).replace(HOLD, " ")
}

/// The grid options of `opts`.
fn grid_options(opts: &TextOptions) -> GridOptions {
    GridOptions { width: opts.width, compare: opts.compare, brief: opts.brief, ascii: opts.ascii }
}

/// Draws a laid-out grid.
pub fn grid_text(g: &Grid) -> String {
    let mut parts = Vec::new();
    for b in &g.blocks {
        for group in &b.text.groups {
            parts.push(group_text(b, group));
        }
        // The key of the block's short kernel names, right under its table.
        let key = b.text.key_lines();
        if let Some(last) = parts.last_mut().filter(|_| !key.is_empty()) {
            last.push('\n');
            last.push_str(&key.join("\n"));
        }
    }
    parts.join("\n\n")
}

/// One group of value columns of block `b`, beside its label columns:
/// headers bottom-aligned and right-aligned over their numbers, a units
/// line when a column has a unit, a rule, then every row with a value in
/// the group.
fn group_text(b: &GridBlock, group: &[usize]) -> String {
    let plan = &b.text;
    // The label columns as the plan draws them: some folded into one
    // where side by side they left no room for the numbers.
    let labels = plan.labels(b);
    // A label column narrowed below its header's width (archive53: `latency
    // limit` over `2.0 ms` beside a long `dir`) has its header wrapped as
    // its cells are, bottom-aligned; printed whole, it ran into the next
    // column and past the page width.
    let label_heads: Vec<Vec<std::borrow::Cow<str>>> =
        (0..labels.count()).map(|i| wrap_label(labels.header(i), plan.label_widths[i])).collect();
    let depth = group
        .iter()
        .map(|&ci| plan.columns[ci].header.len())
        .chain(label_heads.iter().map(Vec::len))
        .max()
        .unwrap_or(1)
        .max(1);
    // The units' lines under the headers (a long unit wraps: [`grid::ColumnPlan::unit`]).
    let units = group.iter().map(|&ci| plan.columns[ci].unit.len()).max().unwrap_or(0);
    let mut lines: Vec<String> = vec![String::new(); depth + units + 1];
    let gap = " ".repeat(plan.gap);
    let label = |out: &mut String, i: usize, s: &str| {
        if i > 0 {
            out.push_str(&gap);
        }
        if labels.right(i) {
            pad_left(out, s, plan.label_widths[i]);
        } else {
            pad_right(out, s, plan.label_widths[i]);
        }
    };
    for (i, head) in label_heads.iter().enumerate() {
        let offset = depth.saturating_sub(head.len());
        for (d, line) in lines.iter_mut().enumerate() {
            let rule = d == depth + units;
            match () {
                _ if rule => {
                    if i > 0 {
                        line.push_str(&gap);
                    }
                    line.extend(std::iter::repeat_n('-', plan.label_widths[i]));
                }
                _ => label(line, i, d.checked_sub(offset).and_then(|k| head.get(k)).map_or("", |h| h)),
            }
        }
    }
    // Metrics as rows (a column per kernel): a kernel's changes get a `%`
    // over them, its name over its values. Right-aligned over the whole
    // column, the name sat over the changes, and a block of one kernel
    // showed a change column with no header, its baseline 60 lines above
    // (newcomer34 F7, LMbench's mail).
    let kernels_as_columns = b.label_headers.first().is_some_and(|h| h == "test");
    for &ci in group {
        let c = &plan.columns[ci];
        let offset = depth - c.header.len();
        let values_w = c.width.saturating_sub(c.delta + 1 + c.mark);
        let split = kernels_as_columns
            && c.delta > 0
            && c.header.len() == 1
            && c.header.iter().all(|h| unicode_width::UnicodeWidthStr::width(h.as_str()) <= values_w.saturating_sub(1));
        for (d, line) in lines.iter_mut().enumerate() {
            line.push_str(&gap);
            if d + 1 == depth && split {
                pad_left(line, &c.header[0], values_w);
                line.push(' ');
                pad_left(line, "%", c.delta);
                pad_right(line, "", c.mark);
            } else if d < depth {
                let part = d.checked_sub(offset).and_then(|k| c.header.get(k)).map_or("", String::as_str);
                pad_left(line, part, c.width);
            } else if d < depth + units {
                // Bottom-aligned, as the headers are.
                let k = (d - depth).checked_sub(units - c.unit.len());
                pad_left(line, k.and_then(|k| c.unit.get(k)).map_or("", String::as_str), c.width);
            } else {
                line.extend(std::iter::repeat_n('-', c.width));
            }
        }
    }
    if let Some(over) = over_line(b, group) {
        lines.insert(0, over);
    }
    for (ri, r) in b.rows.iter().enumerate().filter(|(_, r)| group.iter().any(|&ci| r.cells[ci].is_some())) {
        // A label wider than its column (narrowed to keep the page width)
        // wraps: its numbers on the first line, its words on the next.
        let texts: Vec<std::borrow::Cow<str>> = (0..labels.count()).map(|i| labels.text(ri, i)).collect();
        let wrapped: Vec<Vec<std::borrow::Cow<str>>> =
            texts.iter().enumerate().map(|(i, s)| wrap_label(s, plan.label_widths[i])).collect();
        let depth = wrapped.iter().map(Vec::len).max().unwrap_or(1).max(1);
        for k in 0..depth {
            let mut line = String::new();
            for (i, parts) in wrapped.iter().enumerate() {
                label(&mut line, i, parts.get(k).map_or("", |p| p.as_ref()));
            }
            if k == 0 {
                for &ci in group {
                    line.push_str(&gap);
                    line.push_str(&plan.columns[ci].cell_text(r.cells[ci].as_ref(), r.change));
                }
            } else {
                line.truncate(line.trim_end().len());
            }
            lines.push(line);
        }
    }
    lines.join("\n")
}

/// The line of part labels over a group's columns (`--- Seq Read ---`
/// spanning its columns, as the posts print tiobench and bonnie++);
/// `None` when no column of the group has one. A label wider than the
/// columns it spans wraps onto more lines (as a header does), so that no
/// line is wider than the table.
fn over_line(b: &GridBlock, group: &[usize]) -> Option<String> {
    if group.iter().all(|&ci| b.columns[ci].over.is_empty()) {
        return None;
    }
    let plan = &b.text;
    let labels = plan.labels_width();
    // Each run of the group: its width and its label's lines.
    let mut cells: Vec<(usize, Vec<String>)> = Vec::new();
    // A group is a range of consecutive columns; a part's run of columns
    // ([`grid::over_runs`]) is cut at the group's ends.
    let (mut ci, end) = (group[0], group[group.len() - 1] + 1);
    let runs = grid::over_runs(b);
    while ci < end {
        let run_end = runs.iter().find(|r| r.contains(&ci)).map_or(ci + 1, |r| r.end.min(end));
        let span: usize = (ci..run_end).map(|c| plan.columns[c].width).sum::<usize>() + plan.gap * (run_end - ci - 1);
        let over = &b.columns[ci].over;
        let lines = if over.is_empty() {
            Vec::new()
        } else if over.width() + 2 <= span {
            let dashes = span - (over.width() + 2);
            vec![format!("{} {over} {}", "-".repeat(dashes / 2), "-".repeat(dashes - dashes / 2))]
        } else {
            textwrap::wrap(over, span.max(1))
                .into_iter()
                .map(|l| {
                    let mut padded = String::new();
                    pad_right(&mut padded, &l, span);
                    padded
                })
                .collect()
        };
        cells.push((span, lines));
        ci = run_end;
    }
    let height = cells.iter().map(|(_, l)| l.len()).max().unwrap_or(1);
    let lines: Vec<String> = (0..height)
        .map(|i| {
            let mut line = " ".repeat(labels);
            for (span, l) in &cells {
                line.push_str(&" ".repeat(plan.gap));
                match l.get(i) {
                    Some(text) => line.push_str(text),
                    None => line.push_str(&" ".repeat(*span)),
                }
            }
            line
        })
        .collect();
    Some(lines.join("\n"))
}

/// Removes trailing spaces and tabs from every line; ends with one newline.
/// The finished text: tabs as spaces, no trailing blanks, one final
/// newline, and no control characters: a kernel or machine directory named
/// with terminal escape sequences (`ESC ]` …) would otherwise act on the
/// terminal of whoever `cat`s the file or runs `benchsite text`; each
/// becomes U+FFFD. With `ascii`, every line is made ASCII
/// ([`super::ascii::to_ascii`]) after that: a last pass for what no
/// earlier step made ASCII.
pub(super) fn finish(s: &str, ascii: bool) -> String {
    let mut out = String::with_capacity(s.len() + 1);
    for (i, l) in s.lines().enumerate() {
        if i > 0 {
            out.push('\n');
        }
        let l: std::borrow::Cow<'_, str> = if l.contains('\t') { l.replace('\t', "    ").into() } else { l.into() };
        let l = crate::diag::inert(l.trim_end());
        out.push_str(if ascii { super::ascii::to_ascii(&l) } else { std::borrow::Cow::Borrowed(&*l) }.trim_end());
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{COMPARED_KERNELS, CellView, ColumnView, KernelView, RowView, TableView};

    /// archive53: tvondra/pg-fs-benchmark's read-write table, 72 columns
    /// only with its `latency limit` column narrowed to its values
    /// (`12.0 ms`): the header, printed whole, ran into the next column (a
    /// 73-character line). It wraps as the cells do, bottom-aligned. (This
    /// table, a `mode` column more, stays wider than 72: the build warns.)
    #[test]
    fn a_narrowed_label_column_wraps_its_header() {
        let cell = |v: &str| {
            let mean: f64 = v.parse().unwrap();
            Some(CellView {
                summary: crate::stats::Summary {
                    n: 1,
                    mean,
                    stddev: None,
                    cv: None,
                    min: mean,
                    max: mean,
                    median: mean,
                },
                text: v.into(),
                ..Default::default()
            })
        };
        let row = |k: &str, p: [&str; 5], v: &str| {
            RowView::new(k.into(), p.iter().map(|s| s.to_string()).collect(), vec![cell(v)])
        };
        let t = TableView {
            param_headers: ["scale", "dir", "rate", "latency limit", "mode"].map(String::from).to_vec(),
            columns: vec![ColumnView {
                name: "tps".into(),
                unit: "tps".into(),
                better: crate::model::Better::Higher,
                precision: 6,
                ..Default::default()
            }],
            rows: vec![
                row("ext4", ["100", "default/100/run-rw", "", "", "prepared"], "85291.301478"),
                row(
                    "zfs",
                    ["10000", "limit/no-fpw-tuned/10000/run-rw", "limited", "12.0 ms", "prepared"],
                    "4979.435476",
                ),
                row("ext4", ["10000", "limit-2/default/10000/run-rw", "limited", "6.0 ms", "prepared"], "9249.233776"),
                row("btrfs", ["10000", "limit/default/10000/run-rw", "limited", "12.0 ms", "simple"], "3634.044504"),
            ],
            ..Default::default()
        };
        let text = grid_text(&grid::grid(&t, &GridOptions::default()));
        let lines: Vec<&str> = text.lines().collect();
        // Whole, the header (13 wide) overran its 8 columns into `mode`'s.
        assert!(!text.contains("latency limit"), "{text}");
        let at = lines.iter().position(|l| l.contains("latency")).expect("a header line");
        let col = lines[at].find("latency").unwrap();
        assert_eq!(lines[at + 1].get(col..col + 5), Some("limit"), "{text}");
    }

    /// afix46's sighting: a notable change marked as averaging files of
    /// different names (its warning after its `(adjusted p < 0.001)`)
    /// was held whole on one line of ≈ 150 columns. The p-value stays on
    /// one line; words after it wrap within 72.
    /// A setting the section's title says is not said again in its
    /// caption; one the title does not say (another value, or a value
    /// without its name) stays.
    #[test]
    fn a_caption_leaves_out_what_the_title_says() {
        let cap = "MB/s, bigger is better; procs 64";
        assert_eq!(unsaid("dbench ext2 64 processes", cap), "MB/s, bigger is better");
        assert_eq!(unsaid("dbench ext2 128 processes", cap), cap);
        assert_eq!(unsaid("dbench 64", cap), cap);
        let pg = "type TPC-B (sort of); mode prepared; clients 32; threads 4";
        assert_eq!(unsaid("pgbench TPC-B (32 clients, 4 threads)", pg), "type TPC-B (sort of); mode prepared");
        assert_eq!(unsaid("", ""), "");
    }

    #[test]
    fn a_marked_notable_change_wraps_within_the_width() {
        let text = "dbench Throughput (clients 32): 6.2.0 -12.5%^ vs 6.1.0 (adjusted p < 0.001) - but a cell of \
                    it averages as runs files of different names: this is no change of one set-up";
        let opts = markdown::wrap_options(72).initial_indent("- ").subsequent_indent("  ").break_words(false);
        let out = fill_held_tail(text, "(adjusted p", opts);
        assert!(out.lines().all(|l| l.chars().count() <= 72), "{out}");
        assert!(out.lines().any(|l| l.contains("(adjusted p < 0.001)")), "{out}");
        let joined = out.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(joined.ends_with("this is no change of one set-up") && !out.contains('\u{a0}'), "{out}");
    }

    /// A class of `kernels` kernels (`k0`…, baseline `k0`) and `sections`
    /// sections of one column, each row's cell `pad` characters wide.
    fn page(kernels: usize, sections: usize, pad: usize) -> MachinePage {
        let names: Vec<String> = (0..kernels).map(|i| format!("k{i}")).collect();
        let section = |i: usize| SectionView {
            id: format!("s{i}"),
            title: format!("Section {i}"),
            table: TableView {
                columns: vec![ColumnView { name: "Throughput".into(), ..Default::default() }],
                rows: names
                    .iter()
                    .map(|k| {
                        let cell = CellView { text: "1".repeat(pad).into(), ..Default::default() };
                        RowView::new(k.clone(), Vec::new(), vec![Some(cell)])
                    })
                    .collect(),
                baseline: Some("k0".into()),
                ..Default::default()
            },
            ..Default::default()
        };
        MachinePage {
            slug: "big".into(),
            link: "big".into(),
            name: "Big box".into(),
            kernels: names.iter().map(|n| KernelView { name: n.clone(), ..Default::default() }).collect(),
            baseline: Some("k0".into()),
            sections: (0..sections).map(section).collect(),
            ..Default::default()
        }
    }

    fn opts() -> TextOptions {
        TextOptions { width: 72, compare: true, brief: false, ascii: false }
    }

    /// The demo's i586 mail said "means of 2 runs, ± standard deviation"
    /// under each of six tables in a row: said once, under the first, with
    /// how many more it holds for; a table of single runs ends the row, and
    /// another note starts its own.
    #[test]
    fn a_runs_note_the_next_tables_repeat_is_said_once() {
        let two = Some("means of 2 runs".to_string());
        let three = Some("means of 3 runs".to_string());
        let notes = vec![None, two.clone(), two.clone(), two.clone(), None, two.clone(), three.clone(), three, two];
        let got = runs_notes(notes);
        let want: Vec<Option<&str>> = vec![
            None,
            Some("means of 2 runs (this table and the next 2)"),
            None,
            None,
            None,
            Some("means of 2 runs"),
            Some("means of 3 runs (this table and the next)"),
            None,
            Some("means of 2 runs"),
        ];
        assert_eq!(got.iter().map(Option::as_deref).collect::<Vec<_>>(), want);
    }

    #[test]
    fn a_small_class_mails_its_whole_page() {
        let m = page(COMPARED_KERNELS + 1, 3, 4);
        assert_eq!(mail_text(&m, &opts(), "index.html"), machine_text(&m, &opts()));
    }

    #[test]
    fn many_kernels_mail_the_baseline_and_the_last_ones_and_say_so_at_the_top() {
        let m = page(100, 2, 4);
        let text = mail_text(&m, &opts(), "https://example.org/r/big/");
        let head: Vec<&str> = text.lines().take(5).collect();
        // Two lines under the title, then a blank line.
        assert_eq!(
            head,
            [
                "Big box",
                "=======",
                "This mail leaves out 79 of 100 kernels (it shows the baseline and the",
                "last 20). All results: https://example.org/r/big/",
                "",
            ]
        );
        assert!(text.lines().any(|l| l.starts_with("k0 ")), "the baseline's rows stay");
        assert!(!text.lines().any(|l| l.starts_with("k1 ")), "an early kernel's rows go");
        assert!(text.lines().any(|l| l.starts_with("k99 ")));
        assert!(text.contains(&format!("Kernels: k0, k{}, ", 100 - COMPARED_KERNELS)));
    }

    #[test]
    fn an_oversized_mail_drops_whole_sections_from_the_end() {
        // 40 sections of about 22 KB each: 880 KB.
        let m = page(21, 40, 1000);
        let full = machine_text(&m, &opts());
        assert!(full.len() > 3 * MAIL_LIMIT);
        let text = mail_text(&m, &opts(), "index.html");
        assert!(text.len() <= MAIL_LIMIT, "{} bytes", text.len());
        let head = |i: usize| [format!("\n\nSection {i}\n"), format!("\n\nSection {i} (")];
        let kept = (0..40).filter(|&i| head(i).iter().any(|h| text.contains(h.as_str()))).count();
        // The sections kept are the first ones, each whole; as many as fit.
        assert!((0..kept).all(|i| text.contains(&section_text(&m.sections[i], &opts()))));
        assert!(text.len() + section_text(&m.sections[kept], &opts()).len() + 3 > MAIL_LIMIT);
        let want = format!("the last {} of 40 sections (to stay under 300 KB)", 40 - kept);
        assert!(textwrap::unfill(&text).0.contains(&want), "{}", &text[..300]);
        assert!(textwrap::unfill(&text).0.contains("; the machine class's web page has all results."));
    }

    #[test]
    fn a_caption_breaks_between_its_items() {
        let caption = "bigger is better; idle informational; test mmap2; mode process; tasks 104";
        let text = fill_caption(caption, 72);
        assert_eq!(text, "bigger is better; idle informational; test mmap2; mode process;\ntasks 104");
        assert!(!text.contains('\u{a0}'));
        // An item longer than half the width still breaks inside.
        let long = "smaller is better: a very long list of metric names, Rate, CPU Eff, Latency, Max Latency";
        assert!(fill_caption(long, 40).lines().all(|l| l.width() <= 40));
    }

    #[test]
    fn the_class_page_url_is_absolute_under_base_url() {
        let m = page(1, 0, 1);
        assert_eq!(class_page_url(Some("https://example.org/r"), &m), "https://example.org/r/big/");
        assert_eq!(class_page_url(Some("https://example.org/r/"), &m), "https://example.org/r/big/");
        assert_eq!(class_page_url(Some(""), &m), "index.html");
        assert_eq!(class_page_url(None, &m), "index.html");
    }
}
