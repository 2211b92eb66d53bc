//! The `benchsite` command line.

use benchsite::build::{self, BuildError, BuildOptions};
use benchsite::diag::Severity;
use benchsite::parse::{self, Input};
use benchsite::render::text::{TextOptions, machine_text};
use clap::{Parser, Subcommand};
use std::path::PathBuf;
use std::process::ExitCode;

// Building a site allocates and frees millions of small strings (cells,
// links, formatted numbers) on every core; mimalloc does that markedly
// faster than glibc's malloc and returns freed memory to the system by
// itself (see BENCHMARKS.md).
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// mimalloc's `mi_option_purge_delay` (its index in `mi_option_e`,
/// `mimalloc.h`; the Rust bindings leave this one out).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// Keeps the memory this process frees for its own later allocations
/// instead of returning it to the system a second later (mimalloc's purge
/// delay, 1,000 ms, set to never). A build lays out one machine class after
/// another, each taking and freeing a few hundred MB: returned and taken
/// again, that memory cost a large archive's build 30,000 page faults (4%
/// of its CPU time). The peak memory is about the same (it is one class's);
/// a one-shot `build` or `check` then exits. `serve` keeps the default: it
/// idles between rebuilds.
fn keep_freed_memory() {
    // SAFETY: `mi_option_set` stores an option's value; any value is valid
    // for this option, and it may be set at any time.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, -1) }
}

/// Static site builder for kernel benchmark results.
#[derive(Parser, Debug)]
#[command(name = "benchsite", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Build the site from a content directory into an output directory.
    Build {
        /// Content directory.
        #[arg(long, default_value = "content")]
        content: PathBuf,
        /// Output directory.
        #[arg(long, default_value = "output")]
        output: PathBuf,
        /// Theme directory (default: themes/<site.yaml's theme, or default> beside the content).
        #[arg(long)]
        theme: Option<PathBuf>,
        /// Width of the plaintext (email.txt) in columns.
        #[arg(long, default_value_t = 72)]
        width: usize,
        /// Write into a non-empty output directory benchsite did not create.
        #[arg(long)]
        force: bool,
        /// Absolute URL the site is served from (default: relative links).
        #[arg(long)]
        base_url: Option<String>,
        /// Fail (exit status 1, nothing written) when there are warnings.
        #[arg(long)]
        strict: bool,
    },
    /// Check the content without writing anything; list every problem.
    Check {
        /// Content directory.
        #[arg(long, default_value = "content")]
        content: PathBuf,
        /// Theme directory (default: themes/<site.yaml's theme, or default> beside the content).
        #[arg(long)]
        theme: Option<PathBuf>,
        /// Treat warnings as errors (exit status 1 when there are any).
        #[arg(long)]
        strict: bool,
    },
    /// Serve the site from memory on 127.0.0.1, rebuild it when content or
    /// theme files change, and reload the open browser page.
    Serve {
        /// Content directory.
        #[arg(long, default_value = "content")]
        content: PathBuf,
        /// Theme directory (default: themes/<site.yaml's theme, or default> beside the content).
        #[arg(long)]
        theme: Option<PathBuf>,
        /// Port to listen on (0: any free port).
        #[arg(long, default_value_t = benchsite::serve::DEFAULT_PORT)]
        port: u16,
        /// Address to listen on; anything but a loopback address lets other
        /// machines read the site.
        #[arg(long, default_value = "127.0.0.1")]
        bind: std::net::IpAddr,
        /// Width of the plaintext (email.txt) in columns.
        #[arg(long, default_value_t = 72)]
        width: usize,
    },
    /// Create a new site in DIR, laid out like this repository.
    Init {
        /// Directory to create the site in.
        dir: PathBuf,
    },
    /// Print one machine class as mail-ready plaintext.
    Text {
        /// The machine class (its directory name under the content directory).
        machine: String,
        /// Content directory.
        #[arg(long, default_value = "content")]
        content: PathBuf,
        /// Only these sections (title or anchor id; repeatable).
        #[arg(long = "section")]
        sections: Vec<String>,
        /// Only these kernels, comma-separated.
        #[arg(long, value_delimiter = ',')]
        kernels: Vec<String>,
        /// Width in columns.
        #[arg(long, default_value_t = 72)]
        width: usize,
        /// Show % change vs the baseline and significance marks.
        #[arg(long)]
        compare: bool,
    },
    /// Parse one raw result file and print what was read.
    Parse {
        /// The file.
        file: PathBuf,
        /// Print JSON instead of a table.
        #[arg(long)]
        json: bool,
        /// Use this parser instead of detecting one.
        #[arg(long)]
        format: Option<String>,
    },
}

