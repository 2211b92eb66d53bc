//! Helpers shared by the integration tests: small content trees in temp
//! dirs and snapshots of directory trees (the safety tests), and reading
//! fixtures and the real corpus ([`parse`], the parser tests).
#![allow(dead_code)]

pub mod parse;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// A dbench 1.x run printing `mb` MB/sec, timed by GNU time. The time
/// line is the same in every run: real runs never print the same user,
/// system and elapsed times, and with the page-fault line after it
/// (`(1008major+1402minor)`) a second run's two lines would repeat six
/// figures of the first's, which the parser skips as the same run quoted
/// again (`parse::repeats`).
pub fn dbench(mb: &str) -> String {
    format!(
        "32 clients started\nThroughput {mb} MB/sec (NB=11.6161 MB/sec  92.929 MBit/sec)\n\
         34.11user 238.89system 7:34.59elapsed 60%CPU (0avgtext+0avgdata 0maxresident)k\n"
    )
}

/// Writes `contents` to `root/rel`, creating directories.
pub fn put(root: &Path, rel: &str, contents: impl AsRef<[u8]>) {
    let p = root.join(rel);
    std::fs::create_dir_all(p.parent().expect("parent")).expect("mkdir");
    std::fs::write(&p, contents).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
}

/// A small valid site under `root/content`: one machine class `m1` with
/// kernels 2.4.7 (9.2929 MB/sec) and 2.4.8 (6.8888 MB/sec).
pub fn small_site(root: &Path) -> PathBuf {
    let c = root.join("content");
    put(&c, "site.yaml", "title: \"Test site\"\n");
    put(
        &c,
        "m1/machine.yaml",
        "name: \"Machine one\"\nbaseline: \"2.4.7\"\nsections:\n  - title: \"dbench 32\"\n    files: [\"*/dbench*.txt\"]\n",
    );
    put(&c, "m1/2.4.7/dbench-32.txt", dbench("9.2929"));
    put(&c, "m1/2.4.8/dbench-32.txt", dbench("6.8888"));
    c
}

/// Every file under `dir` (recursively, not following links) with its
/// bytes, keyed by path relative to `dir`; directories map to `None`.
pub fn snapshot(dir: &Path) -> BTreeMap<String, Option<Vec<u8>>> {
    let mut out = BTreeMap::new();
    if !dir.exists() {
        return out;
    }
    for e in walkdir::WalkDir::new(dir).min_depth(1).sort_by_file_name() {
        let e = e.expect("walk");
        let rel = e.path().strip_prefix(dir).expect("prefix").to_string_lossy().to_string();
        if e.file_type().is_file() {
            out.insert(rel, Some(std::fs::read(e.path()).expect("read")));
        } else {
            out.insert(rel, None);
        }
    }
    out
}

/// Names of the entries that differ between two snapshots.
pub fn diff(a: &BTreeMap<String, Option<Vec<u8>>>, b: &BTreeMap<String, Option<Vec<u8>>>) -> Vec<String> {
    let mut keys: Vec<&String> = a.keys().chain(b.keys()).collect();
    keys.sort();
    keys.dedup();
    keys.into_iter().filter(|k| a.get(*k) != b.get(*k)).cloned().collect()
}

/// Every file under `dir` as text (lossy), keyed by relative path.
pub fn texts(dir: &Path) -> BTreeMap<String, String> {
    snapshot(dir).into_iter().filter_map(|(k, v)| v.map(|b| (k, String::from_utf8_lossy(&b).into_owned()))).collect()
}

/// The `benchsite` binary as a command.
/// A fixture site under `tests/sites/`, built into a temporary directory:
/// (output directory, `build`'s standard error, the directory kept alive).
/// Panics when the build fails.
pub fn build_site(site: &Path) -> (PathBuf, String, tempfile::TempDir) {
    let tmp = tempfile::tempdir().expect("tempdir");
    let out = tmp.path().join("out");
    let run = benchsite().arg("build").arg("--content").arg(site).arg("--output").arg(&out).assert().success();
    let stderr = String::from_utf8_lossy(&run.get_output().stderr).into_owned();
    (out, stderr, tmp)
}

