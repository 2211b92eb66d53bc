//! `benchsite text MACHINE`: one machine class as mail-ready plaintext
//! (or, with `--markdown`, as the site's Markdown page of it).
//!
//! Only that class is loaded and laid out ([`crate::build::lay_out_one`]);
//! the diagnostics shown are `site.yaml`'s and that class's.

use crate::diag::has_errors;
use crate::render::text::{
    TextOptions, chosen_text, chosen_wide_tables, class_page_url, mail_text, mail_wide_tables, wide_table_warning,
};
use clap::Args;
use std::path::PathBuf;
use std::process::ExitCode;

/// `text`'s arguments.
#[derive(Args, Debug)]
pub struct TextArgs {
    /// The machine class (its directory name under the content directory).
    #[arg(required_unless_present = "across")]
    pub machine: Option<String>,
    /// Content directory.
    #[arg(long, default_value = "content")]
    pub content: PathBuf,
    /// Only these sections (title or anchor id; repeatable), drawn as
    /// `email.txt` draws them.
    #[arg(long = "section")]
    pub sections: Vec<String>,
    /// Only these kernels, comma-separated. Without it, a class with many
    /// kernels shows the baseline and the last ones, as `email.txt` does.
    #[arg(long, value_delimiter = ',')]
    pub kernels: Vec<String>,
    /// Width in columns (20 to 1000).
    #[arg(long, default_value_t = 72, value_parser = crate::cli::width_parser())]
    pub width: usize,
    /// Leave out the % change vs the baseline and the significance marks
    /// (shown by default, as in `email.txt`).
    #[arg(long)]
    pub no_compare: bool,
    /// The % change and marks are shown by default; kept so that scripts
    /// written for older versions still run.
    #[arg(long, hide = true, conflicts_with = "no_compare")]
    pub compare: bool,
    /// Leave out the spread (±) and the number of runs behind averaged values.
    #[arg(long)]
    pub brief: bool,
    /// Pure ASCII: `us` for `µs`, `+-` for `±`, `alpha` for `α`, other
    /// letters transliterated (for lists and mailers that mangle UTF-8).
    #[arg(long)]
    pub ascii: bool,
    /// Only the regressions: the significant changes for the worse against
    /// the baseline past the regression threshold, largest loss first, and
    /// each kernel's summary (what `regressions.html` shows).
    #[arg(long)]
    pub regressions: bool,
    /// Instead of one class: the machines side by side where several
    /// classes ran one kernel (what `across.txt` and `across.html` show),
    /// at `--width`. Builds the whole site in memory.
    #[arg(long, conflicts_with_all = ["machine", "regressions", "sections", "kernels"])]
    pub across: bool,
    /// GitHub Markdown instead of plaintext: the text of the class's
    /// Markdown page as `build` writes it (`<class>/index.md`, or
    /// site.yaml's `markdown_name:`), its tables, runs and links to chart
    /// images alike (the images are files a build writes); with
    /// `--section` or `--kernels`, that page of only those sections or
    /// kernels.
    #[arg(long, conflicts_with_all = ["across", "regressions", "width", "no_compare", "brief", "ascii"])]
    pub markdown: bool,
}

/// `text --across`: the site built in memory, its `across.txt` printed
/// (nothing to compare: a line saying so on standard error).
fn run_across(content: &std::path::Path, width: usize) -> ExitCode {
    let mut opts = crate::build::BuildOptions::new(content, "output");
    opts.text_width = width;
    let sink = crate::output::Collect::keeping();
    let hidden = indicatif::ProgressBar::hidden();
    match crate::build::generate(&opts, &hidden, &sink, None) {
        Ok(report) => {
            for d in &report.diagnostics {
                crate::cli::print_diagnostic(d);
            }
        }
        Err(e) => {
            errln!("error: {e}");
            return ExitCode::from(1);
        }
    }
    match sink.into_files().into_iter().find(|f| f.path == "across.txt") {
        Some(f) => {
            crate::cli::out(format_args!("{}", String::from_utf8_lossy(&f.contents)));
            ExitCode::SUCCESS
        }
        None => {
            infoln!("text --across: no kernel ran on more than one machine class with a benchmark in common");
            ExitCode::SUCCESS
        }
    }
}

