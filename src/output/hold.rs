//! Holds SIGINT, SIGTERM and SIGHUP while a build puts its files in place.
//!
//! Ctrl-C, a CI job's cancel (`SIGTERM`, as `timeout` and `docker stop`
//! send) or a closed terminal (`SIGHUP`) arriving while the renames of
//! [`super::DirWriter::commit`] run would leave old and new pages side by
//! side, and the old files' backups and the temporaries lying about. While
//! a [`Held`] lives, such a signal is only noted; when the last one is
//! dropped (the renames done, or rolled back), a noted signal has its
//! default action (the process ends as it would have, exit 130 or 143 to
//! the shell), after a line saying the output was put in place whole.
//! Outside a hold the signals act as they always did; a signal the process
//! was started with ignored (`nohup`) stays ignored. `SIGKILL` cannot be
//! held: the README says what it leaves.

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
use std::sync::OnceLock;
use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};

/// How many holds are alive (builds committing at once, in tests).
static HOLDS: AtomicUsize = AtomicUsize::new(0);
/// The signal that arrived during a hold (0: none).
static CAUGHT: AtomicI32 = AtomicI32::new(0);
/// True when a build stopped by a held signal removed what it wrote
/// ([`rolled_back`]): the message then says so.
static ROLLED_BACK: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);
/// The handlers are installed once per process.
static INSTALLED: OnceLock<()> = OnceLock::new();

/// Whether `sig` is ignored now (as `nohup` leaves `SIGHUP`).
fn ignored(sig: i32) -> bool {
    // SAFETY: with a null new action, `sigaction` only reads the current
    // one into `old`, a zeroed plain C struct.
    unsafe {
        let mut old: libc::sigaction = std::mem::zeroed();
        libc::sigaction(sig, std::ptr::null(), &mut old) == 0 && old.sa_sigaction == libc::SIG_IGN
    }
}

fn install() {
    for sig in [SIGINT, SIGTERM, SIGHUP] {
        if ignored(sig) {
            continue;
        }
        // SAFETY: the action is async-signal-safe: atomics only, and
        // `emulate_default_handler`, which signal-hook documents as safe
        // to call from a signal handler.
        let _ = unsafe {
            signal_hook::low_level::register(sig, move || {
                if HOLDS.load(Ordering::SeqCst) > 0 {
                    CAUGHT.store(sig, Ordering::SeqCst);
                } else {
                    let _ = signal_hook::low_level::emulate_default_handler(sig);
                }
            })
        };
    }
}

/// While alive, SIGINT, SIGTERM and SIGHUP are noted instead of acted on;
/// see the module's doc.
pub struct Held(());

/// Starts holding the signals until the returned [`Held`] is dropped.
pub fn hold() -> Held {
    INSTALLED.get_or_init(install);
    HOLDS.fetch_add(1, Ordering::SeqCst);
    Held(())
}

impl Held {
    /// The signal noted so far in this process's holds, if any.
    pub fn caught(&self) -> Option<i32> {
        Some(CAUGHT.load(Ordering::SeqCst)).filter(|s| *s != 0)
    }
}

/// Says that the build a held signal stopped removed what it had written:
/// the signal's line then says the output directory is as it was.
pub fn rolled_back() {
    ROLLED_BACK.store(true, Ordering::SeqCst);
}

impl Drop for Held {
    fn drop(&mut self) {
        if HOLDS.fetch_sub(1, Ordering::SeqCst) != 1 {
            return;
        }
        let sig = CAUGHT.swap(0, Ordering::SeqCst);
        if sig != 0 {
            let name = signal_hook::low_level::signal_name(sig).unwrap_or("a signal");
            if ROLLED_BACK.load(Ordering::SeqCst) {
                eprintln!(
                    "benchsite: {name} arrived while the site's files were being written; the build stopped and removed them (the output directory is as it was). Stopping."
                );
            } else {
                eprintln!(
                    "benchsite: {name} arrived while the output directory was being updated; the update was finished first (the output is whole). Stopping."
                );
            }
            let _ = signal_hook::low_level::emulate_default_handler(sig);
        }
    }
}
