//! `openssl speed` (OpenSSL 0.9.8–3.x, LibreSSL): the tables it prints
//! after its runs.
//!
//! Ciphers and digests, per block size, in thousands of bytes per second:
//!
//! ```text
//! The 'numbers' are in 1000s of bytes per second processed.
//! type             16 bytes     64 bytes    256 bytes   1024 bytes   8192 bytes  16384 bytes
//! sha256          771620.33k  2473074.16k  6502698.15k 10888199.24k 13550509.53k 13758062.05k
//! aes-128 cbc      54713.70k    59504.64k    61242.20k    61607.94k    61803.18k    61805.91k
//! ```
//!
//! Public-key algorithms, a time per operation and operations per second:
//!
//! ```text
//!                   sign    verify    sign/s verify/s
//! rsa 2048 bits 0.045799s 0.001408s     21.8    710.4
//!                               sign    verify    sign/s verify/s
//!  256 bits ecdsa (nistp256)   0.0000s   0.0001s  24319.6   8040.9
//!                                keygen    encaps    decaps keygens/s  encaps/s  decaps/s
//!                     rsa4096 0.005772s 0.000001s 0.000027s     173.2 1243835.5   37149.9
//! ```
//!
//! Metrics:
//! * ciphers and digests (group empty): `throughput`, unit `kB/s` (1000
//!   bytes per second, as openssl's `k`; a figure printed without `k`, in
//!   bytes per second, is divided by 1000), higher is better; parameters
//!   `algorithm` (the row's name as printed) and `block` (bytes, from the
//!   header);
//! * public-key tables: each rate column as named (`sign/s`, `verify/s`,
//!   `encr./s`, `decr./s`, `op/s`, `keygens/s`, `encaps/s`, `decaps/s`),
//!   unit `ops/s`, higher is better; parameters `algorithm` (`rsa`,
//!   `ecdsa (nistp256)`, `rsa4096`) and `bits` when the row prints them.
//!   OpenSSL 3.5's KEM and signature tables (`keygen encaps decaps`,
//!   `keygen signs verify`) are groups `KEM` and `signature`, so that their
//!   `rsa4096` rows are not taken for runs of the classic `rsa 4096 bits`
//!   row. The time columns (seconds per operation, the rates' inverse) are
//!   not read.
//!
//! With `-multi N` (read from an `openssl speed` command line above the
//! output, LKP's form) the tables hold the sum over N processes: the
//! parameter `multi` = N keeps them apart from single-process runs. The
//! children's `Got: +F…` lines and the `Doing … for 3s` progress lines are
//! not read: the table holds their result. (LKP's logs print the summed
//! cipher rows without their `type …` header: the block sizes are then
//! those of the children's `Got: +H:16:64:…` lines.) Children's lines with
//! no `-multi N` command line above them (a capture pasted without its
//! command) still say the table is a sum over processes: it is read with
//! `multi` = `unknown`, and a warning at the first says so, rather than as
//! a single process's. Several tables of one set-up in
//! a file are runs. The version is the `version:` line (3.x) or the
//! `OpenSSL 1.1.1f  31 Mar 2020` / `LibreSSL 2.3.2` line. A file that
//! prints two or more versions (a cookbook's `OpenSSL 0.9.8k` run, then
//! `$ ./openssl-1.0.1h speed rsa` and its `OpenSSL 1.0.1h 5 Jun 2014`)
//! compares builds: each table below a version line has the parameter
//! `version` (`0.9.8k`, `LibreSSL 2.3.2`), so that the two builds' rows
//! are not averaged as runs of one; a table above every version line
//! has none. A version heads its own run's tables only: when a post
//! elided lines (`[...]`) after a table of that version and a new table
//! header follows before any version line (the cookbook's `$ openssl
//! speed aes-128-cbc` / `[...]` / `type 16 bytes …` after its 0.9.8k
//! `-multi 4` run), the new table's version line may have been elided:
//! it has no `version` (a note at its header says so), rather than the
//! earlier run's. Rows after an elision under no new header are read
//! under the last header, with its version.
//!
//! A run with an engine (`-engine cryptodev` on its command line, or
//! openssl's own `engine "cryptodev" set.` line) has the parameter
//! `engine`: it is another set-up than the software run, not a run of it.
//! Without `-elapsed`, openssl divides each count by the CPU time it used:
//! a `Doing … for 3s on 8192 size blocks: 12051 aes-128-cbc's in 0.00s`
//! line timed on less than half the time asked says the work was done off
//! the CPU, and its run's figures are per CPU second (`22441871.33k`):
//! read, with a note at that line.
//!
//! sbc-bench runs openssl once on each CPU cluster of a big.LITTLE board
//! and prints each cipher's rows together, the clusters' in order: from
//! 0.9.39 on each row ends in the cluster's cores (`aes-128-cbc
//! 130948.77k … 1514897.41k (Cortex-A53)`), read as the parameter
//! `machine`; before, the rows are unmarked, under `Executing benchmark on
//! each cluster individually` (then `machine` is the cores the file's
//! `Executing benchmark on cpuN (Cortex-A53):` lines name, in their order,
//! over tinymembench's runs far above (kept for this segment when the file
//! is read in segments), or, where the file has none, `cluster` 1, 2, …,
//! with a note) or under nothing (kept apart as `row` 1, 2, …, with a
//! note). Rows under `Executing benchmark twice` are two runs.
//!
//! A post that set a label or its command line between the header and
//! each row (`openssl speed -evp rc4:` / `rc4  348612.51k …`, an
//! Erlang/OTP pull request) has those rows read under the last `type …`
//! header, when they have its number of figures, each with its `k`.
//!
//! A row of a table whose cells are no numbers is an error at its line. A
//! row whose last figure is not as openssl prints it (a cipher figure
//! without its two decimals, `132775` for `132775.62k`; a rate without its
//! decimal; a time without its `s`) was cut there: that figure is a note,
//! not read. A row with fewer figures than its table has columns, each as
//! openssl prints it (`sha512  1520.05k  6062.83k`), was cut inside: a
//! note, not read.

use super::cmdline::args_of;
use super::num::plain;
use super::{BenchParser, Input, MACHINE_PARAM, ParseError};
use crate::model::{Better, Metric, ParsedFile, Sample};

/// `openssl speed`; registry id `"openssl-speed"`.
pub struct OpensslSpeed;

const ID: &str = "openssl-speed";

