//! bonnie++'s CSV records (`-q` output and `bon_csv2txt` input): the field
//! layouts of each format (1.0x, 1.92a, 1.93-1.97, 1.98/2.00, a skipped
//! I/O part), records split over lines, and the run a record holds.

use super::run::{Cell, Run, TooFast, files_params, size_params};
use super::table::{cpu_cell, is_size, lat_cell, rate_cell, scaled_step};
use super::{FILE_TESTS, files_metric, latency_metric};
use crate::parse::ParseError;
use crate::parse::bonnie::{IO_TESTS, cpu_metric, rate_metric};

/// Version-like CSV field: `1.97`, `1.93c`, `2.00a`.
pub(super) fn is_ver(t: &str) -> bool {
    let Some((a, b)) = t.split_once('.') else { return false };
    !a.is_empty()
        && a.bytes().all(|c| c.is_ascii_digit())
        && b.len() >= 2
        && b.bytes().take(2).all(|c| c.is_ascii_digit())
        && b.bytes().skip(2).all(|c| c.is_ascii_lowercase())
        && b.len() <= 3
}

/// CSV fields with the 1-based line each starts on.
pub(super) type Fields = Vec<(String, usize)>;
/// Field positions of one CSV layout.
pub(super) struct CsvLayout {
    pub(super) name: usize,
    pub(super) size: usize,
    pub(super) chunk: Option<usize>,
    pub(super) concurrency: Option<usize>,
    pub(super) io: usize,
    pub(super) files: usize,
    /// `Some((max, min, dirs))` when the file spec is split over fields.
    pub(super) file_fields: Option<(usize, usize, usize)>,
    pub(super) file_tests: usize,
    pub(super) latency: Option<usize>,
    pub(super) version: Option<usize>,
}

fn csv_layout(n: usize) -> Option<CsvLayout> {
    Some(match n {
        27 => CsvLayout {
            name: 0,
            size: 1,
            chunk: None,
            concurrency: None,
            io: 2,
            files: 14,
            file_fields: None,
            file_tests: 15,
            latency: None,
            version: None,
        },
        45 => CsvLayout {
            name: 2,
            size: 3,
            chunk: Some(4),
            concurrency: None,
            io: 5,
            files: 17,
            file_fields: Some((18, 19, 20)),
            file_tests: 21,
            latency: Some(33),
            version: Some(1),
        },
        // bonnie++ 1.92a: `1.92a,1.92a,name,seed,size,putc,…,seeks_cpu,
        // num_files,max_size,min_size,num_dirs,file_chunk_size,seq_create,…,
        // ran_del_cpu`, then twelve latencies.
        46 => CsvLayout {
            name: 2,
            size: 4,
            chunk: None,
            concurrency: None,
            io: 5,
            files: 17,
            file_fields: Some((18, 19, 20)),
            file_tests: 22,
            latency: Some(34),
            version: Some(1),
        },
        48 => CsvLayout {
            name: 2,
            size: 5,
            chunk: Some(6),
            concurrency: Some(3),
            io: 7,
            files: 19,
            file_fields: Some((20, 21, 22)),
            file_tests: 24,
            latency: Some(36),
            version: Some(1),
        },
        50 => CsvLayout {
            name: 2,
            size: 5,
            chunk: Some(6),
            concurrency: Some(3),
            io: 9,
            files: 21,
            file_fields: Some((22, 23, 24)),
            file_tests: 26,
            latency: Some(38),
            version: Some(1),
        },
        _ => return None,
    })
}

/// The layout of a format-2 record (1.96 and later) whose I/O part was not
/// run (`-s 0`), found from the record's end: the last twelve fields are
/// latencies, the twelve before them the file tests, and before those
/// `num_files,max_size,min_size,num_dirs,file_chunk_size`. bonnie++ 1.96
/// wrote one empty field fewer for the skipped I/O part than 1.97 (47
/// fields instead of 48), so the count alone does not place them. `None`
/// unless every field between the seed and `num_files` is empty.
fn io_skipped_layout(fields: &[&str]) -> Option<CsvLayout> {
    let n = fields.len();
    let files = n.checked_sub(29).filter(|&f| f >= 5)?;
    if csv_targets(fields).is_none_or(|t| t.contains(&45))
        || !fields[5..files].iter().all(|f| f.is_empty())
        || fields[files].is_empty()
    {
        return None;
    }
    Some(CsvLayout {
        name: 2,
        size: 5,
        chunk: None,
        concurrency: Some(3),
        io: 5,
        files,
        file_fields: Some((files + 1, files + 2, files + 3)),
        file_tests: n - 24,
        latency: Some(n - 12),
        version: Some(1),
    })
}

