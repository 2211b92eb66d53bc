//! netperf's omni output (2.5.0 and later, `src/nettest_omni.c`): what a
//! migrated test (`-t TCP_RR`, its banner `MIGRATED TCP REQUEST/RESPONSE
//! TEST …`) or an omni test (`-t omni`, `OMNI Send TEST …`) prints when a
//! test-specific output option picks its values, in one of three styles
//! (the last of `-O`, `-o`, `-k` on the command line wins):
//!
//! ```text
//! $ netperf -t TCP_RR -- -O min_latency,mean_latency,transaction_rate     human-readable (-O)
//! MIGRATED TCP REQUEST/RESPONSE TEST from 0.0.0.0 (0.0.0.0) port 0 AF_INET to h () port 0 AF_INET : first burst 0
//! Minimum      Mean         Transaction
//! Latency      Latency      Rate
//! Microseconds Microseconds Tran/s
//! 38           56.69        52866.251
//!
//! $ netperf -t TCP_RR -B "iteration 1" -- -o result_brand,throughput         CSV (-o)
//! MIGRATED TCP REQUEST/RESPONSE TEST from …
//! Result Tag,Throughput
//! "iteration 1",55768.37
//! "iteration 2",55949.97          (a later run with -P 0: no banner, no column names)
//!
//! $ netperf -t TCP_RR -- -k throughput,throughput_units                      keyval (-k)
//! MIGRATED TCP REQUEST/RESPONSE TEST from …
//! THROUGHPUT=60074.74
//! THROUGHPUT_UNITS=Trans/s
//! ```
//!
//! The values are named by the output selectors: the command line's list
//! where it is there (`-O min_latency,…`; a list a mail wrapped onto the
//! next line is taken from there), else the CSV column names netperf
//! prints (`Throughput`, `Mean Latency Microseconds`: [`TITLES`]) or the
//! keyval keys (`THROUGHPUT`). A human-readable table is read only by its
//! command's list (its column names span up to four lines).
//!
//! Results read, each a metric named by its selector in lower case with
//! parameter `test` (the command's `-t`, else the banner's): `*_latency`
//! (`min_latency`, `mean_latency`, `p99_latency`, `rt_latency`) in usec,
//! lower is better (`stddev_latency` neither); `transaction_rate` per sec,
//! higher; `throughput`, higher, in the output's `throughput_units`
//! value, else in the unit of the command's global `-f` (`-f g` →
//! `10^9bits/s`), else netperf's default for the test: `Trans/s` for a
//! request/response test, `10^6bits/s` for a stream test (an omni test
//! whose kind is not told: not read, a note). Every other selector (a
//! setting, a size, a count, a name: `confidence_level`,
//! `local_send_size`, `result_brand`) is no result: not read, named in one
//! note per output. Keyval's indexed interim results
//! (`NETPERF_INTERIM_RESULT[2]=25.00`, with `-D`) are no result either.
//!
//! The test-specific options of a command (`-r 16 -w1 -b 2 -D`, the
//! output option left out) set up its test: where a file's omni runs differ
//! in them they carry them as parameter `options` (a `-b 8` run is no run
//! of the `-b 2` set-up).

use super::super::num::plain;
use crate::model::{Better, Metric, ParsedFile, Sample};

/// The column names netperf's CSV output prints for the selectors read
/// here and the common ones around them (`set_output_elt` in
/// `nettest_omni.c`: the element's title lines joined by spaces).
pub(super) const TITLES: &[(&str, &str)] = &[
    ("Throughput", "throughput"),
    ("Throughput Units", "throughput_units"),
    ("Transaction Rate Tran/s", "transaction_rate"),
    ("Round Trip Latency usec/tran", "rt_latency"),
    ("Minimum Latency Microseconds", "min_latency"),
    ("Maximum Latency Microseconds", "max_latency"),
    ("50th Percentile Latency Microseconds", "p50_latency"),
    ("90th Percentile Latency Microseconds", "p90_latency"),
    ("99th Percentile Latency Microseconds", "p99_latency"),
    ("Mean Latency Microseconds", "mean_latency"),
    ("Stddev Latency Microseconds", "stddev_latency"),
    ("Result Tag", "result_brand"),
    ("Elapsed Time (sec)", "elapsed_time"),
    ("Local CPU Util %", "local_cpu_util"),
    ("Remote CPU Util %", "remote_cpu_util"),
    ("Throughput Confidence Width (%)", "throughput_confid"),
    ("Confidence Level Percent", "confidence_level"),
    ("Confidence Iterations Run", "confidence_iteration"),
];