/// The table being read.
enum Table {
    /// Block sizes in bytes, from `type  16 bytes  64 bytes …`.
    Blocks(Vec<String>),
    /// Column names of a public-key table, and its group.
    Pkey(Vec<String>, &'static str),
}

impl Table {
    /// How many figures a row of the table has: its block sizes or its
    /// columns.
    fn width(&self) -> usize {
        match self {
            Table::Blocks(sizes) => sizes.len(),
            Table::Pkey(cols, _) => cols.len(),
        }
    }
}

/// True when `t` is a label and then `width` cells that are each a
/// `figure`.
fn full_row(t: &str, width: usize, figure: impl Fn(&str) -> bool) -> bool {
    let cells: Vec<&str> = t.split_whitespace().collect();
    cells.len() > width && cells[cells.len() - width..].iter().all(|c| figure(c))
}

/// `type  16 bytes  64 bytes …` → the block sizes.
fn blocks_header(t: &str) -> Option<Vec<String>> {
    let cells: Vec<&str> = t.strip_prefix("type")?.split_whitespace().collect();
    if cells.len() < 2 || !cells.len().is_multiple_of(2) {
        return None;
    }
    let sizes: Vec<String> =
        cells.chunks(2).map(|c| (c[1] == "bytes").then(|| c[0].to_string())).collect::<Option<_>>()?;
    sizes.iter().all(|s| s.bytes().all(|b| b.is_ascii_digit())).then_some(sizes)
}

/// A public-key table's header (`sign verify sign/s verify/s`): names
/// only, some ending in `/s`.
fn pkey_header(t: &str) -> Option<Table> {
    let cells: Vec<&str> = t.split_whitespace().collect();
    let named = cells.iter().all(|c| c.chars().all(|ch| ch.is_ascii_alphabetic() || ch == '/' || ch == '.'));
    if cells.len() < 2
        || !named
        || !cells.iter().any(|c| c.ends_with("/s"))
        || !cells.iter().any(|c| !c.ends_with("/s"))
    {
        return None;
    }
    let group = if cells.contains(&"encaps/s") {
        "KEM"
    } else if cells.contains(&"keygens/s") {
        "signature"
    } else {
        ""
    };
    Some(Table::Pkey(cells.iter().map(|c| c.to_string()).collect(), group))
}

/// A public-key row's label → (algorithm, bits): `rsa 2048 bits` →
/// (`rsa`, 2048); `256 bits ecdsa (nistp256)` (0.9.8 and 1.0.x: `256 bit
/// ecdsa`) → (`ecdsa (nistp256)`, 256); `rsa4096` → (`rsa4096`, none).
fn pkey_label(label: &[&str]) -> (String, Option<String>) {
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    match label {
        // `384 bit ecdsa (nistp384)`: 0.9.8 and 1.0.x write `bit`, 1.1 on `bits`.
        [bits, "bits" | "bit", rest @ ..] if digits(bits) && !rest.is_empty() => {
            (rest.join(" "), Some(bits.to_string()))
        }
        [rest @ .., bits, "bits"] if digits(bits) && !rest.is_empty() => (rest.join(" "), Some(bits.to_string())),
        _ => (label.join(" "), None),
    }
}

/// A cipher row's figure in kB/s: `771620.33k` as printed, `1234.56`
/// (bytes per second) / 1000.
fn kilo(cell: &str) -> Option<f64> {
    match cell.strip_suffix('k') {
        Some(k) => plain(k),
        None => plain(cell).map(|b| b / 1000.0),
    }
}

#[derive(Default)]
struct Reader {
    out: ParsedFile,
    multi: Option<String>,
    table: Option<Table>,
    /// The block sizes of `-multi`'s `Got: +H:16:64:…` lines: LKP's logs
    /// print the summed table's rows without a `type …` header.
    mr_sizes: Option<Vec<String>>,
    /// The engine of the run (`-engine cryptodev` on its command line, or
    /// openssl's `engine "cryptodev" set.`).
    engine: Option<String>,
    /// A `Doing …` line of this run already said its count was timed on
    /// too little CPU time.
    cpu_time_noted: bool,
    /// The version of the run being read (the last version line above),
    /// kept as the parameter `version` when the file prints more than one.
    version: Option<String>,
    /// The file prints two or more versions.
    versions_differ: bool,
    /// The line of `version`, and whether a table header was read below it.
    version_at: usize,
    version_used: bool,
    /// The line of a poster's elision (`[...]`) below the last table
    /// header, if any.
    elided: Option<usize>,
    /// The block sizes of the last `type 16 bytes …` header, kept after
    /// its table ended: a post that set a label or command line between
    /// the header and each row (`openssl speed -evp rc4:` / `rc4
    /// 348612.51k …`) has its rows read under it.
    last_blocks: Option<Vec<String>>,
    /// A public-key table a poster's label line (`for 2:`) interrupted,
    /// and that line: a row right under it is the table's.
    paused: Option<(Table, usize)>,
    /// The rows of the current table: each row's label and line, in order
    /// (a label printed again is another cluster's row, or another run's).
    rows: Vec<(String, usize)>,
    /// What sbc-bench said above this table: its line and whether it ran
    /// openssl once per CPU cluster (`Executing benchmark on each cluster
    /// individually`) or twice on one (`Executing benchmark twice …`).
    harness: Option<(usize, Harness)>,
    /// The clusters sbc-bench named earlier in the file (`Executing
    /// benchmark on cpu0 (Cortex-A53):`), in their order.
    clusters: Vec<String>,
    /// A row printed again in this file was said (once).
    repeat_noted: bool,
}

/// How sbc-bench ran the `openssl speed` whose rows follow.
#[derive(Clone, Copy, PartialEq)]
enum Harness {
    /// Once on each CPU cluster: a cipher's rows are the clusters' in order.
    PerCluster,
    /// Twice on one cluster: a cipher's rows are two runs.
    Twice,
}

/// sbc-bench's line over its openssl runs (`Executing benchmark on each
/// cluster individually`, `Executing benchmark twice on cluster 0
/// (Cortex-A53)`).
fn harness_line(t: &str) -> Option<Harness> {
    let rest = t.strip_prefix("Executing benchmark ")?;
    if rest.starts_with("on each cluster individually") {
        Some(Harness::PerCluster)
    } else if rest.starts_with("twice") {
        Some(Harness::Twice)
    } else {
        None
    }
}

/// sbc-bench's `Executing benchmark on cpu2 (Cortex-A73):` (over each
/// cluster's tinymembench run) → `Cortex-A73`. Kept for every segment of
/// a file ([`super::segment`]): the openssl rows far below it are told
/// apart by it.
pub(super) fn cluster_line(t: &str) -> Option<&str> {
    let rest = t.strip_prefix("Executing benchmark on cpu")?;
    let rest = rest.trim_start_matches(|c: char| c.is_ascii_digit()).strip_prefix(" (")?;
    let name = rest.strip_suffix("):")?;
    (!name.is_empty() && !name.contains(['(', ')'])).then_some(name)
}

/// A row's trailing marker of the CPU cluster it ran on, as sbc-bench
/// 0.9.39 and later print it (`aes-128-cbc  130948.77k … 1514897.41k
/// (Cortex-A53)`): the row without it, and the cores' name.
fn cluster_marker(t: &str) -> (&str, Option<&str>) {
    let Some((row, name)) = t.strip_suffix(')').and_then(|r| r.rsplit_once(" (")) else { return (t, None) };
    let row = row.trim_end();
    let after_figure = row.ends_with(|c: char| c.is_ascii_digit() || c == 'k' || c == 's');
    if name.is_empty() || name.contains(['(', ')']) || !after_figure || plain(name).is_some() {
        return (t, None);
    }
    (row, Some(name))
}

/// True when `t` is a cipher or digest row of `n` figures as openssl prints
/// them, each with its `k` (`rc4  348612.51k  609902.38k …`), after a name.
fn k_row(t: &str, n: usize) -> bool {
    let cells: Vec<&str> = t.split_whitespace().collect();
    cells.len() > n && cells[cells.len() - n..].iter().all(|c| c.ends_with('k') && kilo(c).is_some())
}

/// `Doing aes-128-cbc for 3s on 8192 size blocks: 12051 aes-128-cbc's in
/// 0.00s` → (seconds asked, seconds measured).
fn doing_times(t: &str) -> Option<(&str, &str)> {
    let rest = t.strip_prefix("Doing ")?;
    let asked = rest.split_once(" for ")?.1.split_whitespace().next()?.strip_suffix('s')?;
    let measured = rest.rsplit_once(" in ")?.1.trim().strip_suffix('s')?;
    (plain(asked).is_some() && plain(measured).is_some()).then_some((asked, measured))
}

/// `Got: +H:16:64:256:1024:8192:16384 from 0` → the block sizes.
fn mr_header(t: &str) -> Option<Vec<String>> {
    let cell = t.strip_prefix("Got: +H:")?.split_whitespace().next()?;
    let sizes: Vec<String> = cell.split(':').map(str::to_string).collect();
    sizes.iter().all(|s| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit())).then_some(sizes)
}