/// Writes to standard output. A closed pipe (`benchsite parse FILE | head`)
/// ends the program quietly instead of panicking in `println!`.
fn out(text: std::fmt::Arguments<'_>) {
    use std::io::Write;
    if let Err(e) = std::io::stdout().lock().write_fmt(text) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("error: cannot write to standard output: {e}");
        std::process::exit(1);
    }
}

/// `println!` through [`out`], with control characters (terminal escape
/// sequences in a file or directory name) made inert.
macro_rules! outln {
    ($($t:tt)*) => {
        out(format_args!("{}\n", benchsite::diag::inert(&format!($($t)*))))
    };
}

/// `eprintln!` with control characters (terminal escape sequences in a file
/// or directory name) made inert: every message that can name one.
macro_rules! errln {
    ($($t:tt)*) => {
        eprintln!("{}", benchsite::diag::inert(&format!($($t)*)))
    };
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Init { dir } => match benchsite::init::init(&dir) {
            Ok(files) => {
                for f in &files {
                    errln!("created {}", f.display());
                }
                errln!("new site in {}; next: cd {} && benchsite build", dir.display(), dir.display());
                ExitCode::SUCCESS
            }
            Err(e) => {
                errln!("error: {e}");
                ExitCode::from(1)
            }
        },
        Command::Check { content, theme, strict } => {
            keep_freed_memory();
            let opts = BuildOptions {
                content,
                output: PathBuf::from("output"),
                theme_dir: theme,
                text_width: 72,
                force: false,
                base_url: None,
            };
            match benchsite::check::check(&opts) {
                Ok(diags) => {
                    for d in &diags {
                        errln!("{d}");
                    }
                    let errors = diags.iter().filter(|d| d.severity == Severity::Error).count();
                    let warnings = diags.len() - errors;
                    errln!("check: {errors} error(s), {warnings} warning(s)");
                    if errors > 0 || (strict && warnings > 0) { ExitCode::from(1) } else { ExitCode::SUCCESS }
                }
                Err(e) => {
                    errln!("error: cannot read content directory {}: {e}", opts.content.display());
                    ExitCode::from(1)
                }
            }
        }
        Command::Build { content, output, theme, width, force, base_url, strict } => {
            keep_freed_memory();
            let opts =
                BuildOptions { content, output: output.clone(), theme_dir: theme, text_width: width, force, base_url };
            let started = std::time::Instant::now();
            // A progress bar on a terminal, shown only when the build takes more than a moment.
            let progress = if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
                let pb = indicatif::ProgressBar::with_draw_target(Some(0), indicatif::ProgressDrawTarget::stderr());
                pb.set_style(
                    indicatif::ProgressStyle::with_template("{spinner} parsing {pos}/{len} raw files {wide_bar} {eta}")
                        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar()),
                );
                pb.enable_steady_tick(std::time::Duration::from_millis(250));
                pb
            } else {
                indicatif::ProgressBar::hidden()
            };
            let built = if strict {
                build::build_strict(&opts, &progress)
            } else {
                build::build_with_progress(&opts, &progress)
            };
            match built {
                Ok(report) => {
                    for d in &report.diagnostics {
                        errln!("{d}");
                    }
                    let warnings = report.diagnostics.iter().filter(|d| d.severity == Severity::Warning).count();
                    errln!(
                        "built {}: {} raw files read, {} pages, {} charts, {} files ({} changed), {} warning(s), {:.2} s",
                        output.display(),
                        report.files_read,
                        report.pages,
                        report.charts,
                        report.files_out,
                        report.files_written,
                        warnings,
                        started.elapsed().as_secs_f64()
                    );
                    ExitCode::SUCCESS
                }
                Err(BuildError::Strict(diags)) => {
                    progress.finish_and_clear();
                    for d in &diags {
                        errln!("{d}");
                    }
                    errln!(
                        "build failed: {} warning(s) with --strict; {} left unchanged",
                        diags.len(),
                        output.display()
                    );
                    ExitCode::from(1)
                }
                Err(BuildError::Invalid(diags)) => {
                    progress.finish_and_clear();
                    for d in &diags {
                        errln!("{d}");
                    }
                    let n = diags.iter().filter(|d| d.severity == Severity::Error).count();
                    errln!("build failed: {n} error(s); {} left unchanged", output.display());
                    ExitCode::from(1)
                }
                Err(e @ BuildError::PartlyCommitted { .. }) => {
                    errln!("error: {e}");
                    errln!(
                        "build failed; {} holds complete files only, some of them from this build: build again once the cause is fixed",
                        output.display()
                    );
                    ExitCode::from(1)
                }
                Err(e) => {
                    errln!("error: {e}");
                    errln!("build failed; {} left unchanged", output.display());
                    ExitCode::from(1)
                }
            }
        }
        Command::Serve { content, theme, port, bind, width } => serve_cmd(content, theme, bind, port, width),
        Command::Parse { file, json, format } => parse_cmd(&file, json, format.as_deref()),
        Command::Text { machine, content, sections, kernels, width, compare } => {
            text_cmd(&content, &machine, &sections, &kernels, TextOptions { width, compare })
        }
    }
}

