//! The demo's machine-readable files: every class's `data.json` (format 5,
//! columnar, its repeating columns run-length encoded) gives back every sample exactly as loaded — raw file,
//! benchmark, kernel, group, parameters, metric with its unit and
//! direction, value and line — and its CSV files give every cell of every
//! section's table with its statistics (`n` and `mean` exactly, the
//! statistics derived from the runs to four significant digits); the one
//! holds no summary, the other no sample.

mod common;

use benchsite::model::{Better, Value};
use serde_json::Value as Json;
use std::path::Path;

/// The demo site, loaded and laid out, and its data files by path.
fn demo() -> (benchsite::site::Site, benchsite::report::SiteView, Vec<(String, Vec<u8>)>) {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("content");
    let site = benchsite::site::load(&content).expect("the demo loads");
    let view = benchsite::chart::site_view(&site);
    let files = benchsite::export::data_files(&site, &view).into_iter().map(|f| (f.path, f.contents)).collect();
    (site, view, files)
}

fn file<'a>(files: &'a [(String, Vec<u8>)], path: &str) -> &'a [u8] {
    &files.iter().find(|(p, _)| p == path).unwrap_or_else(|| panic!("no {path}")).1
}

/// One sample as a comparable tuple: file path, benchmark, version, kernel,
/// group, parameters (sorted by name), metric, unit, direction, value
/// (the bits of each number), line.
type Flat = (
    String,
    String,
    Option<String>,
    Option<String>,
    String,
    Vec<(String, String)>,
    String,
    String,
    String,
    Vec<u64>,
    u64,
);

fn bits(v: &Value) -> Vec<u64> {
    match *v {
        Value::Single { value } => vec![value.to_bits()],
        Value::Summary { mean, stddev, n } => vec![mean.to_bits(), stddev.map_or(u64::MAX, f64::to_bits), u64::from(n)],
    }
}

fn json_bits(v: &Json) -> Vec<u64> {
    let num = |v: &Json| v.as_f64().unwrap_or_else(|| panic!("a number: {v}")).to_bits();
    match v {
        Json::Object(o) => vec![
            num(&o["mean"]),
            if o["stddev"].is_null() { u64::MAX } else { num(&o["stddev"]) },
            o["n"].as_u64().expect("n"),
        ],
        v => vec![num(v)],
    }
}

fn str_of(v: &Json) -> String {
    v.as_str().unwrap_or_else(|| panic!("a string: {v}")).to_string()
}

/// A column of `samples` as the array of its entries: a column of
/// `export::RUN_COLUMNS` is `{"values": […], "counts": […]}` (each value
/// repeated its count of times; the two arrays of one length, each count at
/// least 1, no value the same as the one before it: the shortest runs),
/// any other a plain array.
fn expand(name: &str, c: &Json) -> Vec<Json> {
    if !benchsite::export::RUN_COLUMNS.contains(&name) {
        return c.as_array().unwrap_or_else(|| panic!("samples.{name} an array: {c}")).clone();
    }
    let values = c["values"].as_array().unwrap_or_else(|| panic!("samples.{name}.values"));
    let counts = c["counts"].as_array().unwrap_or_else(|| panic!("samples.{name}.counts"));
    assert_eq!(values.len(), counts.len(), "samples.{name}: a count for each value");
    assert_eq!(c.as_object().map(serde_json::Map::len), Some(2), "samples.{name}: values and counts only");
    assert!(values.windows(2).all(|w| w[0] != w[1]), "samples.{name}: a value differs from the one before it");
    values
        .iter()
        .zip(counts)
        .flat_map(|(v, n)| {
            let n = n.as_u64().unwrap_or_else(|| panic!("samples.{name}: a count {n}"));
            assert!(n >= 1, "samples.{name}: a run of none");
            std::iter::repeat_n(v.clone(), n as usize)
        })
        .collect()
}

