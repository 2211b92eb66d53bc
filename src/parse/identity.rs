//! The names of the parameters that keep apart runs of different machines
//! and different kernel builds, and the file facts they are read from.
//!
//! A machine class is one machine, a kernel one build. What a raw file
//! prints of either is *identity*: UnixBench's `System: rpi5: GNU/Linux`
//! (the host), its `CPU 0: Intel(R) Core(TM)2 Duo CPU L7300 @ 1.40GHz`
//! (the processor), `2 CPUs in system`, and the build of its `OS:` line
//! (`#342 SMP Wed Sep 13 20:25:43 CST 2023`, `uname -v`); lmbench's Host
//! column; kernbench's `Host:` lines; a line naming the processor above
//! the runs of a mail (`For Threadripper 1950X`). Two places use it:
//!
//! * inside one file the parsers and [`crate::parse::labels`] give runs
//!   under two different facts a parameter of their own ([`HOST_PARAM`],
//!   [`MACHINE_PARAM`], [`KERNEL_BUILD_PARAM`]: UnixBench's
//!   `varying::tag_varying` of its `System:` lines, `labels::machines`);
//! * a fact every run of the file shares is kept as the file's
//!   [`crate::model::Identity`], and `site::identities` compares the
//!   files feeding one table cell: files that name different hosts,
//!   processors or builds get the same parameters, with a warning naming
//!   the files and the fact, and the kernels of a class whose runs name
//!   different processors are warned of.

/// The parameter that keeps apart the runs of machines of different host
/// names (UnixBench's `System: rpi5` and `System: raspberrypi`, lmbench's
/// Host column, kernbench's `Host:`).
pub const HOST_PARAM: &str = "host";

/// The parameter that keeps apart the runs of machines with different
/// processors (`Intel(R) Core(TM)2 Duo CPU L7300 @ 1.40GHz` and `… P8700 @
/// 2.53GHz`), the processor as written.
pub const MACHINE_PARAM: &str = "machine";

/// The parameter that keeps apart the runs of one kernel release built
/// twice (`5.10.0+` as `#342 SMP Wed Sep 13 20:25:43 CST 2023` and as
/// `#370 SMP Thu Sep 14 21:50:59 CST 2023`), the build string as written.
pub const KERNEL_BUILD_PARAM: &str = "kernel build";