fn serve_cmd(content: PathBuf, theme: Option<PathBuf>, bind: std::net::IpAddr, port: u16, width: usize) -> ExitCode {
    use benchsite::serve::{ServeError, Server};
    let opts = BuildOptions {
        content,
        output: PathBuf::from("output"),
        theme_dir: theme,
        text_width: width,
        force: false,
        base_url: None,
    };
    let addr = std::net::SocketAddr::new(bind, port);
    match Server::start(opts, addr) {
        Ok(server) => {
            if !bind.is_loopback() {
                errln!("warning: listening on {bind}: other machines can reach this server");
            }
            errln!("serving at http://{}/ (Ctrl-C to stop)", server.addr());
            server.wait();
            ExitCode::SUCCESS
        }
        Err(ServeError::Bind { source, .. }) if source.kind() == std::io::ErrorKind::AddrInUse => {
            errln!(
                "error: port {port} on {bind} is already in use (another benchsite serve?); choose another with --port N"
            );
            ExitCode::from(1)
        }
        Err(e) => {
            errln!("error: {e}");
            ExitCode::from(1)
        }
    }
}

fn text_cmd(
    content: &std::path::Path,
    machine: &str,
    sections: &[String],
    kernels: &[String],
    opts: TextOptions,
) -> ExitCode {
    let site = match benchsite::site::load(content) {
        Ok(s) => s,
        Err(e) => {
            errln!("error: cannot read content directory {}: {e}", content.display());
            return ExitCode::from(1);
        }
    };
    for d in &site.diagnostics {
        errln!("{d}");
    }
    if site.has_errors() {
        return ExitCode::from(1);
    }
    let view = benchsite::report::site_view(&site);
    let Some(page) = view.machines.iter().find(|m| m.slug == machine) else {
        let known: Vec<&str> = view.machines.iter().map(|m| m.slug.as_str()).collect();
        errln!("error: no machine class {machine:?}; known: {}", known.join(", "));
        return ExitCode::from(2);
    };
    if let Some(missing) = sections.iter().find(|want| {
        !page.sections.iter().any(|s| want.eq_ignore_ascii_case(&s.title) || want.eq_ignore_ascii_case(&s.id))
    }) {
        let known: Vec<&str> = page.sections.iter().map(|s| s.id.as_str()).collect();
        errln!("error: no section {missing:?} in {machine}; sections: {}", known.join(", "));
        return ExitCode::from(2);
    }
    if let Some(missing) = kernels.iter().find(|k| !page.kernels.iter().any(|x| &x.name == *k)) {
        let known: Vec<&str> = page.kernels.iter().map(|k| k.name.as_str()).collect();
        errln!("error: no kernel {missing:?} in {machine}; kernels: {}", known.join(", "));
        return ExitCode::from(2);
    }
    out(format_args!("{}", machine_text(&benchsite::report::filtered_page(page, sections, kernels), &opts)));
    ExitCode::SUCCESS
}

