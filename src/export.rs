//! Machine-readable exports: `data.json` files and one CSV per section.
//!
//! `output/<machine>/data.json` holds every parsed sample and every summary
//! of one machine class, as compact JSON:
//!
//! ```json
//! { "slug": "dbench32-384m", "name": "…", "baseline": "2.4.7",
//!   "files": [ { "path": "2.4.7/dbench-32.txt", "benchmark": "dbench", "version": null,
//!                "samples": [ { "kernel": "2.4.7", "group": "", "params": [{"name": "procs", "value": "32"}],
//!                               "metric": {"name": "Throughput", "unit": "MB/s", "better": "higher"},
//!                               "value": {"kind": "single", "value": 9.2929}, "line": 3 } ] } ],
//!   "sections": [ { "id": "…", "title": "…", "rows": [ { "kernel": "2.4.7", "params": {"procs": "32"},
//!                   "metric": "Throughput", "unit": "MB/s", "better": "higher",
//!                   "n": 3, "mean": 9.3422, "stddev": 0.2, "cv": 0.02, "min": …, "max": …, "median": …,
//!                   "diff": null, "pct_better": null, "p": null, "significant": false } ] } ] }
//! ```
//!
//! `output/data.json` lists the machine classes and where their data is:
//!
//! ```json
//! { "title": "…",
//!   "machines": [ { "slug": "dbench32-384m", "name": "…", "baseline": "2.4.7", "data": "dbench32-384m/data.json" } ] }
//! ```
//!
//! One data file per machine class keeps each file a size a host accepts (a
//! results archive of hundreds of kernels holds millions of samples;
//! GitHub refuses files over 100 MB) and lets a rebuild rewrite only the
//! classes that changed.
//!
//! `output/<machine>/csv/<section-id>.csv` has one line per kernel ×
//! parameters × metric with the columns `kernel`, each parameter, `metric`,
//! `unit`, `better`, `n`, `mean`, `stddev`, `min`, `max`, `median`, `diff`,
//! `pct_better`, `p`, `significant`.

use crate::model::{Better, Sample};
use crate::render::OutputFile;
use crate::report::{MachinePage, MachineSummary, SectionView, SiteView};
use crate::site::{MachineClass, Site};
use serde::Serialize;
use std::collections::BTreeMap;

#[derive(Serialize)]
struct Index<'a> {
    title: &'a str,
    machines: Vec<IndexEntry<'a>>,
}

#[derive(Serialize)]
struct IndexEntry<'a> {
    slug: &'a str,
    name: &'a str,
    baseline: Option<&'a str>,
    data: String,
}

#[derive(Serialize)]
struct MachineData<'a> {
    slug: &'a str,
    name: &'a str,
    baseline: Option<&'a str>,
    files: Vec<FileData<'a>>,
    sections: Vec<SectionData>,
}

#[derive(Serialize)]
struct FileData<'a> {
    path: &'a str,
    benchmark: &'a str,
    version: Option<&'a str>,
    samples: &'a [Sample],
}

#[derive(Serialize)]
struct SectionData {
    id: String,
    title: String,
    rows: Vec<RowData>,
}

/// One summarised cell, flattened.
#[derive(Serialize)]
struct RowData {
    kernel: String,
    params: BTreeMap<String, String>,
    metric: String,
    unit: String,
    better: Better,
    n: u32,
    mean: f64,
    stddev: Option<f64>,
    cv: Option<f64>,
    min: f64,
    max: f64,
    median: f64,
    diff: Option<f64>,
    pct_better: Option<f64>,
    p: Option<f64>,
    significant: bool,
}