impl Reader {
    fn sample(&self, metric: Metric, value: f64, n: usize) -> Sample {
        let mut s = Sample::new(metric, value, n);
        if let Some(m) = &self.multi {
            s = s.with_param("multi", m);
        }
        if let Some(e) = &self.engine {
            s = s.with_param("engine", e);
        }
        if self.versions_differ
            && let Some(v) = &self.version
        {
            s = s.with_param("version", v);
        }
        s
    }

    /// A row of the current table; false when the line is none (the table
    /// ended).
    fn row(&mut self, n: usize, t: &str) -> Result<bool, ParseError> {
        let (t, cluster) = cluster_marker(t);
        let cells: Vec<&str> = t.split_whitespace().collect();
        let Some(table) = &self.table else { return Ok(false) };
        let width = table.width();
        if cells.len() <= width {
            // A row stopping before its table's last column, with a figure
            // as openssl prints it (`sha512  1520.05k  6062.83k`, with or
            // without a space after; `sha512  1520.05k  6062.8`): a line
            // cut short, not the end of the table.
            let printed = |c: &&&str| match table {
                Table::Blocks(_) => super::num::decimals(c.trim_end_matches('k')) == Some(2),
                Table::Pkey(..) => super::num::decimals(c.trim_end_matches('s')).is_some_and(|d| d > 0),
            };
            let figure = |c: &&&str| plain(c.trim_end_matches(['k', 's'])).is_some();
            let figures = cells.iter().rev().take_while(figure).count();
            if figures > 0 && figures < cells.len() && cells[cells.len() - figures..].iter().any(|c| printed(&c)) {
                let msg =
                    format!("a row with {figures} of its table's {width} figures (the line looks cut short): not read");
                self.out.notes.push((n, msg));
                return Ok(true);
            }
            return Ok(false);
        }
        if cells[cells.len() - width..].iter().all(|c| plain(c.trim_end_matches(['k', 's'])).is_none()) {
            return Ok(false);
        }
        let (label, figures) = cells.split_at(cells.len() - width);
        // The row's last cell as openssl prints it, or else the line was
        // cut inside it (a truncated log's last line): a cipher figure
        // with two decimals (`%.2fk`, or ` %.2f` bytes up to 10000), a
        // rate with one or more (`%8.1f`), a time ending in `s`.
        let last = figures.last().copied().unwrap_or("");
        let whole = match table {
            Table::Blocks(_) => {
                let bytes = !last.ends_with('k');
                super::num::decimals(last.trim_end_matches('k')) == Some(2)
                    && (!bytes || plain(last).is_some_and(|b| b <= 10000.0))
            }
            Table::Pkey(cols, _) if cols.last().is_some_and(|c| c.ends_with("/s")) => {
                !super::num::fewer_decimals(last, 1)
            }
            Table::Pkey(..) => last.ends_with('s'),
        };
        // A cell that is no number at all is damage, an error below.
        let figures = if whole || plain(last.trim_end_matches(['k', 's'])).is_none() {
            figures
        } else {
            let msg = format!(
                "the row's last figure {last:?} is not as openssl prints it (the line looks cut short): not read"
            );
            self.out.notes.push((n, msg));
            &figures[..figures.len() - 1]
        };
        let mut samples = Vec::new();
        match table {
            Table::Blocks(sizes) => {
                for (size, cell) in sizes.iter().zip(figures) {
                    let v =
                        kilo(cell).ok_or_else(|| ParseError::malformed(n, format!("a figure for {size} bytes"), t))?;
                    let s = self.sample(Metric::new("throughput", "kB/s", Better::Higher), v, n);
                    samples.push(s.with_param("algorithm", label.join(" ")).with_param("block", size));
                }
            }
            Table::Pkey(cols, group) => {
                let (algorithm, bits) = pkey_label(label);
                for (col, cell) in cols.iter().zip(figures) {
                    if !col.ends_with("/s") {
                        plain(cell.trim_end_matches('s'))
                            .ok_or_else(|| ParseError::malformed(n, format!("a time for `{col}`"), t))?;
                        continue;
                    }
                    let v = plain(cell).ok_or_else(|| ParseError::malformed(n, format!("a rate for `{col}`"), t))?;
                    let mut s =
                        self.sample(Metric::new(col.as_str(), "ops/s", Better::Higher), v, n).with_group(*group);
                    s = s.with_param("algorithm", &algorithm);
                    if let Some(b) = &bits {
                        s = s.with_param("bits", b);
                    }
                    samples.push(s);
                }
            }
        }
        let label = label.join(" ");
        let before = self.rows.iter().filter(|(l, _)| *l == label).count();
        match cluster {
            Some(name) => {
                for s in &mut samples {
                    s.params.push(crate::model::Param::new(MACHINE_PARAM, name));
                }
            }
            None if before > 0 => self.repeated(n, &label, before, &mut samples),
            None => {}
        }
        self.rows.push((label, n));
        self.out.samples.extend(samples);
        Ok(true)
    }