/// The output style a test-specific option picks.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(super) enum Style {
    /// `-O`: column names over one row of values, like classic output.
    Human,
    /// `-o`: a line of column names (not with `-P 0`), a line of values.
    Csv,
    /// `-k`: one `KEY=value` line per selector.
    Keyval,
}

/// A netperf command line asking for omni output: `netperf -H h -t TCP_RR
/// -l 30 -- -O min_latency,mean_latency`.
#[derive(Debug, PartialEq)]
pub(super) struct Command {
    /// `-t`'s test in upper case, else netperf's default `TCP_STREAM`.
    pub test: String,
    pub style: Style,
    /// The output selectors in lower case; `None` when the option has
    /// none (netperf's default set), a file's name, `all` or `?`.
    pub sels: Option<Vec<String>>,
    /// The option ends the line with no list: a mail may have wrapped the
    /// list onto the next line.
    pub list_wrapped: bool,
    /// The unit the global `-f` asks for throughput in (`-f g` →
    /// `10^9bits/s`).
    pub unit: Option<&'static str>,
    /// The test-specific options but the output one (`-r 16 -w1 -b 2 -D`).
    pub options: String,
}

/// The selectors of an output option's value (`min_latency,MEAN_LATENCY`,
/// quoted or not, `;` starting a new `-O` block): `None` for `all`, `?`
/// or anything but a list of selector words.
pub(super) fn selectors(value: &str) -> Option<Vec<String>> {
    let value = value.trim_matches(|c| c == '"' || c == '\'');
    let sels: Vec<String> =
        value.split([',', ';']).map(|s| s.trim().to_ascii_lowercase()).filter(|s| !s.is_empty()).collect();
    let word = |s: &String| s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_');
    (!sels.is_empty() && sels.iter().all(word) && sels[0] != "all").then_some(sels)
}

/// The omni command on `line`, or `None` when it runs no netperf with a
/// test-specific `-O`, `-o` or `-k` (after `--`).
pub(super) fn command(line: &str) -> Option<Command> {
    let args = super::super::cmdline::args_of(line, "netperf")?;
    let dashes = args.iter().position(|a| *a == "--")?;
    let (global, local) = (&args[..dashes], &args[dashes + 1..]);
    // The last output option wins (netperf.texi: each overrides the others).
    let (at, style, glued) = local.iter().enumerate().rev().find_map(|(i, a)| {
        let style = match a.get(..2)? {
            "-O" => Style::Human,
            "-o" => Style::Csv,
            "-k" => Style::Keyval,
            _ => return None,
        };
        Some((i, style, &a[2..]))
    })?;
    // The option's value: glued (`-Ofoo`), or the next argument unless it
    // is another option.
    let (value, used) = match glued {
        "" => match local.get(at + 1) {
            Some(v) if !v.starts_with('-') => (Some(*v), 2),
            _ => (None, 1),
        },
        v => (Some(v), 1),
    };
    let options: Vec<&str> =
        local.iter().enumerate().filter(|(i, _)| *i < at || *i >= at + used).map(|(_, a)| *a).collect();
    let test = super::short_option(global, "-t").unwrap_or("TCP_STREAM");
    Some(Command {
        test: test.to_ascii_uppercase(),
        style,
        sels: value.and_then(selectors),
        list_wrapped: value.is_none() && at + 1 == local.len(),
        unit: super::short_option(global, "-f").and_then(format_unit),
        options: options.join(" "),
    })
}

/// The throughput unit of a global `-f` letter (`format_units()` in
/// `netlib.c`, with the `/s` omni adds).
fn format_unit(letter: &str) -> Option<&'static str> {
    Some(match letter {
        "B" => "Bytes/s",
        "K" => "KBytes/s",
        "M" => "MBytes/s",
        "G" => "GBytes/s",
        "b" => "10^0bits/s",
        "k" => "10^3bits/s",
        "m" => "10^6bits/s",
        "g" => "10^9bits/s",
        "x" => "Trans/s",
        _ => return None,
    })
}