/// The samples of a format-5 data file, read back column by column.
fn read_samples(data: &Json) -> Vec<Flat> {
    let table = |name: &str| data[name].as_array().unwrap_or_else(|| panic!("{name}")).clone();
    let (metrics, kernels, groups, params) = (table("metrics"), table("kernels"), table("groups"), table("params"));
    let files = &data["files"];
    let s = &data["samples"];
    assert_eq!(
        s.as_object().expect("samples").keys().map(String::as_str).collect::<std::collections::BTreeSet<_>>(),
        benchsite::export::SAMPLE_COLUMNS.into_iter().collect(),
        "the columns"
    );
    let columns: std::collections::HashMap<&str, Vec<Json>> =
        benchsite::export::SAMPLE_COLUMNS.into_iter().map(|name| (name, expand(name, &s[name]))).collect();
    let col = |name: &str| &columns[name];
    let n = col("value").len();
    for name in benchsite::export::SAMPLE_COLUMNS {
        assert_eq!(col(name).len(), n, "every column has one entry per sample: {name}");
    }
    let at = |v: &Json| v.as_u64().unwrap_or_else(|| panic!("an index: {v}")) as usize;
    (0..n)
        .map(|i| {
            let f = at(&col("file")[i]);
            let metric = &metrics[at(&col("metric")[i])];
            let mut p: Vec<(String, String)> = params[at(&col("params")[i])]
                .as_object()
                .expect("params")
                .iter()
                .map(|(k, v)| (k.clone(), str_of(v)))
                .collect();
            p.sort();
            let kernel = &col("kernel")[i];
            (
                str_of(&files["path"][f]),
                str_of(&files["benchmark"][f]),
                files["version"][f].as_str().map(str::to_string),
                (!kernel.is_null()).then(|| str_of(&kernels[at(kernel)])),
                str_of(&groups[at(&col("group")[i])]),
                p,
                str_of(&metric["name"]),
                str_of(&metric["unit"]),
                str_of(&metric["better"]),
                json_bits(&col("value")[i]),
                col("line")[i].as_u64().expect("line"),
            )
        })
        .collect()
}

#[test]
fn data_json_gives_back_every_sample_of_the_demo() {
    let (site, _view, files) = demo();
    let mut total = 0;
    for m in &site.machines {
        let data: Json = serde_json::from_slice(file(&files, &format!("{}/data.json", m.slug))).expect("json");
        assert_eq!(data["format"], 5);
        assert_eq!(data["slug"], m.slug.as_str());
        assert!(data.get("rows").is_none() && data["sections"][0].get("rows").is_none(), "no summaries");
        let expected: Vec<Flat> = m
            .results
            .iter()
            .flat_map(|rf| {
                rf.parsed.samples.iter().map(move |s| {
                    let mut p: Vec<(String, String)> =
                        s.params.iter().map(|p| (p.name.to_string(), p.value.to_string())).collect();
                    p.sort();
                    (
                        rf.rel_path.clone(),
                        rf.parsed.benchmark.clone(),
                        rf.parsed.version.clone(),
                        s.kernel.as_ref().map(|k| k.to_string()),
                        s.group.to_string(),
                        p,
                        s.metric.name.to_string(),
                        s.metric.unit.to_string(),
                        s.metric.better.id().to_string(),
                        bits(&s.value),
                        s.line as u64,
                    )
                })
            })
            .collect();
        let got = read_samples(&data);
        assert_eq!(got.len(), expected.len(), "{}: one entry per sample", m.slug);
        for (g, e) in got.iter().zip(&expected) {
            assert_eq!(g, e, "{}", m.slug);
        }
        total += got.len();
        // Each table lists an entry once.
        for name in ["kernels", "groups", "params", "metrics"] {
            let t = data[name].as_array().expect(name);
            let mut seen: Vec<String> = t.iter().map(Json::to_string).collect();
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), t.len(), "{}: {name} once each", m.slug);
        }
    }
    assert!(total > 1000, "the demo has samples: {total}");
}