/// Runs `text`: prints the class's plaintext; exit status 1 when the
/// content cannot be read or has errors, 2 for an unknown class, section
/// or kernel.
pub fn run(args: &TextArgs) -> ExitCode {
    let TextArgs {
        machine,
        content,
        sections,
        kernels,
        width,
        no_compare,
        compare: _,
        brief,
        ascii,
        regressions,
        across,
        markdown,
    } = args;
    if *across {
        return run_across(content, *width);
    }
    let Some(machine) = machine else { return ExitCode::from(2) };
    // `box/`, as a shell completes a directory's name: the class `box`
    // (it was "no machine class", attack60).
    let machine = match machine.trim_end_matches(['/', std::path::MAIN_SEPARATOR]) {
        "" => machine.as_str(),
        trimmed => trimmed,
    };
    let one = match crate::build::lay_out_one(content, machine) {
        Ok(one) => one,
        Err(e) => {
            errln!("error: cannot read content directory {}: {e}", content.display());
            return ExitCode::from(1);
        }
    };
    let Some(page) = one.page.as_ref().filter(|_| !has_errors(&one.diagnostics)) else {
        for d in &one.diagnostics {
            crate::cli::print_diagnostic(d);
        }
        if has_errors(&one.diagnostics) {
            return ExitCode::from(1);
        }
        errln!("error: no machine class {machine:?}; known: {}", one.known.join(", "));
        return ExitCode::from(2);
    };
    // With --section, a warning or note about a raw file only other
    // sections show is left out, counted (newcomer44 N9: three of four
    // lines were about other sections, and `-q` hid the one that mattered).
    // Kept: diagnostics about YAML files, files skipped whole, and files
    // no section shows (attack45 F12: a file counted once as a copy of
    // another shows in no section, and its warning says why the section
    // lost its baseline).
    let (chosen, others): (Vec<_>, Vec<_>) =
        page.sections.iter().zip(&one.section_files).partition(|(s, _)| sections.iter().any(|w| s.is_named(w)));
    let chosen: Vec<&std::path::PathBuf> = chosen.into_iter().flat_map(|(_, files)| files).collect();
    let others: Vec<&std::path::PathBuf> = others.into_iter().flat_map(|(_, files)| files).collect();
    let mut left_out = 0;
    for d in &one.diagnostics {
        if !sections.is_empty() && others.contains(&&d.file) && !chosen.contains(&&d.file) {
            left_out += 1;
            continue;
        }
        crate::cli::print_diagnostic(d);
    }
    if left_out > 0 {
        errln!(
            "note: {left_out} warning(s) or note(s) about raw files of other sections left out (`benchsite check` lists every one)"
        );
    }
    if let Some(missing) = sections.iter().find(|want| !page.sections.iter().any(|s| s.is_named(want))) {
        let known: Vec<&str> = page.sections.iter().map(|s| s.id.as_str()).collect();
        errln!("error: no section {missing:?} in {machine}; sections: {}", known.join(", "));
        return ExitCode::from(2);
    }
    if let Some(missing) = kernels.iter().find(|k| !page.kernels.iter().any(|x| &x.name == *k)) {
        let known: Vec<&str> = page.kernels.iter().map(|k| k.name.as_str()).collect();
        let (one, many) = (&page.axis.one, &page.axis.many);
        errln!("error: no {one} {missing:?} in {machine}; {many}: {}", known.join(", "));
        return ExitCode::from(2);
    }
    if *markdown {
        // The page the build renders `index.md` from, with its options
        // (N3: `text --markdown` was refused as an unknown argument, and a
        // class's Markdown took a whole build to see).
        let opts = crate::render::markdown::MarkdownRenderer::default().with_base_url(one.base_url.as_deref()).options;
        let mut page = if sections.is_empty() && kernels.is_empty() {
            page.clone()
        } else {
            crate::report::filtered_page(page, sections, kernels)
        };
        // Its charts' images and notes, as a build names them (the SVG
        // files themselves are a build's: not written here).
        drop(crate::chart::page_charts(&mut page));
        let md = crate::render::markdown::machine_md_with(&page, &opts);
        crate::cli::out(format_args!("{md}"));
        return ExitCode::SUCCESS;
    }
    let opts = TextOptions { width: *width, compare: !*no_compare, brief: *brief, ascii: *ascii };
    if *regressions {
        // A kernel's regressions are against its baseline: keep its rows.
        let mut kernels = kernels.clone();
        if !kernels.is_empty() {
            let baselines = page.baseline.iter().chain(page.sections.iter().filter_map(|s| s.table.baseline.as_ref()));
            kernels.extend(baselines.cloned());
        }
        let page = crate::report::filtered_page(page, sections, &kernels);
        let text = crate::render::regressions::text(&page, &crate::report::regressions_page(&page), *width);
        let text = if *ascii { crate::render::ascii::to_ascii(&text).into_owned() } else { text };
        crate::cli::out(format_args!("{text}"));
        return ExitCode::SUCCESS;
    }
    let mut page = crate::report::filtered_page(page, sections, kernels);
    // A section of only detail columns (dbench's per-operation table no
    // configured section shows) is no part of a mail; asked for by name
    // it is chosen, as a section whose `group:` names it: drawn whole.
    // Without --section such a section stays detail: left out, as in
    // `email.txt` (review61 site #1: `text CLASS` printed it whole).
    if !sections.is_empty() {
        for s in page.sections.iter_mut().filter(|s| s.table.columns.iter().all(|c| c.detail)) {
            s.table.columns.iter_mut().for_each(|c| c.detail = false);
        }
    }
    // Without --kernels, the class's mail as `email.txt` has it: the
    // baseline and the last kernels of a class with many. Sections asked
    // for are drawn as the mail draws them (no detail columns, said at the
    // top): `--section` printed them whole, in another layout than the
    // same section of `email.txt` (closing-60).
    let mail = kernels.is_empty();
    // A table no layout fits within the width: said once, as a build says
    // it of `email.txt` (newcomer43 N1).
    let wide = if mail { mail_wide_tables(&page, &opts) } else { chosen_wide_tables(&page, &opts) };
    for (title, widest) in wide {
        errln!("warning: {machine}: {}", wide_table_warning(&title, widest, opts.width));
    }
    let url = class_page_url(one.base_url.as_deref().map(crate::site::encoded_base_url).as_deref(), &page);
    let text = if mail { mail_text(&page, &opts, &url) } else { chosen_text(&page, &opts, &url) };
    crate::cli::out(format_args!("{text}"));
    ExitCode::SUCCESS
}
