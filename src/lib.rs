//! benchsite: a static site builder for kernel benchmark results.
//!
//! ```text
//! content/ ──walk──▶ raw files + YAML ──parse──▶ Samples ──aggregate──▶ Site model
//!                                                                   │
//!            output/ ◀──write── HTML (tera) / Markdown / plaintext ◀─┘ view models
//! ```
//!
//! * [`parse`]: one module per benchmark behind [`parse::BenchParser`];
//! * [`model`]: the one data model ([`model::Sample`], [`model::Metric`]);
//! * [`site`]: walking `content/`, YAML annotations, the loaded site;
//! * [`stats`]: n, mean, standard deviation and friends over runs;
//! * [`report`]: view models (tables, sections, pages) that every renderer reads;
//! * [`render`]: HTML, Markdown and plaintext renderers;
//! * [`build`]: the `build` command: content in, files out.

pub mod model;
pub mod parse;