/// A parameter object keeps the benchmark's order of its names (serde_json's
/// `Value` would sort them, so read the text).
#[test]
fn data_json_params_keep_the_benchmarks_order() {
    let (site, _view, files) = demo();
    let m =
        site.machines.iter().find(|m| m.results.iter().any(|rf| rf.parsed.samples.iter().any(|s| s.params.len() > 1)));
    let Some(m) = m else { return };
    let s = m.results.iter().flat_map(|rf| &rf.parsed.samples).find(|s| s.params.len() > 1).expect("a sample");
    let text = String::from_utf8_lossy(file(&files, &format!("{}/data.json", m.slug))).into_owned();
    let object = format!(
        "{{{}}}",
        s.params.iter().map(|p| format!("{:?}:{:?}", p.name.as_str(), p.value.as_str())).collect::<Vec<_>>().join(",")
    );
    assert!(text.contains(&object), "{object} in {}", m.slug);
}

/// Every row of every table is one CSV line (wide: `kernel`, the
/// parameters, `dmesg`, then each column's `export::CSV_STATS`, all empty
/// where the row has no cell), and every cell's statistics: `n` and a
/// whole `mean` read back as the numbers the page used, bit for bit, any
/// other `mean` to `export::MEAN_DIGITS` (12) significant digits; `stddev`,
/// `pct_better`, `p` and `p_adjusted` as those numbers rounded to
/// `export::CSV_DIGITS` (4) significant digits (they were written at full
/// `f64` precision and read back bit for bit until the sixteenth session:
/// 17 digits of a p-value or a change in percent told a spreadsheet
/// nothing more and were a third of the CSV bytes; see `CSV_DIGITS`);
/// `significant` is empty where nothing was tested.
#[test]
fn csv_files_give_every_cell_of_the_demo() {
    let (site, view, files) = demo();
    let mut lines = 0;
    // Lines of a metric with no better direction whose change is left out.
    let mut undirected = 0;
    for (m, page) in site.machines.iter().zip(&view.machines) {
        let data: Json = serde_json::from_slice(file(&files, &format!("{}/data.json", m.slug))).expect("json");
        let sections = data["sections"].as_array().expect("sections");
        assert_eq!(sections.len(), page.sections.len());
        for (s, entry) in page.sections.iter().zip(sections) {
            assert_eq!(entry["id"], s.id.as_str());
            let path = format!("{}/{}", m.slug, str_of(&entry["csv"]));
            let mut r = csv::Reader::from_reader(file(&files, &path));
            let header: Vec<String> = r.headers().expect("header").iter().map(str::to_string).collect();
            let t = &s.table;
            let params = t.param_headers.len() + t.fixed_param_values.len();
            let stats = benchsite::export::CSV_STATS;
            // `kernel`, the parameters (each with its unit, as `size (MB)`),
            // `dmesg`, then each column's statistics.
            let mut want_header = vec!["kernel".to_string()];
            want_header.extend(
                t.param_headers.iter().chain(t.fixed_param_values.iter().map(|(h, _)| h)).map(|h| t.param_header(h)),
            );
            want_header.push("dmesg".into());
            for col in &t.columns {
                for stat in stats {
                    let h = format!("{} ({}) {stat}", col.name, col.unit);
                    assert_eq!(benchsite::export::csv_stat_header(&col.name, &col.unit, stat), h);
                    // The statistic is the header's last word, and the
                    // metric and unit split off as README says.
                    assert_eq!(h.rsplit_once(' ').map(|(_, s)| s), Some(stat), "{h}");
                    assert_eq!(
                        common::csv_metric_unit(h.rsplit_once(' ').expect("a space").0),
                        (col.name.as_str(), col.unit.as_str())
                    );
                    want_header.push(h);
                }
            }
            assert_eq!(header, want_header, "{path}");
            assert!(!header.iter().any(|h| h == "better" || h.ends_with(" better")), "{path}: pct_better's sign");
            let mut records = r.records().map(|r| r.expect("a record"));
            for row in t.rows.iter().filter(|row| row.cells.iter().any(Option::is_some)) {
                let rec = records.next().unwrap_or_else(|| panic!("{path}: a line for {}", row.kernel));
                assert_eq!(rec.len(), header.len(), "{path}");
                assert_eq!(&rec[0], row.kernel.as_str(), "{path}");
                let values: Vec<&str> =
                    row.params.iter().chain(t.fixed_param_values.iter().map(|(_, v)| v)).map(String::as_str).collect();
                assert_eq!(rec.iter().skip(1).take(params).collect::<Vec<_>>(), values, "{path}");
                for (ci, (cell, col)) in row.cells.iter().zip(&t.columns).enumerate() {
                    let first = 2 + params + ci * stats.len();
                    let Some(c) = cell else {
                        assert!(rec.iter().skip(first).take(stats.len()).all(str::is_empty), "{path}: no cell");
                        continue;
                    };
                    let field = |name: &str| &rec[first + stats.iter().position(|h| *h == name).expect(name)];
                    let num = |name: &str| -> Option<u64> {
                        let f = field(name);
                        (!f.is_empty())
                            .then(|| f.parse::<f64>().unwrap_or_else(|_| panic!("{path}: {name} {f}")).to_bits())
                    };
                    let some = |v: f64| Some(v.to_bits());
                    // The number to CSV_DIGITS significant digits, as an
                    // independent rounding (Rust's `{:e}` formatting), and
                    // within half a unit of the fourth digit of it.
                    let rounded = |v: Option<f64>, digits: usize| -> Option<u64> {
                        let v = v?;
                        let r: f64 = format!("{v:.prec$e}", prec = digits - 1).parse().expect("a number");
                        assert!((r - v).abs() <= v.abs() * 5.0 * 10f64.powi(-(digits as i32)), "{path}: {r} for {v}");
                        Some(r.to_bits())
                    };
                    let sig = |v: Option<f64>| rounded(v, benchsite::export::CSV_DIGITS);
                    assert_eq!(field("n"), c.summary.n.to_string(), "{path}");
                    // A whole mean exactly; any other to MEAN_DIGITS digits.
                    let mean = c.summary.mean;
                    let want = if mean.fract() == 0.0 {
                        some(mean)
                    } else {
                        rounded(Some(mean), benchsite::export::MEAN_DIGITS)
                    };
                    assert_eq!(num("mean"), want, "{path}");
                    assert_eq!(num("stddev"), sig(c.summary.stddev), "{path}");
                    let cmp = c.comparison;
                    // A change of -0 (none, of a lower-is-better metric) is
                    // written 0; a metric with no better direction has none
                    // (no `better` column: the sign says it).
                    let pct_better = cmp.and_then(|x| x.pct_better).filter(|_| col.better != Better::Neither);
                    if col.better == Better::Neither && cmp.is_some_and(|x| x.pct_better.is_some()) {
                        undirected += 1;
                    }
                    assert_eq!(num("pct_better"), sig(pct_better.map(|v| v + 0.0)), "{path}");
                    assert_eq!(num("p"), sig(cmp.and_then(|x| x.welch).map(|w| w.p)), "{path}");
                    assert_eq!(num("p_adjusted"), sig(cmp.and_then(|x| x.p_adjusted)), "{path}");
                    let significant = match cmp.and_then(|x| x.p_adjusted) {
                        None => "",
                        Some(_) if cmp.is_some_and(|x| x.significant) => "true",
                        Some(_) => "false",
                    };
                    assert_eq!(field("significant"), significant, "{path}");
                    lines += 1;
                }
            }
            assert!(records.next().is_none(), "{path}: no other lines");
        }
    }
    assert!(lines > 500, "the demo has cells: {lines}");
    assert!(undirected > 0, "the demo has changes of metrics with no better direction");
}
