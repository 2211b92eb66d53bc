//! `merge SHARD... --output OUT`: shard outputs ([`super::shard`]) put
//! together into one site, with the site-level files written from every
//! class's summary: the site a one-shot build of the same content makes,
//! byte for byte (the build cache aside: a merged site has none).
//!
//! Nothing is written until every check passed: each shard's manifest
//! reads; each was built with this benchsite, from this content's
//! `site.yaml` and `machine.yaml` files, with this theme and these options;
//! each of its classes' directories holds what it held then; every class
//! of the content is in exactly one shard; every file a shard lists is
//! there. The output directory is written as a build writes it (its
//! `.benchsite` marker, all files put in place at once or none, never into
//! a non-empty directory benchsite did not create without `--force`).

use super::pipeline::{plan_site, render_index};
use super::shard::{Manifest, SiteIdentity, input_hash, list};
use super::{BuildError, BuildOptions, BuildReport, DirWriter, inside};
use crate::cache::Cache;
use crate::diag::{Diagnostic, has_errors};
use crate::output::{OutputFile, Sink};
use crate::timing;
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::path::{Path, PathBuf};

/// A shard read and checked: its directory and manifest.
struct Shard {
    dir: PathBuf,
    manifest: Manifest,
}

/// Merges the shard outputs `shards` into `opts.output`, for the content,
/// theme and options of `opts` (those the shards were built with). Returns
/// what a build of the whole site returns: the diagnostics of `site.yaml`
/// and of every class (as the shards recorded them, in name order), the
/// raw files read, and the files, pages and charts of the site.
///
/// # Errors
/// [`BuildError::Shard`] for a shard that is no shard, was built from
/// other content, theme or options, holds a class another shard holds too,
/// or misses a file it lists, or when a class is in no shard;
/// [`BuildError::Invalid`] when `site.yaml` has errors; the output
/// directory's errors as for a build ([`BuildError::NotOurs`]…). Nothing
/// is written then.
pub fn merge(opts: &BuildOptions, shards: &[PathBuf]) -> Result<BuildReport, BuildError> {
    let _all = timing::span("merge (total)");
    if inside(&opts.output, &opts.content) {
        return Err(BuildError::OutputInContent { output: opts.output.clone(), content: opts.content.clone() });
    }
    if shards.is_empty() {
        return Err(BuildError::Shard("no shard to merge: name the shard output directories".to_string()));
    }
    refuse_shard_as_output(opts, shards)?;
    super::refuse_site_over_shard(&opts.output, "a merge")?;
    let mut diags = Vec::new();
    let (plan, render_error) = plan_site(opts, &mut diags)?;
    if has_errors(&diags) {
        return Err(BuildError::Invalid(diags));
    }
    if let Some(e) = render_error {
        return Err(e);
    }
    let identity = SiteIdentity::of(opts, plan.theme.as_deref(), &plan.dirs);
    let shards = shards
        .iter()
        .map(|dir| Ok(Shard { dir: dir.clone(), manifest: Manifest::read(dir)? }))
        .collect::<Result<Vec<_>, BuildError>>()?;
    for s in &shards {
        let differs = s.manifest.site.differences(&identity);
        if !differs.is_empty() {
            return Err(BuildError::Shard(format!(
                "shard {} was built otherwise than this merge: {}; build every shard and merge with the same content, --theme, --width and --base-url",
                s.dir.display(),
                differs.join(", ")
            )));
        }
    }
    let owner = owners(&shards, &plan.dirs)?;
    check_inputs(&shards, &plan.dirs, &owner)?;
    let t = timing::span("open output");
    let writer = super::open_writer(opts)?;
    let _lock = writer.hold_lock();
    drop(t);
    match merge_into(&writer, &plan, &shards, &owner, opts, diags) {
        Ok(mut report) => {
            let _t = timing::span("commit output");
            report.files_written = writer.commit()?.0;
            // A cache left by an earlier build describes outputs this merge
            // may have replaced.
            Cache::new(&opts.output).clear();
            Ok(report)
        }
        Err(e) => {
            writer.abort();
            Err(e)
        }
    }
}