/// A keyval line (`THROUGHPUT=55555.94`): its key and value. Keys are
/// netperf's selector names in upper case; an indexed interim result's
/// (`NETPERF_INTERIM_RESULT[2]`) keeps its index.
pub(super) fn keyval(line: &str) -> Option<(&str, &str)> {
    let (key, value) = line.split_once('=')?;
    let name = key.split_once('[').map_or(key, |(k, i)| if i.ends_with(']') { k } else { "" });
    let ok = name.len() > 1
        && name.as_bytes()[0].is_ascii_uppercase()
        && name.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_');
    ok.then_some((key, value.trim()))
}

/// The cells of a CSV line, as netperf quotes them (`"iteration 1",55768.37`).
fn csv_cells(line: &str) -> Option<Vec<String>> {
    let mut reader = csv::ReaderBuilder::new().has_headers(false).flexible(true).from_reader(line.as_bytes());
    let record = reader.records().next()?.ok()?;
    Some(record.iter().map(|c| c.trim().to_string()).collect())
}

/// The selector of a CSV column name (`Mean Latency Microseconds` →
/// `mean_latency`), `None` for a name not in [`TITLES`].
fn title_selector(title: &str) -> Option<&'static str> {
    let words = |s: &str| s.split_whitespace().collect::<Vec<_>>().join(" ");
    let title = words(title);
    TITLES.iter().find(|(t, _)| t.eq_ignore_ascii_case(&title)).map(|(_, s)| *s)
}

/// netperf's CSV column-name line (`Result Tag,Throughput`): the selector
/// of each column (`""` for a name not known here). `None` unless every
/// cell is a name, not a number, and one at least is known.
pub(super) fn csv_header(line: &str) -> Option<Vec<String>> {
    if !line.contains(',') && title_selector(line).is_none() {
        return None;
    }
    let cells = csv_cells(line)?;
    if cells.iter().any(|c| c.is_empty() || plain(c).is_some()) {
        return None;
    }
    let sels: Vec<String> = cells.iter().map(|c| title_selector(c).unwrap_or("").to_string()).collect();
    sels.iter().any(|s| !s.is_empty()).then_some(sels)
}

/// Whether selector `sel` is a result (a latency, the transaction rate,
/// the throughput) rather than a setting, size, count or name.
fn is_result(sel: &str) -> bool {
    sel.ends_with("_latency") || matches!(sel, "transaction_rate" | "throughput")
}

/// The metric of result selector `sel` (see the module docs); `unit` is the
/// throughput's.
fn metric(sel: &str, unit: &str) -> Metric {
    if sel.ends_with("_latency") {
        let better = if sel == "stddev_latency" { Better::Neither } else { Better::Lower };
        return Metric::new(sel, "usec", better);
    }
    match sel {
        "transaction_rate" => Metric::new(sel, "per sec", Better::Higher),
        _ => Metric::new(sel, unit, Better::Higher),
    }
}

/// What [`Omni::feed`] did with a line.
#[derive(PartialEq, Debug)]
pub(super) enum Fed {
    /// The line belongs to the output.
    Taken,
    /// The output ended above the line: close it and read the line anew.
    Over,
}

/// One omni output being read, from its command line or banner.
pub(super) struct Omni {
    /// The line of its command (or banner, with no command).
    pub at: usize,
    test: String,
    /// `None` for an output under a banner alone, its style told by its
    /// first line (keyval or CSV).
    style: Option<Style>,
    sels: Option<Vec<String>>,
    unit: Option<&'static str>,
    /// The command's test-specific options; `None` with no command.
    pub options: Option<String>,
    /// Its banner read (one, right below the command).
    pub banner_seen: bool,
    /// CSV: each column's selector, from the column names or the command.
    columns: Option<Vec<String>>,
    /// Keyval lines read, not yet turned into samples.
    keyvals: Vec<(usize, String, String)>,
    /// Outputs (value rows, keyval blocks) read.
    rows: usize,
    /// Non-blank lines passed over before the output (the banner a mail
    /// wrapped): a few at most.
    waited: usize,
    /// Selectors that are no result, for the note.
    skipped: Vec<String>,
    /// The human output's values row, short of cells, a mailer's wrap
    /// having carried its last onto the next line: its line and cells.
    partial: Option<(usize, Vec<String>)>,
    /// The human output's column names were matched with the command's
    /// list ([`Omni::order_by_titles`]).
    titles_matched: bool,
    /// The index of its first sample in the file's.
    pub first_sample: usize,
}