pub fn benchsite() -> assert_cmd::Command {
    assert_cmd::cargo::cargo_bin_cmd!("benchsite")
}

/// A markup problem in `html`, if any: a script-capable element, an event
/// handler attribute, or a `javascript:`/`vbscript:`/`data:` URL in a link
/// attribute. Text is not markup: escaped `&lt;script&gt;` is fine.
pub fn markup_problem(html: &str) -> Option<String> {
    let b = html.as_bytes();
    let mut i = 0;
    while let Some(off) = html[i..].find('<') {
        let start = i + off;
        let after = &html[start + 1..];
        let name: String = after
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == ':')
            .collect::<String>()
            .to_ascii_lowercase();
        // The end of the tag, skipping quoted attribute values.
        let mut j = start + 1;
        let mut quote = None;
        while j < b.len() {
            match (quote, b[j]) {
                (Some(q), c) if c == q => quote = None,
                (Some(_), _) => {}
                (None, c @ (b'"' | b'\'')) => quote = Some(c),
                (None, b'>') => break,
                _ => {}
            }
            j += 1;
        }
        let tag = &html[start..j.min(b.len())];
        i = (j + 1).min(b.len());
        if name.is_empty() {
            continue; // <!DOCTYPE>, <!-- -->, <?xml ?>
        }
        if name == "script"
            && let Some(len) = theme_script(tag, &html[i..])
        {
            i += len;
            continue;
        }
        if ["script", "iframe", "object", "embed", "frame", "applet", "form", "base"].contains(&name.as_str()) {
            return Some(format!("<{name}> element: {tag}"));
        }
        for (attr, value) in attributes(&tag[1 + name.len()..]) {
            let attr = attr.to_ascii_lowercase();
            if attr.starts_with("on") {
                return Some(format!("event handler {attr}: {tag}"));
            }
            let v: String = decode(&value)
                .chars()
                .filter(|c| !c.is_whitespace() && !c.is_control())
                .collect::<String>()
                .to_ascii_lowercase();
            if ["href", "src", "action", "formaction", "xlink:href", "data", "poster", "background"]
                .contains(&attr.as_str())
                && (v.starts_with("javascript:") || v.starts_with("vbscript:") || v.starts_with("data:"))
            {
                return Some(format!("{attr}={value:?}: {tag}"));
            }
        }
    }
    None
}

/// The one script a page may load: the theme's static `table.js`, as
/// `base.html` loads it — `<script src="ROOT/table.js" defer></script>`,
/// ROOT being `../` steps, `/` or an http(s) base URL, nothing inside.
/// `tag` is the opening tag up to its `>`, `rest` what follows the `>`;
/// the length of `</script>` in `rest` to skip when it is that script.
pub fn theme_script(tag: &str, rest: &str) -> Option<usize> {
    let attrs = attributes(tag.get("<script".len()..)?);
    let [(src, v), (defer, d)] = attrs.as_slice() else { return None };
    if src != "src" || defer != "defer" || !d.is_empty() || !tag.starts_with("<script ") {
        return None;
    }
    let root = decode(v).strip_suffix("table.js")?.to_string();
    let steps = root.trim_start_matches("../").is_empty();
    let url = (root.starts_with("https://") || root.starts_with("http://"))
        && root.ends_with('/')
        && !root.contains(['"', '\'', '<', '>', ' ']);
    (steps || root == "/" || url).then_some(())?;
    rest.starts_with("</script>").then_some("</script>".len())
}

/// How many `<script` a page holds that are not the theme's `table.js`
/// ([`theme_script`]), and how many are (at most one, in `<head>`).
pub fn scripts(html: &str) -> (usize, usize) {
    let lower = html.to_ascii_lowercase();
    let all = lower.matches("<script").count();
    let head = &html[..lower.find("</head>").unwrap_or(0)];
    let theme = head
        .match_indices("<script ")
        .filter(|(i, _)| {
            let end = head[*i..].find('>').map(|e| i + e);
            end.and_then(|e| theme_script(&head[*i..e], &html[e + 1..])).is_some()
        })
        .count();
    (all - theme, theme)
}