    /// The `before`+1-th row of `label` in one table (openssl prints each
    /// once): sbc-bench's rows of one cipher on each CPU cluster, in the
    /// clusters' order, or of two runs on one. Rows of clusters are kept
    /// apart by `machine` (the cluster's cores, as the file's `Executing
    /// benchmark on cpuN (…)` lines name them), the first row too; rows
    /// nothing above names are `cluster` 1, 2, … under sbc-bench's `on
    /// each cluster` line, else `row` 1, 2, …, with a note: averaged, a little and a big cluster's rates (22074.92k and
    /// 73341.63k, ODROID-XU4) made a figure of neither (archive54).
    fn repeated(&mut self, n: usize, label: &str, before: usize, samples: &mut [Sample]) {
        let harness = self.harness.map(|(_, h)| h);
        if harness == Some(Harness::Twice) {
            return;
        }
        let per_cluster = harness == Some(Harness::PerCluster);
        let named = per_cluster && before < self.clusters.len();
        let param = match (named, per_cluster) {
            (true, _) => MACHINE_PARAM,
            (false, true) => "cluster",
            (false, false) => "row",
        };
        let value = |k: usize| if named { self.clusters[k].clone() } else { (k + 1).to_string() };
        let first = self.rows.iter().find(|(l, _)| l == label).map_or(n, |r| r.1);
        if before == 1 {
            let v = value(0);
            for s in self.out.samples.iter_mut().filter(|s| s.line == first) {
                if !s.params.iter().any(|p| p.name == param) {
                    s.params.push(crate::model::Param::new(param, v.as_str()));
                }
            }
        }
        let v = value(before);
        for s in samples.iter_mut() {
            s.params.push(crate::model::Param::new(param, v.as_str()));
        }
        if self.repeat_noted {
            return;
        }
        self.repeat_noted = true;
        let msg = match self.harness {
            Some((at, _)) if named => format!(
                "`{label}` printed again in one table (first on line {first}): sbc-bench ran openssl once on each \
                 CPU cluster (line {at}), so each of a cipher's rows is read as its cluster's, in the order the \
                 file's `Executing benchmark on cpuN (…)` lines name them ({}), not averaged",
                self.clusters.join(", ")
            ),
            Some((at, _)) if per_cluster => format!(
                "`{label}` printed again in one table (first on line {first}): sbc-bench ran openssl once on each \
                 CPU cluster (line {at}), so each of a cipher's rows is read as its cluster's, `cluster` 1, 2, … in \
                 the order sbc-bench runs them (cpu0's first), not averaged"
            ),
            _ => format!(
                "`{label}` printed again in one table (first on line {first}), and no line above says whether the \
                 rows are runs (sbc-bench's `Executing benchmark twice`) or CPU clusters (sbc-bench before 0.9.39 \
                 printed a row per cluster, unmarked): kept apart as `row` 1, 2, …, not averaged"
            ),
        };
        self.out.notes.push((n, msg));
    }

    /// `t` and the line after it, `next`, joined, when `t` is a cipher
    /// table's header or row a mail wrapped: the header's last `bytes` on
    /// the next line, or a row with fewer figures than its header's
    /// columns whose next line holds only the figures missing.
    fn wrapped(&self, t: &str, next: &str) -> Option<String> {
        let joined = format!("{t} {next}");
        if t.starts_with("type") && blocks_header(t).is_none() {
            return blocks_header(&joined).map(|_| joined);
        }
        // sbc-bench's cluster marker wrapped onto a line of its own
        // (`aes-128-cbc  130948.77k … 1514897.41k` / `(Cortex-A53)`): the
        // row above's, not a title of the row below (attack55 F3: each row
        // read with the other cluster's name).
        if next.starts_with('(')
            && cluster_marker(t).1.is_none()
            && let (row, Some(_)) = cluster_marker(&joined)
            && self.is_full_row(row)
        {
            return Some(joined);
        }
        let Some(Table::Blocks(sizes)) = &self.table else { return None };
        let figure = |c: &str| c.ends_with('k') && kilo(c).is_some();
        let cells: Vec<&str> = t.split_whitespace().collect();
        let rest: Vec<&str> = next.split_whitespace().collect();
        let figures = cells.iter().rev().take_while(|c| figure(c)).count();
        let short = figures > 0 && figures < sizes.len() && figures < cells.len();
        (short && !rest.is_empty() && figures + rest.len() == sizes.len() && rest.iter().all(|c| figure(c)))
            .then_some(joined)
    }

    /// True when `t` is a whole row of the current table: a label and as
    /// many figures as the table has columns (`aes-128-cbc  130948.77k …
    /// 1514897.41k`); false with no table.
    fn is_full_row(&self, t: &str) -> bool {
        match &self.table {
            Some(table @ Table::Blocks(_)) => full_row(t, table.width(), |c| c.ends_with('k') && kilo(c).is_some()),
            Some(table @ Table::Pkey(..)) => full_row(t, table.width(), |c| plain(c.trim_end_matches('s')).is_some()),
            None => false,
        }
    }

    /// A table header at line `n`: after an elision below an earlier
    /// table of this version, the version is not carried over (see the
    /// module doc).
    fn header_seen(&mut self, n: usize) {
        if let (Some(e), true, true, Some(v)) =
            (self.elided, self.version_used, self.versions_differ, self.version.as_deref())
        {
            let msg = format!(
                "a table header after the elided lines at line {e}, with no version line between: the version \
                 line at line {} ({v}) heads an earlier table, and this table's own may have been elided, so its \
                 rows have no `version`",
                self.version_at
            );
            self.out.notes.push((n, msg));
            self.version = None;
        }
        self.elided = None;
        self.version_used = true;
    }