/// The field counts a CSV record starting with `fields` may have, or `None`
/// when the line is not the start of a bonnie++ CSV record.
pub(super) fn csv_targets(fields: &[&str]) -> Option<&'static [usize]> {
    if fields.len() >= 3 && is_ver(fields[0]) && is_ver(fields[1]) {
        // Format 1.98 (bonnie++ 1.98, 2.00) added seeks and seek_proc_count;
        // 1.96 added concurrency and seed.
        let (major, minor) = fields[0]
            .split_once('.')
            .map(|(a, b)| (a.parse::<u32>().unwrap_or(0), b.get(..2).and_then(|x| x.parse::<u32>().ok()).unwrap_or(0)))
            .unwrap_or((0, 0));
        // bonnie++ 1.93c already wrote 1.96's concurrency and seed
        // (`1.93c,1.93c,AcharyaX,1,1125982584,800M,,496,…`, 48 fields, a
        // 2005 forum post: its record was `cut short: 48 fields where a
        // record has 45 or 46`): a record so laid out is one of 48.
        let digits = |t: &str| !t.is_empty() && t.bytes().all(|b| b.is_ascii_digit());
        let concurrency_seed_size =
            fields.len() > 5 && digits(fields[3]) && digits(fields[4]) && is_size(fields[5]) && !is_size(fields[4]);
        return Some(if major >= 2 || minor >= 98 {
            &[50]
        } else if minor >= 96 || concurrency_seed_size {
            &[48]
        } else {
            // 1.92a wrote a `file_chunk_size` field 1.93 does not.
            &[45, 46]
        });
    }
    if fields.len() >= 4
        && !fields[0].is_empty()
        && is_size(fields[1])
        && (fields[2].is_empty() || rate_cell(fields[2]).is_some())
    {
        return Some(&[27]);
    }
    None
}

/// True when `fields` are a whole format-2 record with its I/O part skipped.
fn io_skipped(fields: &[(String, usize)]) -> bool {
    let f: Vec<&str> = fields.iter().map(|x| x.0.as_str()).collect();
    f.len() >= 34 && is_ver(f[0]) && is_ver(f[1]) && io_skipped_layout(&f).is_some()
}

/// A CSV record that could not be read whole: a mail client broke it
/// inside a field, or lines are missing.
pub(super) struct BrokenCsv {
    /// The error naming the record's first line.
    pub(super) error: ParseError,
    /// The index of the record's last line (with the piece after a break
    /// inside a field).
    pub(super) last: usize,
    /// The warning for the record: where it broke, what it lacks.
    pub(super) note: String,
    /// The fields read before the break (the machine name first).
    pub(super) fields: Vec<String>,
}

/// Reads a CSV record starting at line index `i`, rejoining a record split
/// over several lines when every break is at a comma. Returns the fields with
/// their lines and the index of the record's last line; a record broken
/// otherwise is a [`BrokenCsv`].
pub(super) fn csv_record(
    lines: &[String],
    i: usize,
    notes: &mut Vec<(usize, String)>,
) -> Result<Option<(Fields, usize)>, BrokenCsv> {
    let Some(line) = lines.get(i) else { return Ok(None) };
    let first = line.trim();
    if first.contains(char::is_whitespace) || first.matches(',').count() < 3 {
        return Ok(None);
    }
    let fields: Vec<&str> = first.split(',').collect();
    let Some(targets) = csv_targets(&fields) else { return Ok(None) };
    let max = targets.iter().copied().max().unwrap_or(0);
    let mut out: Vec<(String, usize)> = fields.iter().map(|f| (f.to_string(), i + 1)).collect();
    let mut text = first.to_string();
    let mut last = i;
    loop {
        let next = lines.get(last + 1).map(|l| l.trim()).unwrap_or("");
        let at_comma = text.ends_with(',') || next.starts_with(',');
        let continues = !next.is_empty() && !next.contains(char::is_whitespace) && at_comma;
        if targets.contains(&out.len()) || (!continues && io_skipped(&out)) {
            break;
        }
        if out.len() > max || next.is_empty() || next.contains(char::is_whitespace) || !at_comma {
            let want = targets.iter().map(|t| t.to_string()).collect::<Vec<_>>().join(" or ");
            // A piece of the record after a break inside a field belongs to it.
            let piece = !next.is_empty() && !next.contains(char::is_whitespace) && next.contains(',');
            let end = if piece { last + 1 } else { last };
            let how = if piece && out.len() <= max { "broken inside a field" } else { "cut short" };
            let lines = if end == i { format!("line {}", i + 1) } else { format!("lines {}-{}", i + 1, end + 1) };
            return Err(BrokenCsv {
                error: ParseError::malformed(i + 1, format!("a bonnie++ CSV record of {want} fields"), first),
                last: end,
                note: format!("CSV record ({lines}) {how}: {} fields where a record has {want}; not read", out.len()),
                fields: out.into_iter().map(|f| f.0).collect(),
            });
        }
        // Join: the first field of the next line continues the last field
        // (empty when the break was at a comma).
        let mut parts = next.split(',');
        let head = parts.next().unwrap_or("");
        if let Some(lastf) = out.last_mut() {
            lastf.0.push_str(head);
            if lastf.0.len() == head.len() {
                lastf.1 = last + 2;
            }
        }
        out.extend(parts.map(|p| (p.to_string(), last + 2)));
        text.push_str(next);
        last += 1;
    }
    if last != i {
        notes.push((i + 1, format!("CSV record split over lines {}-{}; rejoined", i + 1, last + 1)));
    }
    Ok(Some((out, last)))
}