/// Refuses a merge whose `--output` is one of its own shards (it would
/// write the site over the files it copies, and remove the shard's
/// manifest), and a shard named twice (`sh2 sh2/`: it was called "a class
/// in two shards"). Directories are compared as the file system resolves
/// them (a trailing `/`, `./`, a link).
///
/// # Errors
/// [`BuildError::Shard`] naming the directory; nothing is written.
fn refuse_shard_as_output(opts: &BuildOptions, shards: &[PathBuf]) -> Result<(), BuildError> {
    let real = |p: &Path| p.canonicalize().ok();
    let out = real(&opts.output);
    let mut seen: Vec<(PathBuf, &PathBuf)> = Vec::new();
    for dir in shards {
        let Some(r) = real(dir) else { continue };
        if out.as_ref() == Some(&r) {
            return Err(BuildError::Shard(format!(
                "--output {} is one of the shards being merged: the merge would write the site over the shard it reads and remove its manifest; give the merged site its own --output. Nothing was written.",
                opts.output.display()
            )));
        }
        if let Some((_, first)) = seen.iter().find(|(p, _)| *p == r) {
            return Err(BuildError::Shard(format!(
                "shard {} is named twice ({} and {}): name each shard once",
                r.display(),
                first.display(),
                dir.display()
            )));
        }
        seen.push((r, dir));
    }
    Ok(())
}

/// For every machine class of the content (`dirs`), the index of the one
/// shard holding it.
///
/// # Errors
/// A class in two shards, a class of a shard the content does not have,
/// or classes in no shard.
fn owners(shards: &[Shard], dirs: &[(PathBuf, String)]) -> Result<FxHashMap<String, usize>, BuildError> {
    let mut owner: FxHashMap<String, usize> = FxHashMap::default();
    for (i, s) in shards.iter().enumerate() {
        for c in &s.manifest.classes {
            if !dirs.iter().any(|(_, slug)| *slug == c.slug) {
                return Err(BuildError::Shard(format!(
                    "shard {} holds machine class {:?}, which the content directory does not have",
                    s.dir.display(),
                    c.slug
                )));
            }
            if let Some(&j) = owner.get(&c.slug) {
                return Err(BuildError::Shard(format!(
                    "machine class {:?} is in two shards, {} and {}: build the shards with --classes globs that do not overlap, or --shard K/N of one N (or merge one of them only once)",
                    c.slug,
                    shards[j].dir.display(),
                    s.dir.display()
                )));
            }
            owner.insert(c.slug.clone(), i);
        }
    }
    let missing: Vec<&str> = dirs.iter().map(|(_, s)| s.as_str()).filter(|s| !owner.contains_key(*s)).collect();
    if !missing.is_empty() {
        return Err(BuildError::Shard(format!(
            "{} machine class(es) in no shard: {}; build them into a shard too (the shards were built with {})",
            missing.len(),
            list(missing.into_iter()),
            list(shards.iter().map(|s| s.manifest.selection.as_str()))
        )));
    }
    Ok(owner)
}

/// Checks that every class's directory holds what it held when its shard
/// was built (hashing every class's files, in parallel).
///
/// # Errors
/// The first class (in name order) whose files changed.
fn check_inputs(
    shards: &[Shard],
    dirs: &[(PathBuf, String)],
    owner: &FxHashMap<String, usize>,
) -> Result<(), BuildError> {
    let _t = timing::span("merge: hash content");
    let changed = dirs.par_iter().find_first(|(dir, slug)| {
        let s = &shards[owner[slug]];
        s.manifest.classes.iter().find(|c| c.slug == *slug).is_none_or(|c| c.input != input_hash(dir))
    });
    match changed {
        Some((dir, slug)) => Err(BuildError::Shard(format!(
            "machine class {slug:?} of shard {} was built from other files than {} holds now: build that shard again from this content",
            shards[owner[slug]].dir.display(),
            dir.display()
        ))),
        None => Ok(()),
    }
}