    fn line(&mut self, n: usize, t: &str) -> Result<(), ParseError> {
        if let Some(h) = harness_line(t) {
            self.harness = Some((n, h));
        } else if t.len() >= 10 && t.bytes().all(|b| b == b'#') {
            // sbc-bench's rule between its benchmarks: what it said of
            // one run is no longer in force.
            self.harness = None;
        }
        if let Some(sizes) = blocks_header(t) {
            self.rows.clear();
            self.header_seen(n);
            self.last_blocks = Some(sizes.clone());
            self.table = Some(Table::Blocks(sizes));
            return Ok(());
        }
        if let Some(table) = pkey_header(t) {
            self.rows.clear();
            self.header_seen(n);
            self.table = Some(table);
            return Ok(());
        }
        // openssl's version line heads the next run's output: it ends a
        // table (two runs pasted one under the other, no command between).
        if self.table.is_some() && version_line(t).is_none() && self.row(n, t)? {
            return Ok(());
        }
        // A poster's label line between a public-key table's rows, its
        // header not printed again (a maintainer's `I get for 3:` / header
        // / rows / `for 2:` / rows, openssl issue #6808): the rows right
        // under the label are the table's, not a line to warn of.
        if let Some((table, at)) = self.paused.take()
            && at + 1 == n
            && all_figures(t, &table)
        {
            // The label line starts another set-up's rows: a row of a
            // name above it is no repeat.
            self.rows.clear();
            self.table = Some(table);
            if self.row(n, t)? {
                return Ok(());
            }
        }
        if let Some(table @ Table::Pkey(..)) = self.table.take()
            && label_line(t)
        {
            self.paused = Some((table, n));
        }
        self.table = None;
        if matches!(t, "[...]" | "[…]" | "[snip]" | "..." | "…") {
            self.elided = Some(n);
            return Ok(());
        }
        if let Some(sizes) = mr_header(t) {
            self.mr_sizes = Some(sizes);
            if self.multi.is_none() {
                let msg = "`Got: +H:… from N` lines are `-multi`'s children: the table sums several processes, but no `openssl speed -multi N` command line above says how many; read with `multi` = `unknown`";
                self.out.notes.push((n, msg.into()));
                self.multi = Some("unknown".into());
            }
            return Ok(());
        }
        if let Some(sizes) = self.mr_sizes.clone() {
            let cells: Vec<&str> = t.split_whitespace().collect();
            let figures = cells.len().checked_sub(sizes.len()).filter(|&l| l > 0).map(|l| &cells[l..]);
            // Negative figures (`evp -124.63 -49447.45 49.38k …` of a
            // 3.0.0-alpha3 `-multi 1 -evp aes256-wrap`, openssl #11903): a
            // fault of that build, no rate; said, the row not read.
            let numeric = |c: &&str| plain(c.strip_suffix('k').unwrap_or(c)).is_some();
            if figures.is_some_and(|f| f.iter().all(numeric) && f.iter().any(|c| c.starts_with('-'))) {
                let msg = "a `-multi` summed row with negative figures (no rate is below zero: a fault of the build that printed it): not read";
                self.out.notes.push((n, msg.into()));
                return Ok(());
            }
            if figures.is_some_and(|f| f.iter().all(|c| c.ends_with('k') && kilo(c).is_some())) {
                self.table = Some(Table::Blocks(sizes));
                self.row(n, t)?;
                self.table = None;
                return Ok(());
            }
        }
        if self.mr_sizes.is_none()
            && let Some(sizes) = self.last_blocks.clone()
            && k_row(t, sizes.len())
        {
            self.table = Some(Table::Blocks(sizes));
            self.row(n, t)?;
            self.table = None;
            return Ok(());
        }
        if let Some(args) = args_of(t, "openssl").filter(|a| a.first() == Some(&"speed")) {
            self.multi = args.windows(2).find(|w| w[0] == "-multi").map(|w| w[1].to_string());
            self.engine = args.windows(2).find(|w| w[0] == "-engine").map(|w| w[1].to_string());
            self.cpu_time_noted = false;
        } else if let Some(e) = t.strip_prefix("engine \"").and_then(|r| r.strip_suffix("\" set.")) {
            self.engine = Some(e.to_string());
        } else if let Some((asked, measured)) = doing_times(t) {
            // Without `-elapsed` openssl divides by the CPU time it used:
            // far less than the time asked, the work was done off the CPU
            // (an engine, a device) and the figures are no rate per second.
            let short = plain(measured).zip(plain(asked)).is_some_and(|(m, a)| m < a / 2.0);
            if short && !self.cpu_time_noted {
                self.cpu_time_noted = true;
                let msg = format!(
                    "counted over {measured}s of CPU time in a {asked}s run: openssl divides by the CPU time it used, so this run's figures are per CPU second, not per second elapsed (the work was done off the CPU; `-elapsed` measures elapsed time)"
                );
                self.out.notes.push((n, msg));
            }
        } else if let Some(v) = version_line(t) {
            self.out.version.get_or_insert_with(|| v.trim_start_matches("LibreSSL ").to_string());
            self.version = Some(v);
            self.version_at = n;
            self.version_used = false;
            self.elided = None;
        }
        Ok(())
    }
}

/// A line whose last cells, as many as `table` has columns, are all
/// figures, after a label: a row of it, not damage (`$ openssl speed
/// -multi 4 rsa` under a `Next:` line is none).
fn all_figures(t: &str, table: &Table) -> bool {
    full_row(t, table.width(), |c| plain(c.trim_end_matches(['k', 's'])).is_some())
}

/// `384 bit ecdsa (nistp384) **0.0002s** 0.0008s **5045.4** 1204.9` →
/// the row without the `**` a poster put around some cells to mark them
/// (openssl issue #8924): only when every `**…**` cell is a figure as
/// openssl prints it (a rate, a time with its `s`, a `k` cipher figure).
/// `None` for a line with no such cell or any other use of `**`.
fn unbolded(t: &str) -> Option<String> {
    if !t.contains("**") {
        return None;
    }
    let mut cells = Vec::new();
    for c in t.split_whitespace() {
        match c.strip_prefix("**").and_then(|c| c.strip_suffix("**")) {
            Some(inner) if plain(inner.trim_end_matches(['k', 's'])).is_some() => cells.push(inner),
            _ if c.contains('*') => return None,
            _ => cells.push(c),
        }
    }
    Some(cells.join(" "))
}

/// A poster's short label line ending in a colon (`for 2:`), no command
/// line (`openssl speed -evp rc4:`) and no version line.
fn label_line(t: &str) -> bool {
    t.ends_with(':')
        && t.chars().count() <= 40
        && args_of(t, "openssl").is_none()
        && version_line(t).is_none()
        && !t.contains("bytes")
}

/// The version a line of openssl's prints: 3.x's `version: 3.0.2`,
/// `OpenSSL 1.1.1f  31 Mar 2020` → `1.1.1f`, `LibreSSL 2.3.2` →
/// `LibreSSL 2.3.2` (another library's numbers).
fn version_line(t: &str) -> Option<String> {
    if let Some(v) = t.strip_prefix("version:") {
        return Some(v.trim().to_string()).filter(|v| !v.is_empty());
    }
    let (name, rest) = t.split_once(' ')?;
    let v = rest.split_whitespace().next().filter(|v| v.starts_with(|c: char| c.is_ascii_digit()))?;
    // `OpenSSL 1.1.1k:` over a run is a poster's label (openssl issue
    // #16221), never openssl's line (`OpenSSL 1.1.1k  25 Mar 2021`): its
    // `1.1.1k:` was a second version, and every row took `version`.
    if v.ends_with(':') {
        return None;
    }
    match name {
        "OpenSSL" => Some(v.to_string()),
        "LibreSSL" => Some(format!("LibreSSL {v}")),
        _ => None,
    }
}