impl Omni {
    /// An output asked for by `cmd` on line `at`; `first_sample` is the
    /// file's sample count so far.
    pub fn from_command(cmd: Command, at: usize, first_sample: usize) -> Self {
        Omni {
            at,
            test: cmd.test,
            style: Some(cmd.style),
            sels: cmd.sels,
            unit: cmd.unit,
            options: Some(cmd.options),
            banner_seen: false,
            columns: None,
            keyvals: Vec::new(),
            rows: 0,
            waited: 0,
            skipped: Vec::new(),
            partial: None,
            titles_matched: false,
            first_sample,
        }
    }

    /// An output below banner line `at` of `test`, no command above it.
    pub fn from_banner(test: String, at: usize, first_sample: usize) -> Self {
        let cmd =
            Command { test, style: Style::Keyval, sels: None, list_wrapped: false, unit: None, options: String::new() };
        Omni { style: None, options: None, banner_seen: true, ..Omni::from_command(cmd, at, first_sample) }
    }

    /// The selectors the command's option left for the next line, a mail
    /// having wrapped them there.
    pub fn take_wrapped_list(&mut self, next: &str) -> bool {
        match selectors(next.trim()) {
            Some(sels) if self.sels.is_none() && !next.trim().contains(' ') => {
                self.sels = Some(sels);
                true
            }
            _ => false,
        }
    }

    /// Whether nothing of the output has been read yet.
    pub fn nothing_read(&self) -> bool {
        self.rows == 0 && self.keyvals.is_empty() && self.columns.is_none()
    }

