//! Timing spans for profiling a build: with `BENCHSITE_TIMINGS=1` in the
//! environment, every span prints its name and wall time to stderr when it
//! ends. Off by default, and then costs one cached environment lookup.
//!
//! ```text
//! BENCHSITE_TIMINGS=1 benchsite build --content big --output /tmp/out
//! [timing] machine: load + parse                   0.072 s  from 0.231 s  rss 96 MB (peak 96 MB)
//! ```
//!
//! "from" is when the span started, in seconds since the first span of the
//! process started: a timeline, for the steps that overlap.

use std::sync::OnceLock;
use std::time::Instant;

/// Whether spans print: set by [`enable`], else read from the environment.
static ON: OnceLock<bool> = OnceLock::new();

fn enabled() -> bool {
    *ON.get_or_init(|| std::env::var_os("BENCHSITE_TIMINGS").is_some_and(|v| !v.is_empty() && v != "0"))
}

/// Turns the spans on, as `BENCHSITE_TIMINGS=1` does (`--verbose`). Has no
/// effect once a span has started.
pub fn enable() {
    let _ = ON.set(true);
}

/// When the first span started: the origin of the timeline.
static ORIGIN: OnceLock<Instant> = OnceLock::new();

/// A running span; prints when dropped (if timings are on).
pub struct Span {
    name: &'static str,
    start: Option<Instant>,
}

/// Starts a span named `name`.
pub fn span(name: &'static str) -> Span {
    Span {
        name,
        start: enabled().then(|| {
            let now = Instant::now();
            ORIGIN.get_or_init(|| now);
            now
        }),
    }
}

impl Drop for Span {
    fn drop(&mut self) {
        if let Some(s) = self.start {
            use std::io::Write as _;
            // A closed or full standard error loses the line, never the
            // build (as `diag::to_stderr`, a module of this layer).
            let _ = writeln!(
                std::io::stderr().lock(),
                "[timing] {:<36} {:>8.3} s  from {:.3} s  rss {}",
                self.name,
                s.elapsed().as_secs_f64(),
                ORIGIN.get().map_or(0.0, |o| s.duration_since(*o).as_secs_f64()),
                rss()
            );
        }
    }
}

/// Resident and peak resident memory from `/proc/self/status` (Linux), as text.
fn rss() -> String {
    let Ok(status) = std::fs::read_to_string("/proc/self/status") else {
        return "?".into();
    };
    let field = |name: &str| {
        status
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|kb| kb.parse::<u64>().ok())
            .map(|kb| format!("{} MB", kb / 1024))
            .unwrap_or_else(|| "?".into())
    };
    format!("{} (peak {})", field("VmRSS:"), field("VmHWM:"))
}
