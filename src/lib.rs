//! benchsite: a static site builder for kernel benchmark results.
//!
//! ```text
//! content/ ──walk──▶ raw files + YAML ──parse──▶ Samples ──summarise──▶ view models
//!                                                                         │
//!            output/ ◀──write── HTML (tera) / Markdown / plaintext ◀──────┘
//! ```
//!
//! * [`parse`]: one module per benchmark behind [`parse::BenchParser`];
//! * [`model`]: the one data model ([`model::Sample`], [`model::Metric`]);
//! * [`site`]: walking `content/`, YAML annotations, the loaded site;
//! * [`stats`]: n, mean, standard deviation and friends over runs;
//! * [`version`]: kernel version order and patch-tree lanes;
//! * [`report`]: view models (pages, sections, tables, every text shown,
//!   chart references) every renderer reads;
//! * [`chart`]: draws a laid-out page's SVG charts (plotters) and fills its
//!   chart references; plaintext `*` bar charts;
//! * [`render`]: HTML, Markdown and plaintext renderers;
//! * [`build`]: the `build` command: content in, files out;
//! * [`output`]: the output writer: atomic writes, the lock, path claims, the `.benchsite` list;
//! * [`serve`]: the `serve` command: the site in memory over HTTP, rebuilt on change;
//! * [`check`]: `check`'s lints over each laid-out machine class;
//! * [`cli`]: the command line, one thin file per command.

pub mod build;
pub mod cache;
pub mod chart;
pub mod check;
pub mod cli;
pub mod derive;
pub mod diag;
pub mod export;
pub mod fingerprint;
pub mod init;
pub mod markdown;
pub mod model;
pub mod output;
pub mod parse;
pub mod render;
pub mod report;
pub mod serve;
pub mod site;
pub mod stats;
pub mod timing;
pub mod version;