    /// Reads line `n` (trimmed `t`) as part of the output, or tells that
    /// the output is over. Banners and command lines are the caller's.
    pub fn feed(&mut self, n: usize, t: &str, out: &mut ParsedFile) -> Fed {
        // Keyval: its lines, and a line after them ends it.
        if matches!(self.style, None | Some(Style::Keyval))
            && let Some((key, value)) = keyval(t)
        {
            self.style = Some(Style::Keyval);
            self.keyvals.push((n, key.to_string(), value.to_string()));
            return Fed::Taken;
        }
        if !self.keyvals.is_empty() {
            self.flush_keyvals(out);
            return Fed::Over;
        }
        if matches!(self.style, None | Some(Style::Csv))
            && self.columns.is_none()
            && let Some(header) = csv_header(t)
        {
            self.style = Some(Style::Csv);
            // The command's list names the columns where it counts as many
            // and netperf's column name is not one known here; a known
            // name is what netperf printed, so it wins over a list typed
            // or edited apart from it (attack61: a KEP's `-o min_latency,
            // mean_latency,max_latency` over `Maximum…,Mean…,Minimum…`
            // columns read min 848 > max 41, without a word).
            self.columns = match &self.sels {
                Some(sels) if sels.len() == header.len() => {
                    let differ = header.iter().zip(sels).any(|(h, s)| !h.is_empty() && h != s);
                    if differ {
                        out.notes.push((
                            n,
                            format!(
                                "netperf omni: the command's `-o {}` does not name the columns this header prints \
                                 ({}): read by the header",
                                sels.join(","),
                                header
                                    .iter()
                                    .map(|h| if h.is_empty() { "?" } else { h.as_str() })
                                    .collect::<Vec<_>>()
                                    .join(",")
                            ),
                        ));
                    }
                    Some(
                        header
                            .iter()
                            .zip(sels)
                            .map(|(h, s)| if h.is_empty() { s.clone() } else { h.clone() })
                            .collect(),
                    )
                }
                _ => Some(header),
            };
            return Fed::Taken;
        }
        match self.style {
            Some(Style::Csv) => {
                let columns = self.columns.clone().or_else(|| self.sels.clone());
                if let Some(columns) = columns
                    && let Some(cells) = csv_cells(t)
                    && cells.len() == columns.len()
                    && columns.iter().zip(&cells).any(|(s, c)| is_result(s) && plain(c).is_some())
                {
                    let pairs: Vec<(&str, &str)> =
                        columns.iter().map(String::as_str).zip(cells.iter().map(String::as_str)).collect();
                    self.emit(n, &pairs, out);
                    return Fed::Taken;
                }
            }
            Some(Style::Human) => {
                // The values row: as many cells as selectors (the column
                // names above it are words); `*_units` cells are words.
                if let Some(sels) = &self.sels {
                    let mut words: Vec<&str> = t.split_whitespace().collect();
                    // The rest of a values row a mailer wrapped at 72
                    // columns (`38  56.69  383  69  3.89` / `52866.251`, a
                    // 2020 README re-wrapped: the run's figures were lost
                    // with no word): the row whole, at its first line.
                    let figures = |w: &[&str]| !w.is_empty() && w.iter().all(|w| plain(w).is_some());
                    let partial = self.partial.take();
                    let mut at = n;
                    if let Some((first, cells)) = &partial
                        && figures(&words)
                        && cells.len() + words.len() == sels.len()
                    {
                        out.notes.push((
                            n,
                            format!("the figures on this line are the rest of line {first}'s row, wrapped by a mail's line length: read as one row"),
                        ));
                        at = *first;
                        words = cells.iter().map(String::as_str).chain(words).collect();
                    } else if self.rows == 0
                        && figures(&words)
                        && words.len() < sels.len()
                        && words.len() * 2 >= sels.len()
                    {
                        self.partial = Some((n, words.iter().map(|w| w.to_string()).collect()));
                        return Fed::Taken;
                    }
                    let values = words.len() == sels.len()
                        && sels.iter().zip(&words).all(|(s, w)| s.ends_with("_units") || plain(w).is_some())
                        && sels.iter().any(|s| !s.ends_with("_units"));
                    if values && self.rows == 0 {
                        let sels = sels.clone();
                        let pairs: Vec<(&str, &str)> = sels.iter().map(String::as_str).zip(words).collect();
                        self.emit(at, &pairs, out);
                        return Fed::Taken;
                    }
                }
                // The column names, up to four lines, and the banner a mail
                // wrapped: passed over until the values row (their first
                // line checked against the command's list).
                if self.rows == 0 {
                    self.order_by_titles(n, t, out);
                }
                return if self.rows == 0 { Fed::Taken } else { Fed::Over };
            }
            _ => {}
        }
        // Under a banner alone, only the rest of a banner a mail wrapped
        // (`to localhost () port 0 AF_INET : demo`) comes before the output.
        let banner_rest = t.contains("AF_INET") || t.contains(" : ");
        if self.rows > 0 || self.style.is_none() && !t.is_empty() && !banner_rest {
            return Fed::Over;
        }
        if !t.is_empty() {
            self.waited += 1;
        }
        // The banner's wrapped remainder: a line or two.
        if self.waited > 3 { Fed::Over } else { Fed::Taken }
    }

    /// The human output's first line of column names (`Minimum Mean
    /// Maximum 99th Stddev Transaction`, line `n`) against the command's
    /// `-O` list: where each word is the first word of the title of one
    /// selector of the list ([`TITLES`]) and they name them in another
    /// order, the printed order wins, said in a note (attack61: `-O
    /// max_latency,mean_latency,min_latency,…` over netperf 2.6's
    /// `Minimum Mean Maximum` read min_latency 383, max_latency 38).
    fn order_by_titles(&mut self, n: usize, t: &str, out: &mut ParsedFile) {
        let Some(sels) = &self.sels else { return };
        let words: Vec<&str> = t.split_whitespace().collect();
        if self.titles_matched || words.len() != sels.len() {
            return;
        }
        let first_word =
            |sel: &str| TITLES.iter().find(|(_, s)| *s == sel).and_then(|(title, _)| title.split_whitespace().next());
        let mut order: Vec<String> = Vec::new();
        for w in &words {
            let mut hits = sels.iter().filter(|s| first_word(s).is_some_and(|f| f.eq_ignore_ascii_case(w)));
            match (hits.next(), hits.next()) {
                (Some(s), None) if !order.contains(s) => order.push(s.clone()),
                _ => return,
            }
        }
        self.titles_matched = true;
        if order != *sels {
            out.notes.push((
                n,
                format!(
                    "netperf omni: the command's `-O {}` does not name the columns in the order this header prints \
                     them ({}): read in the header's order",
                    sels.join(","),
                    order.join(",")
                ),
            ));
            self.sels = Some(order);
        }
    }

