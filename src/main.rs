//! The `benchsite` command line: parses the arguments and runs the command
//! ([`benchsite::cli`] has one file per command).

use clap::Parser;
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

/// Turns transparent huge pages off for this process (Linux's
/// `PR_SET_THP_DISABLE`). mimalloc asks for them (`MADV_HUGEPAGE` on its
/// 1 GiB arena) wherever the system leaves them to the program, and then
/// the first touch of each 2 MB of the arena faults in a whole huge page,
/// zeroed by the kernel: adding one kernel to the large archive faulted in
/// 200 MB that way, and zeroing them was half of its 0.6 s of system time
/// (`clear_page_erms` under `do_huge_pmd_anonymous_page`, BENCHMARKS.md);
/// with 4 KB pages it touches 150 MB and spends half the system time. A
/// call that fails (an older kernel) changes nothing.
fn no_huge_pages() {
    #[cfg(target_os = "linux")]
    // SAFETY: `prctl(PR_SET_THP_DISABLE, 1, 0, 0, 0)` sets a flag of this
    // process's memory map; it reads and writes no memory of ours.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

fn main() -> ExitCode {
    let cli = benchsite::cli::Cli::parse();
    if cli.command.one_shot() {
        no_huge_pages();
        keep_freed_memory();
    }
    cli.run()
}