impl BenchParser for OpensslSpeed {
    fn id(&self) -> &'static str {
        ID
    }

    fn describe(&self) -> &'static str {
        "openssl speed tables (OpenSSL 0.9.8-3.x, LibreSSL; ciphers, digests, public-key)"
    }

    /// Its first test: `bytes` (with `type`), a public-key rate, or
    /// `Got: +H:`.
    fn literals(&self) -> &'static [&'static str] {
        &["bytes", "sign/s", "op/s", "encaps/s", "Got: +H:"]
    }

    fn detect(&self, input: &Input) -> u8 {
        // `type` then a blank, or the tab an editor's `unexpand -a` made of
        // the blanks (sbc-bench's rows under tinymembench, unread).
        let sym = input.has("bytes") && (input.has("type ") || input.has("type\t"));
        let pk = input.has("sign/s") || input.has("op/s") || input.has("encaps/s");
        if !sym && !pk && !input.has("Got: +H:") {
            return 0;
        }
        let lines: Vec<&str> = input.lines.iter().map(|l| l.trim()).collect();
        if input.has("Got: +H:") && input.has("Got: +F:") {
            return 85;
        }
        let mut r = Reader::default();
        for (i, t) in lines.iter().enumerate() {
            let table = blocks_header(t).map(Table::Blocks).or_else(|| if pk { pkey_header(t) } else { None });
            // A label or command line between the header and each row.
            if let Some(sizes) = blocks_header(t)
                && lines[i + 1..].iter().take(4).any(|l| k_row(l, sizes.len()))
            {
                return 85;
            }
            // A header and rows a mail re-wrapped at 72 or 76 columns
            // (`type  16 bytes … 8192` / `bytes  16384 bytes`, each row's
            // last figures on the next line), as the parser rejoins them:
            // in sbc-bench's mixed reports the openssl segment was not
            // found, and its 36 figures lost without a word.
            if t.starts_with("type")
                && blocks_header(t).is_none()
                && let Some(joined) = lines.get(i + 1).and_then(|next| r.wrapped(t, next))
                && let Some(sizes) = blocks_header(&joined)
            {
                let w = Reader { table: Some(Table::Blocks(sizes.clone())), ..Reader::default() };
                let rows = (i + 2..lines.len().min(i + 8)).any(|k| {
                    k_row(lines[k], sizes.len())
                        || lines
                            .get(k + 1)
                            .and_then(|next| w.wrapped(lines[k], next))
                            .is_some_and(|j| k_row(&j, sizes.len()))
                });
                if rows {
                    return 85;
                }
            }
            if let (Some(table), Some(next)) = (table, lines.get(i + 1)) {
                r.table = Some(table);
                if r.row(i + 2, next).unwrap_or(false) {
                    return 90;
                }
            }
        }
        0
    }

    fn max_score(&self) -> u8 {
        90
    }

    /// A last row without a line break is whole when its last cell has
    /// the decimals `speed.c` prints there: a public-key row's rates are
    /// `%8.1f` (`rsa 2048 bits 0.045799s 0.001408s     21.8    710.4`,
    /// `rsa4096 0.005736s 0.000027s 0.000001s     174.3   37077.0
    /// 1269275.4`); a cipher row's cells `%11.2fk`, or `%11.2f ` below
    /// 10000 bytes/s (`md5  4565.65k … 132775.72k` ends in its `k`, a
    /// cell ending in a digit has two decimals). A row holding a time cell
    /// (`0.001408s`) is a public-key one. Fewer decimals: maybe cut.
    fn last_figure_complete(&self, input: &Input) -> bool {
        let Some(last) = input.lines.last() else { return false };
        let time_cell = |w: &str| w.strip_suffix('s').is_some_and(|v| super::num::decimals(v).is_some_and(|d| d > 0));
        let printed = if last.split_whitespace().any(time_cell) { 1 } else { 2 };
        last.split_whitespace().last().and_then(super::num::decimals) == Some(printed)
    }

    fn parse(&self, input: &Input) -> Result<ParsedFile, ParseError> {
        let out = ParsedFile { benchmark: ID.into(), ..ParsedFile::default() };
        let lines = &input.lines;
        let mut versions: Vec<String> = lines.iter().filter_map(|l| version_line(l.trim())).collect();
        versions.sort();
        versions.dedup();
        let mut clusters: Vec<String> = Vec::new();
        for name in lines.iter().filter_map(|l| cluster_line(l.trim())) {
            if !clusters.iter().any(|c| c == name) {
                clusters.push(name.to_string());
            }
        }
        let mut r = Reader { out, versions_differ: versions.len() > 1, clusters, ..Reader::default() };
        let mut i = 0;
        while i < lines.len() {
            let (n, t) = (i + 1, lines[i].trim());
            // A header or row a mail wrapped (`… 8192` / `bytes`, `sha256
            // 4881.48k … 24067.75k` / `25761.11k`): read joined, at its
            // first line, with a note.
            if let Some(joined) = lines.get(i + 1).and_then(|next| r.wrapped(t, next.trim())) {
                r.out.notes.push((n, format!("wrapped onto line {} by a mail; rejoined", n + 1)));
                r.line(n, &joined)?;
                if lines[i + 1].trim().starts_with('(') {
                    // The cluster marker alone is read with the row (no
                    // label of the rows below it).
                    r.out.merged_lines.push(n + 1);
                }
                i += 2;
                continue;
            }
            match unbolded(t) {
                Some(plain_row) => {
                    let before = r.out.samples.len();
                    r.line(n, &plain_row)?;
                    if r.out.samples.len() > before {
                        let msg = "a poster's Markdown bold (`**…**`) around figures of this row: read without it";
                        r.out.notes.push((n, msg.into()));
                    }
                }
                None => r.line(n, t)?,
            }
            i += 1;
        }
        if r.out.samples.is_empty() {
            // What was said of rows not read (negative figures) names them.
            let reason = match r.out.notes.iter().find(|(_, m)| m.ends_with("not read")) {
                Some((n, note)) => format!("line {n}: {note}"),
                None => "no row under a `type 16 bytes …` or `sign verify sign/s verify/s` header".into(),
            };
            return Err(ParseError::NoResults { benchmark: ID, reason });
        }
        Ok(r.out)
    }
}

#[cfg(test)]
mod tests {
    /// A `-multi` row with negative figures (openssl #11903's 3.0.0-alpha3
    /// `evp -124.63 -49447.45 49.38k …`) is said, not read, and the error
    /// of a file with nothing else names its line; a row of rates is read.
    #[test]
    fn a_multi_row_with_negative_figures_is_said_not_read() {
        let bad =
            "openssl speed -multi 1 -evp aes256-wrap\nGot: +H:16:64:256 from 0\nevp   -124.63  -49447.45  49.38k\n";
        let err = OpensslSpeed.parse(&Input::from_text(bad)).unwrap_err().to_string();
        assert!(err.contains("line 3: a `-multi` summed row with negative figures"), "{err}");
        let good =
            "openssl speed -multi 2 -evp aes256-wrap\nGot: +H:16:64:256 from 0\nevp   124.63k  49447.45k  49.38k\n";
        let f = OpensslSpeed.parse(&Input::from_text(good)).unwrap();
        assert_eq!(f.samples.len(), 3);
        assert!(f.notes.iter().all(|(_, m)| !m.contains("negative")));
    }

    use super::*;

    fn show(s: &Sample) -> String {
        let p: Vec<String> = s.params.iter().map(|p| format!("{}={}", p.name, p.value)).collect();
        format!("{} {}|{} {} [{}]", s.line, s.group, s.metric.name, s.value.mean(), p.join(" "))
    }