/// Puts every shard's class files and the site-level files into `writer`;
/// returns the build report (files, pages, charts, diagnostics).
fn merge_into(
    writer: &DirWriter,
    plan: &super::pipeline::SitePlan,
    shards: &[Shard],
    owner: &FxHashMap<String, usize>,
    opts: &BuildOptions,
    mut diags: Vec<Diagnostic>,
) -> Result<BuildReport, BuildError> {
    let mut report = BuildReport::default();
    // What `site.yaml` and the walk gave, before any class: the lint
    // page's site-wide findings, as a one-shot build makes them.
    let site_findings: Vec<crate::report::Finding> =
        diags.iter().map(|d| crate::report::Finding::of(d, &opts.content)).collect();
    let mut summaries = Vec::new();
    let mut files: Vec<ClassFile<'_>> = Vec::new();
    for (_, slug) in &plan.dirs {
        let s = &shards[owner[slug]];
        let Some(c) = s.manifest.classes.iter().find(|c| c.slug == *slug) else { continue };
        diags.extend(c.diagnostics.iter().map(|d| d.to_diagnostic(&opts.content)));
        report.files_read += c.files_read;
        summaries.extend(c.summary.clone());
        files.extend(
            c.files.iter().enumerate().map(|(i, f)| (s.dir.as_path(), slug.as_str(), f.as_str(), c.written.get(i))),
        );
    }
    let t = timing::span("merge: copy class files");
    files.par_iter().try_for_each(|&(dir, slug, rel, written)| copy_one(writer, dir, slug, rel, written))?;
    drop(t);
    let class_findings = summaries.iter().flat_map(|s: &crate::report::MachineSummary| &s.findings);
    report.check_warnings = super::check_warnings(site_findings.iter().chain(class_findings), &diags);
    let mut site_files = Vec::new();
    let collect = crate::output::Collect::keeping();
    render_index(plan, &collect, summaries, site_findings, None)?;
    for f in collect.into_files() {
        site_files.push(f.path.clone());
        writer.put(f)?;
    }
    let all = files.iter().map(|(_, _, p, _)| *p).chain(site_files.iter().map(String::as_str));
    for p in all {
        report.files_out += 1;
        if p.ends_with(".html") {
            report.pages += 1;
        } else if p.ends_with(".svg") && !p.contains("/charts/narrow/") {
            // A chart's phone copy is the same chart.
            report.charts += 1;
        }
    }
    report.diagnostics = diags;
    Ok(report)
}

/// A class's file to copy: (its shard's directory, the class's slug, its
/// path, its length and hash as written).
type ClassFile<'a> = (&'a Path, &'a str, &'a str, Option<&'a (u64, String)>);

/// Copies the file `rel` of the shard `dir`, one of machine class `slug`'s
/// files, into the writer, when it is as the shard build wrote it
/// (`written`: its length and hash in the manifest).
fn copy_one(
    writer: &DirWriter,
    dir: &Path,
    slug: &str,
    rel: &str,
    written: Option<&(u64, String)>,
) -> Result<(), BuildError> {
    let ok = rel.strip_prefix(slug).is_some_and(|r| r.starts_with('/'))
        && Path::new(rel).components().all(|c| matches!(c, std::path::Component::Normal(_)))
        && !crate::output::marker::has_hidden_component(rel);
    if !ok {
        return Err(BuildError::Shard(format!(
            "shard {}: its manifest lists {rel:?}, which is not a path of machine class {slug:?}'s files",
            dir.display()
        )));
    }
    let contents = std::fs::read(dir.join(rel)).map_err(|e| {
        BuildError::Shard(format!(
            "shard {}: cannot read {rel}, which its manifest lists: {e}; the shard is incomplete (copy or download it again)",
            dir.display()
        ))
    })?;
    // The file as the shard build wrote it, or the shard was cut or
    // changed since (an interrupted download, a full disk): refused.
    let hash = super::shard::hex(crate::output::hash(&contents));
    if let Some((len, want)) = written
        && (contents.len() as u64 != *len || hash != *want)
    {
        return Err(BuildError::Shard(format!(
            "shard {}: {rel} is not the file its build wrote ({} bytes now, {len} written; another hash): the shard was cut or changed since (copy or download it again)",
            dir.display(),
            contents.len()
        )));
    }
    Ok(writer.put(OutputFile { path: rel.to_string(), contents })?)
}