fn rows(s: &SectionView) -> Vec<RowData> {
    let mut out = Vec::new();
    for r in &s.table.rows {
        let params: BTreeMap<String, String> = s
            .table
            .param_headers
            .iter()
            .zip(&r.params)
            .filter(|(_, v)| !v.is_empty())
            .map(|(h, v)| (h.clone(), v.clone()))
            .collect();
        for (c, col) in r.cells.iter().zip(&s.table.columns) {
            let Some(c) = c else { continue };
            out.push(RowData {
                kernel: r.kernel.clone(),
                params: params.clone(),
                metric: col.name.clone(),
                unit: col.unit.clone(),
                better: col.better,
                n: c.summary.n,
                mean: c.summary.mean,
                stddev: c.summary.stddev,
                cv: c.summary.cv,
                min: c.summary.min,
                max: c.summary.max,
                median: c.summary.median,
                diff: c.comparison.map(|x| x.diff),
                pct_better: c.comparison.and_then(|x| x.pct_better),
                p: c.comparison.and_then(|x| x.welch).map(|w| w.p),
                significant: c.comparison.is_some_and(|x| x.significant),
            });
        }
    }
    out
}

fn section_csv(s: &SectionView) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut head: Vec<String> = vec!["kernel".into()];
    head.extend(s.table.param_headers.iter().cloned());
    head.extend(
        ["metric", "unit", "better", "n", "mean", "stddev", "min", "max", "median", "diff", "pct_better", "p", "significant"]
            .map(String::from),
    );
    // Writing to a Vec cannot fail.
    let _ = w.write_record(&head);
    let opt = |v: Option<f64>| v.map(|x| x.to_string()).unwrap_or_default();
    for r in &s.table.rows {
        for (c, col) in r.cells.iter().zip(&s.table.columns) {
            let Some(c) = c else { continue };
            let mut rec: Vec<String> = vec![r.kernel.clone()];
            rec.extend(r.params.iter().cloned());
            rec.extend([
                col.name.clone(),
                col.unit.clone(),
                format!("{:?}", col.better).to_lowercase(),
                c.summary.n.to_string(),
                c.summary.mean.to_string(),
                opt(c.summary.stddev),
                c.summary.min.to_string(),
                c.summary.max.to_string(),
                c.summary.median.to_string(),
                opt(c.comparison.map(|x| x.diff)),
                opt(c.comparison.and_then(|x| x.pct_better)),
                opt(c.comparison.and_then(|x| x.welch).map(|w| w.p)),
                c.comparison.is_some_and(|x| x.significant).to_string(),
            ]);
            let _ = w.write_record(&rec);
        }
    }
    String::from_utf8(w.into_inner().unwrap_or_default()).unwrap_or_default()
}

/// `<machine>/data.json` and the machine's per-section CSV files.
pub fn machine_files(m: &MachineClass, page: &MachinePage) -> Vec<OutputFile> {
    let data = MachineData {
        slug: &m.slug,
        name: &m.config.name,
        baseline: m.config.baseline.as_deref(),
        files: m
            .results
            .iter()
            .map(|rf| FileData {
                path: &rf.rel_path,
                benchmark: &rf.parsed.benchmark,
                version: rf.parsed.version.as_deref(),
                samples: &rf.parsed.samples,
            })
            .collect(),
        sections: page.sections.iter().map(|s| SectionData { id: s.id.clone(), title: s.title.clone(), rows: rows(s) }).collect(),
    };
    let mut files = vec![OutputFile { path: format!("{}/data.json", m.slug), contents: serde_json::to_vec(&data).unwrap_or_default() }];
    for s in &page.sections {
        files.push(OutputFile::text(format!("{}/csv/{}.csv", page.slug, s.id), section_csv(s)));
    }
    files
}

/// The top-level `data.json`: the site title and each machine class with
/// the path of its data file.
pub fn index_file(title: &str, machines: &[MachineSummary]) -> OutputFile {
    let index = Index {
        title,
        machines: machines
            .iter()
            .map(|m| IndexEntry {
                slug: &m.slug,
                name: &m.name,
                baseline: m.baseline.as_deref(),
                data: format!("{}/data.json", m.slug),
            })
            .collect(),
    };
    OutputFile::text("data.json", serde_json::to_string_pretty(&index).unwrap_or_default())
}

/// Every data file and CSV of a loaded site and its view.
pub fn data_files(site: &Site, view: &SiteView) -> Vec<OutputFile> {
    let summaries: Vec<MachineSummary> = view.machines.iter().map(MachineSummary::of).collect();
    let mut files = vec![index_file(&site.config.title, &summaries)];
    for (m, page) in site.machines.iter().zip(&view.machines) {
        files.extend(machine_files(m, page));
    }
    files
}