    #[test]
    fn runs_of_two_versions_in_one_file_are_two_set_ups() {
        // Ivan Ristić's OpenSSL Cookbook: the distribution's 0.9.8k, then a
        // 1.0.1h built for a test, each with its version line.
        let run = |v: &str, rate: &str| {
            format!(
                "OpenSSL {v} 25 Mar 2009\nbuilt on: Wed May 23 00:02:00 UTC 2012\n\
                 \x20                 sign    verify    sign/s verify/s\n\
                 rsa  512 bits 0.000120s 0.000011s   {rate}  90730.0\n"
            )
        };
        let text = format!("{}$ ./openssl-1.0.1h speed rsa\n{}", run("0.9.8k", "8324.9"), run("1.0.1h", "9818.0"));
        let f = OpensslSpeed.parse(&Input::from_text(&text)).unwrap();
        assert_eq!(f.version.as_deref(), Some("0.9.8k"));
        let got: Vec<String> = f.samples.iter().filter(|s| s.metric.name == "sign/s").map(show).collect();
        assert_eq!(
            got,
            [
                "4 |sign/s 8324.9 [version=0.9.8k algorithm=rsa bits=512]",
                "9 |sign/s 9818 [version=1.0.1h algorithm=rsa bits=512]"
            ]
        );
        // One version printed twice: runs of one build, no parameter.
        let text = format!("{}{}", run("0.9.8k", "8324.9"), run("0.9.8k", "8330.1"));
        let f = OpensslSpeed.parse(&Input::from_text(&text)).unwrap();
        assert!(f.samples.iter().all(|s| s.params.iter().all(|p| p.name != "version")));
        assert_eq!(version_line("LibreSSL 2.3.2").as_deref(), Some("LibreSSL 2.3.2"));
        assert_eq!(version_line("version: 3.0.2").as_deref(), Some("3.0.2"));
        assert_eq!(version_line("OpenSSL is fast"), None);
        assert_eq!(version_line("OpenSSL 1.1.1k:"), None);
        assert_eq!(version_line("OpenSSL 1.1.1k  25 Mar 2021").as_deref(), Some("1.1.1k"));
        assert_eq!(
            version_line("OpenSSL 3.0.2 15 Mar 2022 (Library: OpenSSL 3.0.2 15 Mar 2022)").as_deref(),
            Some("3.0.2")
        );
    }

    #[test]
    fn a_table_after_an_elision_does_not_take_an_earlier_tables_version() {
        // The cookbook's 1.0.1h run, its 0.9.8k `-multi 4` run, then `$
        // openssl speed aes-128-cbc` / `[...]` / a cipher table: its version
        // line elided, not 0.9.8k's (that heads the rsa table).
        let text = "OpenSSL 1.0.1h 5 Jun 2014\n\
            \x20                 sign    verify    sign/s verify/s\n\
            rsa  512 bits 0.000102s 0.000008s   9818.0 133081.7\n\
            Next:\n$ openssl speed -multi 4 rsa\n[...]\nOpenSSL 0.9.8k 25 Mar 2009\n\
            \x20                 sign    verify    sign/s verify/s\n\
            rsa  512 bits 0.000030s 0.000003s  33264.5 363636.4\n\
            $ openssl speed aes-128-cbc\n[...]\n\
            type             16 bytes     64 bytes\n\
            aes-128 cbc      67546.70k    74183.00k\n\
            [...]\n\
            aes-192 cbc      67546.70k    74183.00k\n";
        let f = OpensslSpeed.parse(&Input::from_text(text)).unwrap();
        let got: Vec<String> =
            f.samples.iter().filter(|s| s.metric.name != "verify/s").map(show).filter(|s| !s.contains("=64")).collect();
        assert_eq!(
            got,
            [
                "3 |sign/s 9818 [version=1.0.1h algorithm=rsa bits=512]",
                "9 |sign/s 33264.5 [multi=4 version=0.9.8k algorithm=rsa bits=512]",
                "13 |throughput 67546.7 [algorithm=aes-128 cbc block=16]",
                // Rows after an elision under no new header: the same table.
                "15 |throughput 67546.7 [algorithm=aes-192 cbc block=16]"
            ]
        );
        assert_eq!(f.notes.len(), 1, "{:?}", f.notes);
        assert_eq!(f.notes[0].0, 12);
        assert!(f.notes[0].1.contains("line 11") && f.notes[0].1.contains("line 7 (0.9.8k)"), "{}", f.notes[0].1);
        // An elision inside a run, between its version line and its first
        // table (`built on`, `options` left out): the version is the table's.
        let text = "OpenSSL 1.0.1h 5 Jun 2014\n\
            \x20                 sign    verify    sign/s verify/s\n\
            rsa  512 bits 0.000102s 0.000008s   9818.0 133081.7\n\
            OpenSSL 0.9.8k 25 Mar 2009\n[...]\n\
            \x20                 sign    verify    sign/s verify/s\n\
            rsa  512 bits 0.000030s 0.000003s  33264.5 363636.4\n";
        let f = OpensslSpeed.parse(&Input::from_text(text)).unwrap();
        assert_eq!(show(&f.samples[2]), "7 |sign/s 33264.5 [version=0.9.8k algorithm=rsa bits=512]");
        assert!(f.notes.is_empty());
    }

    #[test]
    fn ciphers_and_public_keys() {
        let text = "2022-11-01 23:01:50 ./apps/openssl speed -multi 16 -seconds 30 sha256\n\
            OpenSSL 1.0.1k 8 Jan 2015\n\
            type             16 bytes     64 bytes\n\
            aes-128 cbc      54713.70k    5950.64\n\
            \x20                 sign    verify    sign/s verify/s\n\
            rsa 1024 bits 0.006892s 0.000384s    145.1   2602.3\n\
            \x20256 bits ecdsa (nistp256)   0.0000s   0.0001s  24319.6   8040.9\n\
            \x20                 keygen    encaps    decaps keygens/s  encaps/s  decaps/s\n\
            \x20                  rsa4096 0.005772s 0.000001s 0.000027s     173.2 1243835.5   37149.9\n";
        let input = Input::from_text(text);
        assert_eq!(OpensslSpeed.detect(&input), 90);
        let f = OpensslSpeed.parse(&input).unwrap();
        assert_eq!(f.version.as_deref(), Some("1.0.1k"));
        let got: Vec<String> = f.samples.iter().map(show).collect();
        assert_eq!(got[0], "4 |throughput 54713.7 [multi=16 algorithm=aes-128 cbc block=16]");
        assert_eq!(got[1], "4 |throughput 5.95064 [multi=16 algorithm=aes-128 cbc block=64]");
        assert_eq!(got[2], "6 |sign/s 145.1 [multi=16 algorithm=rsa bits=1024]");
        assert_eq!(got[5], "7 |verify/s 8040.9 [multi=16 algorithm=ecdsa (nistp256) bits=256]");
        assert_eq!(got[7], "9 KEM|encaps/s 1243835.5 [multi=16 algorithm=rsa4096]");
        assert_eq!(got.len(), 9);
    }