/// `name=value` pairs of a tag's attribute text (after the tag name).
fn attributes(s: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut chars = s.trim_end_matches('>').trim_end_matches('/').chars().peekable();
    loop {
        while chars.peek().is_some_and(|c| c.is_whitespace() || *c == '/') {
            chars.next();
        }
        let name: String = std::iter::from_fn(|| chars.next_if(|c| !c.is_whitespace() && *c != '=')).collect();
        if name.is_empty() {
            break;
        }
        while chars.peek().is_some_and(|c| c.is_whitespace()) {
            chars.next();
        }
        let mut value = String::new();
        if chars.next_if_eq(&'=').is_some() {
            while chars.peek().is_some_and(|c| c.is_whitespace()) {
                chars.next();
            }
            match chars.peek().copied() {
                Some(q @ ('"' | '\'')) => {
                    chars.next();
                    value = std::iter::from_fn(|| chars.next_if(|c| *c != q)).collect();
                    chars.next();
                }
                _ => value = std::iter::from_fn(|| chars.next_if(|c| !c.is_whitespace())).collect(),
            }
        }
        out.push((name, value));
    }
    out
}

/// Decodes the character references a browser would in an attribute value.
fn decode(v: &str) -> String {
    let mut out = String::new();
    let mut rest = v;
    while let Some(p) = rest.find('&') {
        out.push_str(&rest[..p]);
        rest = &rest[p..];
        let end = rest.find(';').unwrap_or(0);
        let ent = &rest[1..end.max(1)];
        let ch = if let Some(h) = ent.strip_prefix("#x").or_else(|| ent.strip_prefix("#X")) {
            u32::from_str_radix(h, 16).ok().and_then(char::from_u32)
        } else if let Some(d) = ent.strip_prefix('#') {
            d.parse().ok().and_then(char::from_u32)
        } else {
            match ent {
                "colon" => Some(':'),
                "amp" => Some('&'),
                "lt" => Some('<'),
                "gt" => Some('>'),
                "quot" => Some('"'),
                "Tab" | "NewLine" => Some(' '),
                _ => None,
            }
        };
        match ch {
            Some(c) if end > 0 => {
                out.push(c);
                rest = &rest[end + 1..];
            }
            _ => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// The content directory of test site `tests/sites/<site>` under `root`:
/// its YAML (its SOURCES.md left out) and its raw files, shared corpus
/// files put in place from `../shared` (`files`: content path, corpus
/// path), which stay out of the repository. `None`, said, when
/// `../shared` is absent.
pub fn corpus_site(root: &Path, site: &str, files: &[(&str, &str)]) -> Option<PathBuf> {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    let shared = here.join("../shared");
    if !shared.join("corpus-modern").is_dir() {
        eprintln!("shared corpus not found at {}, skipping", shared.display());
        return None;
    }
    let c = root.join("content");
    copy_dir(&here.join("tests/sites").join(site), &c);
    std::fs::remove_file(c.join("SOURCES.md")).expect("SOURCES.md");
    for (to, from) in files {
        put(&c, to, std::fs::read(shared.join(from)).expect("corpus file"));
    }
    Some(c)
}

/// Copies directory `from` (files and directories) to `to`.
pub fn copy_dir(from: &Path, to: &Path) {
    for e in walkdir::WalkDir::new(from).min_depth(1) {
        let e = e.expect("walk");
        let dst = to.join(e.path().strip_prefix(from).expect("prefix"));
        if e.file_type().is_dir() {
            std::fs::create_dir_all(&dst).expect("mkdir");
        } else {
            std::fs::create_dir_all(dst.parent().expect("parent")).expect("mkdir");
            std::fs::copy(e.path(), &dst).expect("copy");
        }
    }
}

/// The Chromium the page scripts use (`chromium` on PATH, or `$CHROMIUM`),
/// or `None`, saying so, when it is not there: the tests that drive it
/// skip plainly.
pub fn chromium() -> Option<String> {
    let name = std::env::var("CHROMIUM").unwrap_or_else(|_| "chromium".to_string());
    let found = std::process::Command::new("sh")
        .arg("-c")
        .arg("command -v \"$1\" >/dev/null")
        .arg("sh")
        .arg(&name)
        .status()
        .is_ok_and(|s| s.success());
    if !found {
        eprintln!("skipped: {name} not found (install Debian's chromium, or set CHROMIUM)");
    }
    found.then_some(name)
}

/// `data.json`'s (format 5) `samples` with every column as the plain array
/// of its entries, as a script expands them: a run-length encoded column
/// (`export::RUN_COLUMNS`, `{"values": […], "counts": […]}`) as each value
/// repeated its count of times; a plain array as it is.
pub fn sample_columns(data: &serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
    let samples = data["samples"].as_object().expect("samples");
    samples
        .iter()
        .map(|(name, c)| {
            let column = if benchsite::export::RUN_COLUMNS.contains(&name.as_str()) {
                let values = c["values"].as_array().unwrap_or_else(|| panic!("samples.{name}.values"));
                let counts = c["counts"].as_array().unwrap_or_else(|| panic!("samples.{name}.counts"));
                assert_eq!(values.len(), counts.len(), "samples.{name}: a count for each value");
                values
                    .iter()
                    .zip(counts)
                    .flat_map(|(v, n)| std::iter::repeat_n(v.clone(), n.as_u64().expect("a count") as usize))
                    .collect()
            } else {
                c.as_array().unwrap_or_else(|| panic!("samples.{name}: an array")).clone()
            };
            (name.clone(), serde_json::Value::Array(column))
        })
        .collect()
}

/// A section's CSV file (wide, one line per kernel × parameters, each
/// metric's statistics a group of columns named `<metric> (<unit>)
/// <statistic>`) read back into the long form the CSV files had until the
/// forty-fourth session: one line per cell, the columns `kernel`, the
/// parameters, `metric`, `unit`, `n`, `mean`, `stddev`, `pct_better`, `p`,
/// `significant`, `p_adjusted`, `dmesg`, `at_least`; a metric whose
/// statistics are all empty on a line (no cell) gives no line. What a
/// program that wants the long form does.
pub fn csv_long(wide: &str) -> String {
    csv_long_rows(wide)
}

/// A wide CSV header's metric and unit (`disk_rw (Random Disk Writes
/// (K)/second)` → `disk_rw`, `Random Disk Writes (K)/second`; `Shell
/// Scripts (1 concurrent) ()` → `Shell Scripts (1 concurrent)`, ``): the
/// unit is in the parentheses that close at the end, matched from there.
pub fn csv_metric_unit(label: &str) -> (&str, &str) {
    let inner = label.strip_suffix(')').expect("a unit in parentheses");
    let mut depth = 0;
    for (i, c) in inner.char_indices().rev() {
        match c {
            ')' => depth += 1,
            '(' if depth > 0 => depth -= 1,
            '(' => {
                let name = inner[..i].strip_suffix(' ').expect("a space before the unit");
                return (name, &inner[i + 1..]);
            }
            _ => {}
        }
    }
    panic!("no unit in {label}")
}

fn csv_long_rows(wide: &str) -> String {
    let stats = benchsite::export::CSV_STATS;
    let mut r = csv::Reader::from_reader(wide.as_bytes());
    let header: Vec<String> = r.headers().expect("header").iter().map(str::to_string).collect();
    let dmesg = header.iter().position(|h| h == "dmesg").expect("a dmesg column");
    // Each metric's name and unit, from its first statistic's header.
    let metrics: Vec<(String, String)> = header[dmesg + 1..]
        .chunks(stats.len())
        .map(|group| {
            let label = group[0].strip_suffix(&format!(" {}", stats[0])).expect("the first statistic");
            let (name, unit) = csv_metric_unit(label);
            (name.to_string(), unit.to_string())
        })
        .collect();
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut head: Vec<&str> = header[..dmesg].iter().map(String::as_str).collect();
    head.extend([
        "metric", "unit", "n", "mean", "stddev", "pct_better", "p", "significant", "p_adjusted", "dmesg", "at_least",
    ]);
    w.write_record(&head).expect("write");
    for rec in r.records() {
        let rec = rec.expect("a record");
        for (i, (name, unit)) in metrics.iter().enumerate() {
            let first = dmesg + 1 + i * stats.len();
            let cell: Vec<&str> = (first..first + stats.len()).map(|c| &rec[c]).collect();
            if cell.iter().all(|f| f.is_empty()) {
                continue;
            }
            let mut line: Vec<&str> = rec.iter().take(dmesg).collect();
            line.extend([name.as_str(), unit.as_str()]);
            // n … p_adjusted, then dmesg, then at_least.
            line.extend(&cell[..stats.len() - 1]);
            line.extend([&rec[dmesg], cell[stats.len() - 1]]);
            w.write_record(&line).expect("write");
        }
    }
    String::from_utf8(w.into_inner().expect("flush")).expect("utf-8")
}

/// A class's samples as a script reads them from its `data.json`, one
/// tuple each: (raw file's path, line, kernel (empty for none), the value
/// of parameter `param` (empty where the sample has none), metric, value —
/// a summary's mean). Shared by the archive site tests, which compare
/// every figure of a real letter series with the line it was read at.
pub fn class_samples(out: &Path, class: &str, param: &str) -> Vec<(String, u64, String, String, String, f64)> {
    let text = std::fs::read_to_string(out.join(class).join("data.json")).expect("data.json");
    let data: serde_json::Value = serde_json::from_str(&text).expect("json");
    let cols = sample_columns(&data);
    let at = |name: &str, i: usize| cols[name].as_array().expect(name)[i].clone();
    let n = cols["value"].as_array().expect("value").len();
    (0..n)
        .map(|i| {
            let file = data["files"]["path"][at("file", i).as_u64().expect("file") as usize]
                .as_str()
                .unwrap_or("")
                .to_string();
            let kernel = at("kernel", i)
                .as_u64()
                .map_or(String::new(), |k| data["kernels"][k as usize].as_str().unwrap_or("").to_string());
            let params = &data["params"][at("params", i).as_u64().expect("params") as usize];
            let param = params[param].as_str().unwrap_or("").to_string();
            let metric = data["metrics"][at("metric", i).as_u64().expect("metric") as usize]["name"]
                .as_str()
                .unwrap_or("")
                .to_string();
            let v = at("value", i);
            let value = v.as_f64().or_else(|| v["mean"].as_f64()).expect("value");
            (file, at("line", i).as_u64().expect("line"), kernel, param, metric, value)
        })
        .collect()
}

/// What a sample of a file's reading says, its line aside: benchmark,
/// kernel (`-` for none), group, parameters (`name=value`, space-separated,
/// but the one named `aside`), metric and value, as one sortable key.
pub type SampleKey = (String, String, String, String, String, String);

/// The samples of `bytes` read as a build reads a raw file, sorted as
/// [`SampleKey`]s with the parameter `aside` left out (a label or a quoting
/// depth that damage or a joined text may change), and the warnings' count.
pub fn sample_keys(bytes: &[u8], aside: &str) -> (Vec<SampleKey>, usize) {
    let outcome = benchsite::site::parse_bytes(bytes, None);
    let mut out: Vec<SampleKey> = outcome
        .parsed
        .iter()
        .flat_map(|p| {
            p.samples.iter().map(|s| {
                let params: Vec<String> =
                    s.params.iter().filter(|x| x.name != aside).map(|x| format!("{}={}", x.name, x.value)).collect();
                (
                    p.benchmark.to_string(),
                    s.kernel.as_deref().unwrap_or("-").to_string(),
                    s.group.to_string(),
                    params.join(" "),
                    s.metric.name.to_string(),
                    format!("{:?}", s.value),
                )
            })
        })
        .collect();
    out.sort();
    (out, outcome.warnings.len())
}
