//! benchsite: a static site builder for kernel benchmark results.
//!
//! Data flows down this picture; imports point up it (a module imports
//! only modules of earlier rows; `tests/layers.rs` checks it):
//!
//! ```text
//!  diag timing version markdown fingerprint   leaves
//!  output  model                              the writer; the data model
//!  parse                                      raw file ─▶ Samples (one parser per benchmark)
//!  stats  derive                              runs ─▶ summaries, tests; derived metrics
//!  site                                       content/ ─▶ YAML + files ─▶ a loaded machine class
//!  report                                     class ─▶ view models (plain data, every text)
//!  chart                                      view models ─▶ SVG charts, chart references
//!  render                                     view models ─▶ HTML (tera = native) / Markdown / text
//!  export  cache                              data.json, CSV; the build cache
//!  check                                      lints over a laid-out class
//!  build                                      the one pipeline: discover → load → lay out →
//!                                             charts → render → output, class by class
//!  serve  init                                the live server; the site skeleton
//!  cli                                        one thin file per command
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
//! * [`build`]: the one pipeline every command runs: content in, files out;
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
pub mod lines;
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
pub mod varint;
pub mod version;