    /// wildmod44, openssl issue #6808: a maintainer's `I get for 3:` over
    /// a header and two rows, then `for 2:` over two more rows under no
    /// header: those were warned of and not read. Not resumed: rows after
    /// a blank line below the label, a sentence without a colon, a
    /// cipher table.
    #[test]
    fn rows_right_under_a_label_inside_a_public_key_table_are_its_rows() {
        let head = "                  sign    verify    sign/s verify/s\n\
                    rsa 2048 bits 0.000883s 0.000035s   1132.7  28492.3\n";
        let row = "rsa 2048 bits 0.001162s 0.000035s    860.6  28540.3\n";
        let read = |text: &str| OpensslSpeed.parse(&Input::from_text(text)).unwrap().samples.len();
        assert_eq!(read(&format!("I get for 3:\n{head}for 2:\n{row}")), 4);
        assert_eq!(read(&format!("{head}for 2:\n\n{row}")), 2);
        assert_eq!(read(&format!("{head}And for two primes\n{row}")), 2);
        let ciphers = "type             16 bytes     64 bytes\naes-128 cbc      54713.70k    59506.40k\n";
        assert_eq!(read(&format!("{ciphers}for 2:\n{row}")), 2);
    }

    /// wildmod44, openssl issue #8924: a poster marked two cells of a
    /// `-multi 8` ecdsa row with Markdown bold: the row was an error and
    /// the whole file skipped. Not unbolded: a bold label, a bold word
    /// among figures, a lone `**`.
    #[test]
    fn figures_a_poster_set_in_bold_are_read_without_it() {
        assert_eq!(
            unbolded("384 bit ecdsa (nistp384) **0.0002s** 0.0008s **5045.4** 1204.9").as_deref(),
            Some("384 bit ecdsa (nistp384) 0.0002s 0.0008s 5045.4 1204.9")
        );
        assert_eq!(unbolded("sha256 **4881.48k** 11410.47k").as_deref(), Some("sha256 4881.48k 11410.47k"));
        assert_eq!(unbolded("rsa 2048 bits 0.000725s 0.000021s 1378.8 47765.0"), None);
        assert_eq!(unbolded("**rsa** 2048 bits 0.000725s 0.000021s 1378.8 47765.0"), None);
        assert_eq!(unbolded("rsa 2048 bits **fast** 0.000021s 1378.8 47765.0"), None);
        assert_eq!(unbolded("rsa 2048 bits ** 0.000021s 1378.8 47765.0"), None);
        let text = "sign verify sign/s verify/s\n384 bit ecdsa (nistp384) **0.0002s** 0.0008s **5045.4** 1204.9\n";
        let f = OpensslSpeed.parse(&Input::from_text(text)).unwrap();
        let got: Vec<f64> = f.samples.iter().map(|s| s.value.mean()).collect();
        assert_eq!(got, [5045.4, 1204.9]);
        assert!(f.notes.iter().any(|(n, m)| *n == 2 && m.contains("Markdown bold")), "{:?}", f.notes);
        // 1.0.2's `384 bit ecdsa` is 1.1's `384 bits ecdsa`; not a label
        // without its bit count.
        let ecdsa = ("ecdsa (nistp384)".to_string(), Some("384".to_string()));
        assert_eq!(pkey_label(&["384", "bit", "ecdsa", "(nistp384)"]), ecdsa);
        assert_eq!(pkey_label(&["bit", "ecdsa"]), ("bit ecdsa".to_string(), None));
    }

    #[test]
    fn a_wrapped_header_and_rows_are_rejoined() {
        let text = "type             16 bytes     64 bytes    256 bytes   1024 bytes   8192\n\
            bytes\n\
            sha256            4881.48k    11410.47k    19663.96k    24067.75k\n\
            25761.11k\n";
        let p = OpensslSpeed.parse(&Input::from_text(text)).unwrap();
        let got: Vec<f64> = p.samples.iter().map(|s| s.value.mean()).collect();
        assert_eq!(got, [4881.48, 11410.47, 19663.96, 24067.75, 25761.11]);
        assert!(p.notes.iter().all(|(_, n)| crate::parse::note_is_info(n)), "{:?}", p.notes);
    }

    #[test]
    fn damage_is_an_error_at_its_line() {
        let bad = "type             16 bytes     64 bytes\nsha256 12.0k x\n";
        assert_eq!(OpensslSpeed.parse(&Input::from_text(bad)).unwrap_err().line(), Some(2));
        let bad =
            "                  sign    verify    sign/s verify/s\nrsa 1024 bits 0.006892s 0.000384s    x   2602.3\n";
        assert_eq!(OpensslSpeed.parse(&Input::from_text(bad)).unwrap_err().line(), Some(2));
    }

    #[test]
    fn childrens_lines_without_a_command_line_read_as_multi_unknown() {
        let text = "Got: +H:16:64:256:1024:8192:16384 from 0\n\
            Got: +F:25:AES-128-GCM:109670672.00:390395456.00:1159867648.00:3198570496.00:5917581312.00:5967527936.00 from 0\n\
            version: 3.6.3\n\
            AES-128-GCM    1351685.18k  5130487.30k 15646069.10k 42437400.66k 76078858.38k 80628904.76k\n";
        let f = OpensslSpeed.parse(&Input::from_text(text)).unwrap();
        assert_eq!(f.samples.len(), 6);
        assert!(f.samples.iter().all(|s| s.params.iter().any(|p| p.name == "multi" && p.value == "unknown")));
        assert_eq!(f.notes.len(), 1);
        assert_eq!(f.notes[0].0, 1);
        assert!(!crate::parse::note_is_info(&f.notes[0].1));
    }

    #[test]
    fn an_engine_run_is_its_own_set_up_and_cpu_time_counts_are_noted() {
        // pfSense's docs, ALIX.2D3: software, then `-engine cryptodev`.
        let text = "alix:~#  openssl speed -evp aes-128-cbc\n\
            type             16 bytes     64 bytes\n\
            aes-128-cbc       5291.37k     5885.35k\n\
            alix:~#  openssl speed -evp aes-128-cbc -engine cryptodev\n\
            engine \"cryptodev\" set.\n\
            Doing aes-128-cbc for 3s on 16 size blocks: 110894 aes-128-cbc's in 0.10s\n\
            Doing aes-128-cbc for 3s on 64 size blocks: 107049 aes-128-cbc's in 0.11s\n\
            type             16 bytes     64 bytes\n\
            aes-128-cbc      17739.14k    64203.92k\n";
        let f = OpensslSpeed.parse(&Input::from_text(text)).unwrap();
        let got: Vec<String> = f.samples.iter().map(show).collect();
        assert_eq!(got[0], "3 |throughput 5291.37 [algorithm=aes-128-cbc block=16]");
        assert_eq!(got[2], "9 |throughput 17739.14 [engine=cryptodev algorithm=aes-128-cbc block=16]");
        assert_eq!(f.notes.len(), 1);
        assert_eq!(f.notes[0].0, 6);
        assert!(f.notes[0].1.contains("per CPU second"));
        // Counts timed on the time asked say nothing.
        let fine = "Doing aes-128-cbc for 3s on 16 size blocks: 977706 aes-128-cbc's in 2.96s\n\
            type             16 bytes\naes-128-cbc       5291.37k\n";
        assert!(OpensslSpeed.parse(&Input::from_text(fine)).unwrap().notes.is_empty());
    }
}