/// A value for display: at most 6 decimals, trailing zeros dropped
/// (`7:34.59` → `454.59`, not `454.59000000000003`).
fn short(v: f64) -> String {
    let s = format!("{v:.6}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s.is_empty() || s == "-" { "0".to_string() } else { s.to_string() }
}

fn parse_cmd(file: &std::path::Path, json: bool, format: Option<&str>) -> ExitCode {
    let bytes = match std::fs::read(file) {
        Ok(b) => b,
        Err(e) => {
            errln!("error: {}: cannot read: {e}", file.display());
            return ExitCode::from(1);
        }
    };
    if bytes.is_empty() {
        errln!("error: {}: empty file", file.display());
        return ExitCode::from(1);
    }
    let forced = match format {
        Some(id) => match parse::by_id(id) {
            Some(p) => Some(p),
            None => {
                let ids: Vec<&str> = parse::registry().iter().map(|p| p.id()).collect();
                errln!("error: unknown format {id:?}; known: {}", ids.join(", "));
                return ExitCode::from(2);
            }
        },
        None => None,
    };
    let outcome = benchsite::site::parse_bytes(&bytes, forced);
    if outcome.parsed.is_empty() && forced.is_none() && parse::detect(&Input::from_bytes(&bytes)).is_none() {
        errln!("error: {}: unrecognised file; no parser claimed it. Formats tried:", file.display());
        for p in parse::registry() {
            errln!("  {:<12} {}", p.id(), p.describe());
        }
        errln!("Use --format ID to force one, or add a glob for it to `ignore:` if it is not a result.");
        return ExitCode::from(1);
    }
    if json {
        #[derive(serde::Serialize)]
        struct Parsed<'a> {
            segments: &'a [benchsite::model::ParsedFile],
            warnings: Vec<serde_json::Value>,
        }
        let warnings = outcome
            .warnings
            .iter()
            .map(|(line, message)| serde_json::json!({ "line": line, "message": message }))
            .collect();
        match serde_json::to_string_pretty(&Parsed { segments: &outcome.parsed, warnings }) {
            Ok(s) => outln!("{s}"),
            Err(e) => {
                errln!("error: {e}");
                return ExitCode::from(1);
            }
        }
    } else {
        for parsed in &outcome.parsed {
            print_segment(file, parsed);
        }
        for (line, message) in &outcome.warnings {
            match line {
                Some(l) => outln!("warning: line {l}: {message}"),
                None => outln!("warning: {message}"),
            }
        }
    }
    if outcome.parsed.is_empty() {
        errln!("error: {}: nothing read (see the warnings above)", file.display());
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

/// Prints one segment of `parse`'s plain output: a heading naming the
/// benchmark, its lines and sample count, then a line per sample.
fn print_segment(file: &std::path::Path, parsed: &benchsite::model::ParsedFile) {
    let describe = parse::by_id(&parsed.benchmark).map_or(parsed.benchmark.as_str(), |p| p.describe());
    outln!(
        "{}:{} {}{} ({} sample(s))",
        file.display(),
        parsed.lines.map(|(a, b)| format!(" lines {a}-{b}:")).unwrap_or_default(),
        describe,
        parsed.version.as_deref().map(|v| format!(", version {v}")).unwrap_or_default(),
        parsed.samples.len()
    );
    for s in &parsed.samples {
        let params: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
        let value = match s.value {
            benchsite::model::Value::Single { value } => short(value),
            benchsite::model::Value::Summary { mean, stddev, n } => format!(
                "{} (summary of {n} runs{})",
                short(mean),
                stddev.map(|s| format!(", sd {}", short(s))).unwrap_or_default()
            ),
        };
        outln!(
            "line {:>5}  {:<16} {:<28} {:<22} {:>14} {:<8} {}",
            s.line,
            s.kernel.as_deref().unwrap_or("-"),
            if s.group.is_empty() { s.metric.name.to_string() } else { format!("{}: {}", s.group, s.metric.name) },
            params.join(" "),
            value,
            s.metric.unit,
            s.metric.better.phrase()
        );
    }
    for (line, note) in parsed.notes.iter().filter(|(_, n)| parse::note_is_info(n)) {
        outln!("note: line {line}: {note}");
    }
}