    /// Turns the keyval lines read into samples (each at its own line).
    fn flush_keyvals(&mut self, out: &mut ParsedFile) {
        let kv = std::mem::take(&mut self.keyvals);
        let mut pairs: Vec<(usize, String, &str)> = Vec::new();
        for (n, key, value) in &kv {
            // `-D`'s interim results, indexed: no result.
            if key.contains('[') {
                continue;
            }
            pairs.push((*n, key.to_ascii_lowercase(), value.as_str()));
        }
        let unit = pairs.iter().find(|(_, s, _)| s == "throughput_units").map(|(_, _, v)| *v);
        for (n, sel, value) in &pairs {
            self.one(*n, sel, value, unit, out);
        }
        self.rows += 1;
    }

    /// Reads one output's selectors and values (line `n`).
    fn emit(&mut self, n: usize, pairs: &[(&str, &str)], out: &mut ParsedFile) {
        let unit = pairs.iter().find(|(s, _)| *s == "throughput_units").map(|(_, v)| *v);
        for (sel, value) in pairs {
            self.one(n, sel, value, unit, out);
        }
        self.rows += 1;
    }

    /// Reads selector `sel`'s `value` on line `n`: a sample when it is a
    /// result, else the selector is named in the note.
    fn one(&mut self, n: usize, sel: &str, value: &str, units: Option<&str>, out: &mut ParsedFile) {
        if sel.ends_with("_units") || sel.is_empty() {
            return;
        }
        if !is_result(sel) {
            if !self.skipped.iter().any(|s| s == sel) {
                self.skipped.push(sel.to_string());
            }
            return;
        }
        let Some(v) = plain(value).filter(|v| *v >= 0.0) else {
            out.notes.push((n, format!("netperf omni {sel} `{value}` is no figure of zero or more: not read")));
            return;
        };
        let unit = if sel == "throughput" {
            let default = match super::kind_of_test(&self.test) {
                Some(super::Kind::Rr) => Some("Trans/s"),
                Some(_) => Some("10^6bits/s"),
                None => None,
            };
            let Some(unit) = units.or(self.unit).or(default) else {
                out.notes.push((
                    n,
                    format!(
                        "netperf omni throughput {value} of test {}: no `throughput_units`, no `-f` and a test of \
                         no known kind, so no unit: not read",
                        self.test
                    ),
                ));
                return;
            };
            unit
        } else {
            ""
        };
        out.samples.push(Sample::new(metric(sel, unit), v, n).with_param("test", self.test.as_str()));
    }

    /// Ends the output: its keyval lines read, and notes for what was not.
    pub fn finish(mut self, out: &mut ParsedFile) {
        if !self.keyvals.is_empty() {
            self.flush_keyvals(out);
        }
        if self.rows == 0 {
            let what = match (self.style, &self.sels) {
                (Some(Style::Human), None) => {
                    "its `-O` names no list of selectors (netperf's default set, a file, `all`): not read".to_string()
                }
                (None, _) => "human-readable output with no `-O` list on a command line above it: not read".into(),
                (Some(Style::Human), Some(sels)) => format!("no values row of {} cells below it", sels.len()),
                (Some(Style::Csv), _) => "no CSV values row below it".into(),
                (Some(Style::Keyval), _) => "no KEY=value lines below it".into(),
            };
            out.notes.push((self.at, format!("netperf omni output of line {}: {what}", self.at)));
        }
        if !self.skipped.is_empty() {
            out.notes.push((
                self.at,
                format!(
                    "netperf omni output of line {}: {} not read (settings, sizes, counts or names, no results)",
                    self.at,
                    self.skipped.join(", ")
                ),
            ));
        }
    }
}