/// Builds a run from CSV fields.
pub(super) fn csv_run(
    fields: &[(String, usize)],
    version: &mut Option<String>,
    notes: &mut Vec<(usize, String)>,
) -> Result<Run, ParseError> {
    let strs: Vec<&str> = fields.iter().map(|x| x.0.as_str()).collect();
    let at = fields.first().map(|f| f.1).unwrap_or(0);
    let expected = csv_targets(&strs).is_some_and(|t| t.contains(&fields.len()));
    let lay = match io_skipped_layout(&strs) {
        Some(l) if !expected => {
            notes.push((
                at,
                format!(
                    "CSV record of {} fields without an I/O part (`-s 0`): file tests read from the record's end",
                    fields.len()
                ),
            ));
            l
        }
        _ => csv_layout(fields.len())
            .ok_or_else(|| ParseError::malformed(at, "a bonnie++ CSV record", format!("{} fields", fields.len())))?,
    };
    let f = |k: usize| fields.get(k).map(|x| x.0.as_str()).unwrap_or("");
    let ln = |k: usize| fields.get(k).map(|x| x.1).unwrap_or(0);
    if let Some(v) = lay.version
        && version.is_none()
        && !f(v).is_empty()
    {
        *version = Some(f(v).to_string());
    }
    let mut run = Run { label: f(lay.name).to_string(), line: ln(0), csv: true, ..Default::default() };
    if !f(lay.size).is_empty() {
        run.io_params = size_params(f(lay.size));
        if let Some(c) = lay.chunk.filter(|c| !f(*c).is_empty()) {
            run.io_params.retain(|p| p.0 != "chunk");
            run.io_params.push(("chunk", f(c).to_string()));
        }
        if let Some(c) = lay.concurrency.filter(|c| !f(*c).is_empty() && f(*c) != "1") {
            run.io_params.push(("concurrency", f(c).to_string()));
        }
    }
    if !f(lay.files).is_empty() {
        run.has_files = true;
        match lay.file_fields {
            None => run.file_params = files_params(f(lay.files)),
            Some((mx, mn, dirs)) => {
                run.file_params.push(("files", f(lay.files).to_string()));
                for (name, k) in [("max size", mx), ("min size", mn)] {
                    if !f(k).is_empty() {
                        run.file_params.push((name, f(k).to_string()));
                    }
                }
                if !f(dirs).is_empty() && f(dirs) != "1" {
                    run.file_params.push(("dirs", f(dirs).to_string()));
                }
            }
        }
    }
    let mut cells = |base: usize, tests: &[(&'static str, &'static str); 6], files: bool| -> Result<(), ParseError> {
        for (k, (group, name)) in tests.iter().enumerate() {
            let (rate, cpu) = (base + 2 * k, base + 2 * k + 1);
            if !f(rate).is_empty() {
                let v = rate_cell(f(rate)).ok_or_else(|| ParseError::malformed(ln(rate), "a rate", f(rate)))?;
                match v {
                    Some(v) => {
                        let metric = if files { files_metric(name) } else { rate_metric(name) };
                        let step = scaled_step(f(rate));
                        run.cells.push(Cell { group, metric, value: v, line: ln(rate), file_part: files, step });
                    }
                    None => run.too_fast.push(TooFast { group, name, line: ln(rate), file_part: files }),
                }
            }
            if !f(cpu).is_empty() {
                let v = cpu_cell(f(cpu)).ok_or_else(|| ParseError::malformed(ln(cpu), "a %CPU number", f(cpu)))?;
                if let Some(v) = v {
                    run.cells.push(Cell {
                        group,
                        metric: cpu_metric(name),
                        value: v,
                        line: ln(cpu),
                        file_part: files,
                        step: None,
                    });
                }
            }
        }
        Ok(())
    };
    cells(lay.io, &IO_TESTS, false)?;
    cells(lay.file_tests, &FILE_TESTS, true)?;
    if let Some(lat) = lay.latency {
        for (k, (group, name)) in IO_TESTS.iter().chain(FILE_TESTS.iter()).enumerate() {
            let s = f(lat + k);
            if s.is_empty() {
                continue;
            }
            let v = lat_cell(s).ok_or_else(|| ParseError::malformed(ln(lat + k), "a latency (154us, 12ms, 3s)", s))?;
            if let Some(v) = v {
                run.cells.push(Cell {
                    group,
                    metric: latency_metric(name),
                    value: v,
                    line: ln(lat + k),
                    file_part: k >= 6,
                    step: scaled_step(s),
                });
            }
        }
    }
    Ok(run)
}
