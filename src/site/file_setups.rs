//! Set-ups that differ between files: a kernel's file all `$ dbench -D
//! /mnt/ext4 16`, another's all `$ dbench -D /mnt/xfs 16`.
//!
//! The labels (`parse::labels`) tell runs apart only inside one file; a
//! set-up that covers a whole file is kept as a fact of the file
//! ([`FileSetup`]: its command line, the set-up commands above its runs,
//! its boot options, the host its prompts show). Here the facts of one benchmark's files are
//! compared: where two files (of two kernels, or of one) show different
//! set-ups, the samples of each file that shows one get a [`SETUP_PARAM`]
//! parameter naming it (`set-up dbench -D /mnt/ext4`), as set-up
//! directories get `dir` (`site::setup_dirs`): the table keeps them apart
//! and compares each only with the baseline's rows of its set-up, and
//! says so under the table ([`SetupSource`]). An attacker's trial had
//! ext4 against xfs listed as a +21.9% improvement, starred; `dbench -s`
//! (O_SYNC) against `dbench`, `taskset -c 0` against none, `hdparm -W0`
//! above one kernel's runs only and `mitigations=off` on one kernel's
//! boot line alike.
//!
//! What a file does not show is unknown, never a difference: a bare
//! result beside a transcript changes nothing, and gets no parameter (it
//! is then compared with neither set-up, where others differ). A set-up
//! command above one kernel's runs only is a difference where the other
//! file shows its session (the benchmark's command line) without one: the
//! transcript shows what was typed. Two hosts in the shell prompts above
//! the runs (`root@boxA:~#` in 6.1's file, `root@boxB:~#` in 6.2's) are
//! two machines: `on boxA`, `on boxB`. A job file shown by `cat` above
//! the runs (`$ cat job.fio`, fio's ini) is among the set-up commands, a
//! setting a line (`[global] direct=1`). The kernel's own name in a path
//! (`~/linux-6.1/tools/dbench`, `> 6.2.log`) is no set-up. Benchmarks
//! `machine.yaml` lists under `same_setup:` are left alone.

use super::ResultFile;
use crate::diag::Diagnostic;
use crate::model::{FileSetup, Param};
use rustc_hash::FxHashMap;

/// The name of the parameter a file's set-up gives where the set-ups of
/// a benchmark's files differ.
pub const SETUP_PARAM: &str = "set-up";

/// Its name for a benchmark whose files give a `set-up` parameter of
/// their own ([`super::own_param_name`]).
pub const SETUP_PARAM_APART: &str = "shown set-up";

/// A set-up given as a [`SETUP_PARAM`] parameter, and the file it was
/// first read from: for the note under the table that shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SetupSource {
    /// The benchmark (parser id).
    pub benchmark: String,
    /// The parameter's value: `dbench -D /mnt/ext4`, `hdparm -W0
    /// /dev/sda`, `without mitigations=off`.
    pub value: String,
    /// The first file it was read from (relative to the class directory)
    /// and the line, `6.1/dbench.txt line 1`.
    pub place: String,
    /// How many more files show it.
    pub more: usize,
    /// True when [`SetupSource::value`] holds the first file's command
    /// line otherwise than it is printed at [`SetupSource::place`]
    /// (options in one order and spelling, without those read as
    /// parameters or the run time): the note says so, where it quoted the
    /// value as if printed (newcomer42 N5: `--timeout 5` gone, options
    /// sorted, `./schbench -m 1 -t 128 -r 30` as `schbench -r 30`).
    pub normalised: bool,
}

/// What [`note`] says a normalised command line is ([`SetupSource::normalised`]).
pub const NORMALISED: &str = "normalised: a command line's options in one order and spelling, without the values \
     the table shows as parameters and the run time";

/// Whether `value`, `rf`'s set-up, holds its command line otherwise than
/// the line prints it ([`SetupSource::normalised`]): the line at
/// `setup.command` runs the program and does not end with `value`. False
/// where no command line is known, where the value is no command line's
/// (`on boxA` over `root@boxA:~# dbench 16`), or where another part of the
/// set-up is shown above it (the note's line is that part's).
fn normalised(rf: &ResultFile, value: &str) -> bool {
    normalised_at(rf, value).unwrap_or(false)
}

fn normalised_at(rf: &ResultFile, value: &str) -> Option<bool> {
    let (n, command) = rf.parsed.setup.command.as_ref().filter(|(n, _)| *n == shown_line(&rf.parsed.setup))?;
    // The value is (or holds) the command line's part, not only a host's
    // or boot line's (`on boxA` over `root@boxA:~# dbench 16`).
    if !value.split(" / ").any(|part| part == command) {
        return None;
    }
    let text = std::str::from_utf8(&rf.raw).ok()?;
    let line = text.lines().nth(n.checked_sub(1)?)?.trim();
    // A line that runs the program (`./schbench …`, `$ stress-ng …`), not
    // the line a JSON report's options were read at (fio's `"jobname"`).
    let program = command.split_whitespace().next()?;
    let runs = line.split_whitespace().any(|w| w.rsplit('/').next() == Some(program));
    Some(runs && !line.ends_with(value))
}

/// The four parts of a [`FileSetup`], compared each on its own.
const PARTS: usize = 4;

/// Gives the samples of files whose set-ups differ from another file's
/// of the same benchmark a [`SETUP_PARAM`] parameter (module docs), but
/// for benchmarks `same` lists (`same_setup:`). Files directly in the
/// class directory (no kernel directory) are left as they are. Returns
/// where each set-up given came from, and notes once per benchmark in
/// `diags` which set-ups were kept apart and how to join them.
pub fn label_by_file_setups(
    results: &mut [ResultFile],
    same: &[String],
    diags: &mut Vec<Diagnostic>,
) -> Vec<SetupSource> {
    // Most classes show no set-up: nothing more is done for them.
    if results.iter().all(|rf| rf.parsed.setup.is_unknown()) {
        return Vec::new();
    }
    let mut by_bench: FxHashMap<String, Vec<usize>> = FxHashMap::default();
    for (i, rf) in results.iter().enumerate() {
        if rf.kernel_dir.is_some() && !same.contains(&rf.parsed.benchmark) {
            by_bench.entry(rf.parsed.benchmark.clone()).or_default().push(i);
        }
    }
    let mut benches: Vec<(String, Vec<usize>)> = by_bench.into_iter().collect();
    benches.sort_unstable();
    let mut values: Vec<(usize, String)> = Vec::new();
    for (_, files) in &benches {
        for files in sharing_a_group(results, files) {
            values.extend(setups_apart(results, &files));
        }
    }
    let names = super::own_param_names(
        results,
        values.iter().map(|(i, _)| *i),
        (SETUP_PARAM, SETUP_PARAM_APART),
        "the set-up its file shows",
        diags,
    );
    let mut sources: Vec<SetupSource> = Vec::new();
    // Each source's index by (benchmark, value): an archive of thousands
    // of files may show as many set-ups.
    let mut index: FxHashMap<(String, String), usize> = FxHashMap::default();
    for (i, value) in values {
        let rf = &mut results[i];
        match index.entry((rf.parsed.benchmark.clone(), value.clone())) {
            std::collections::hash_map::Entry::Occupied(e) => sources[*e.get()].more += 1,
            std::collections::hash_map::Entry::Vacant(e) => {
                e.insert(sources.len());
                let line = shown_line(&rf.parsed.setup);
                sources.push(SetupSource {
                    benchmark: rf.parsed.benchmark.clone(),
                    value: value.clone(),
                    place: format!("{} line {line}", rf.rel_path),
                    more: 0,
                    normalised: normalised(rf, &value),
                });
            }
        }
        let name = names.get(rf.parsed.benchmark.as_str()).copied().unwrap_or(SETUP_PARAM);
        for s in &mut rf.parsed.samples {
            s.params.push(Param::new(name, &value));
        }
    }
    let mut by_bench: FxHashMap<&str, Vec<&SetupSource>> = FxHashMap::default();
    for s in &sources {
        by_bench.entry(s.benchmark.as_str()).or_default().push(s);
    }
    for (bench, _) in &benches {
        let Some(of) = by_bench.get(bench.as_str()) else { continue };
        // Filed under the file of the set-up the fewest files show (the
        // last of those): the one that differs from the others. Under the
        // first set-up's first file, newcomer59b's note was filed under
        // 6.10.0/fio.json, whose set-up 6.9.0's shares, not under
        // 6.11.0/fio.json, the one that differs.
        let Some(odd) = of.iter().rev().min_by_key(|s| s.more) else { continue };
        let odd_file = odd.place.rsplit_once(" line ").map_or(odd.place.as_str(), |(f, _)| f);
        let path = results.iter().find(|rf| rf.rel_path == odd_file).map(|rf| rf.path.clone()).unwrap_or_default();
        // The options every set-up shows alike left out, as the mail says
        // them ([`SetupNote::mail_text`]): the note was one stderr line of
        // ~700 characters, two fio option strings whole.
        let said = format!(
            "{bench}: files show different set-ups, each compared only with the baseline's of its own; {}; if they \
             are one set-up, list {bench} under `same_setup:` in machine.yaml",
            SetupNote::new(of, &[]).mail_text()
        );
        diags.push(Diagnostic::note(&path, None, said));
    }
    sources
}

/// `files` (indices into `results`, one benchmark's) in sets that share a
/// group (a table of the benchmark's output), each file with every file
/// it shares one with, directly or through another. Files of no group in
/// common never feed one cell (a cell is one group's), so their set-ups
/// are never told apart: sysbench's `sysbench cpu --threads=16
/// --cpu-max-prime=20000 run` and `sysbench memory … run` are two tests,
/// not two set-ups of one (archive38 F4: they were noted as such, and the
/// captions said `set-up sysbench run`).
fn sharing_a_group(results: &[ResultFile], files: &[usize]) -> Vec<Vec<usize>> {
    // Union-find over the files, joined through the first file of each group.
    let mut parent: Vec<usize> = (0..files.len()).collect();
    fn root(parent: &mut [usize], mut i: usize) -> usize {
        while parent[i] != i {
            parent[i] = parent[parent[i]];
            i = parent[i];
        }
        i
    }
    let mut first_of: FxHashMap<&str, usize> = FxHashMap::default();
    for (fi, &i) in files.iter().enumerate() {
        let mut last: Option<&str> = None;
        for s in &results[i].parsed.samples {
            // A file's samples run in groups: each group once.
            if last == Some(s.group.as_str()) {
                continue;
            }
            last = Some(s.group.as_str());
            let other = *first_of.entry(s.group.as_str()).or_insert(fi);
            let (a, b) = (root(&mut parent, fi), root(&mut parent, other));
            if a != b {
                parent[a.max(b)] = a.min(b);
            }
        }
    }
    let mut sets: Vec<Vec<usize>> = Vec::new();
    let mut set_of: FxHashMap<usize, usize> = FxHashMap::default();
    for (fi, &i) in files.iter().enumerate() {
        let r = root(&mut parent, fi);
        let at = *set_of.entry(r).or_insert_with(|| {
            sets.push(Vec::new());
            sets.len() - 1
        });
        sets[at].push(i);
    }
    sets
}

/// How many characters of options a mail's set-up note says in full
/// ([`SetupNote::mail_text`]); more are folded to their names. Two lines
/// of a 72-column mail, less what the keys and places take.
const FOLD_OVER: usize = 100;

/// The words under a table, and in the build's note, for the set-ups
/// `of` one benchmark: "set-ups as the files show them: `dbench -D
/// /mnt/ext4` (6.1/dbench.txt line 1), `dbench -D /mnt/xfs`
/// (6.2/dbench.txt line 1); if they are one set-up, list dbench under
/// `same_setup:` in machine.yaml". A set-up read from a command line
/// printed otherwise ([`SetupSource::normalised`]) says so, and the note
/// what that is ([`NORMALISED`]): "`schbench -r 30` (6.9.0/schbench.txt
/// line 2, normalised) …; normalised: a command line's options …". Where the table's cells show the
/// set-ups as `keys` ((set-up, key) pairs, `report::TableView::setup_keys`),
/// every set-up is listed after its key: "A = `fio direct=0 …` (6.9.0/fio.json
/// line 1)".
pub fn note(of: &[&SetupSource], keys: &[(String, String)]) -> String {
    SetupNote::new(of, keys).text()
}

/// The `name=value` options every one of `setups` shows alike, where two
/// or more are listed and all are of one program (`fio direct=0 size=1G`
/// and `fio direct=1 size=1G` give `size=1G`); none otherwise. Only set-ups
/// of one program: `without mitigations=off` beside `mitigations=off`
/// (boot options) shares its option, not a command. Words without `=`
/// (`-r 30`'s `-r`) are never among them, as their value may be the next
/// word.
pub(crate) fn options_alike<'a>(setups: &[&'a str]) -> Vec<&'a str> {
    fn program(v: &str) -> Option<&str> {
        v.split(' ').next().filter(|w| !w.contains('='))
    }
    let [first, rest @ ..] = setups else { return Vec::new() };
    let one_program = program(first).is_some_and(|p| rest.iter().all(|v| program(v) == Some(p)));
    if rest.is_empty() || !one_program {
        return Vec::new();
    }
    first.split(' ').filter(|w| w.contains('=') && rest.iter().all(|v| v.split(' ').any(|x| x == *w))).collect()
}

/// [`note`] in its parts, one per set-up listed, so that a kernel's page
/// can say only the set-ups its rows show ([`SetupNote::only`]; afix43c's
/// leftover: 6.9.0's page described the baseline's other set-up B).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SetupNote {
    /// Each set-up listed: (what its cells show, its key or else its
    /// value; its words in the note; whether it is normalised).
    parts: Vec<(String, String, bool)>,
    /// Each listed set-up's words apart, in the order of `parts`: its key
    /// (`A = `, or empty), its value, and where it was read (` (6.1/fio
    /// line 1)`), for the mail's shorter note ([`SetupNote::mail_text`]).
    words: Vec<(String, String, String)>,
    /// Each listed set-up's first file and line (`6.1/fio.json line 1`)
    /// and how many more files show it, in the order of `parts`: a kernel's
    /// page says them otherwise ([`SetupNote::for_page`]).
    places: Vec<(String, usize)>,
    /// How many more set-ups the note counts without listing them.
    more: usize,
    /// The benchmark (parser id).
    bench: String,
}

/// Serialised as its words ([`SetupNote::text`]): `data.json`'s
/// `setup_note` is the note as the page shows it.
impl serde::Serialize for SetupNote {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.text())
    }
}

impl SetupNote {
    /// The parts of [`note`]`(of, keys)`.
    pub fn new(of: &[&SetupSource], keys: &[(String, String)]) -> SetupNote {
        // At most this many set-ups are listed, then how many more (all of
        // them where cells show keys: each key must be named).
        let listed_at_most = if keys.is_empty() { 6 } else { usize::MAX };
        let (parts, words) = of
            .iter()
            .take(listed_at_most)
            .map(|s| {
                let more = match s.more {
                    0 => String::new(),
                    1 => " and 1 more file".to_string(),
                    n => format!(" and {n} more files"),
                };
                let key = keys.iter().find(|(v, _)| *v == s.value).map(|(_, k)| k.as_str());
                let key_words = key.map_or(String::new(), |k| format!("{k} = "));
                let (text, place) = listed(&key_words, &s.value, &s.place, s.normalised, &more);
                ((key.unwrap_or(&s.value).to_string(), text, s.normalised), (key_words, s.value.clone(), place))
            })
            .unzip();
        SetupNote {
            parts,
            words,
            places: of.iter().take(listed_at_most).map(|s| (s.place.clone(), s.more)).collect(),
            more: of.len().saturating_sub(listed_at_most),
            bench: of.first().map_or(String::new(), |s| s.benchmark.clone()),
        }
    }

    /// The note's words ([`note`]): each set-up without the `name=value`
    /// options every listed one has alike ([`SetupNote::shared`]), as the
    /// mail says them: the page's note under newcomer59's fio table quoted
    /// both option strings whole, `fallocate=posix
    /// file_service_type=roundrobin …` in each (session 62).
    pub fn text(&self) -> String {
        let shared = self.shared();
        let mut listed: Vec<String> = if shared.is_empty() {
            self.parts.iter().map(|(_, t, _)| t.clone()).collect()
        } else {
            self.words
                .iter()
                .map(|(key, value, place)| {
                    let kept: Vec<&str> = value.split(' ').filter(|w| !shared.contains(w)).collect();
                    format!("{key}`{}`{place}", kept.join(" "))
                })
                .collect()
        };
        if self.more > 0 {
            listed.push(format!("and {} more set-ups", self.more));
        }
        let alike = if shared.is_empty() { "" } else { " (options all show alike left out)" };
        let normalised = if self.parts.iter().any(|(_, _, n)| *n) { format!(" ({NORMALISED})") } else { String::new() };
        format!(
            "set-ups as the files show them{alike}: {}{normalised}; if they are one set-up, list {} under \
             `same_setup:` in machine.yaml",
            listed.join(", "),
            self.bench
        )
    }

    /// The `name=value` options every listed set-up has alike, where two
    /// or more of one program (`fio …` each) are listed and none is left
    /// unlisted; none otherwise. Words without `=` (`-r 30`'s `-r`) are
    /// never among them, as their value may be the next word.
    fn shared(&self) -> Vec<&str> {
        if self.more > 0 {
            return Vec::new();
        }
        let setups: Vec<&str> = self.words.iter().map(|(_, v, _)| v.as_str()).collect();
        options_alike(&setups)
    }

    /// The note as a mail's reader needs it (newcomer44 N1: plaintext is
    /// pasted to a list): without the advice to the author about
    /// `same_setup:` (the build's note, `check` and the lint page give
    /// it), and, where two or more set-ups are listed and none is left
    /// unlisted, without the `name=value` options every one of them has
    /// alike ("options all show alike left out"): the rows need only what
    /// tells them apart. Words without `=` (`-r 30`'s `-r`) are kept, as
    /// their value may be the next word.
    pub fn mail_text(&self) -> String {
        let shared = self.shared();
        if let Some(folded) = self.folded(&shared) {
            return folded;
        }
        let mut listed: Vec<String> = self
            .words
            .iter()
            .map(|(key, value, place)| {
                let kept: Vec<&str> = value.split(' ').filter(|w| !shared.contains(w)).collect();
                format!("{key}`{}`{place}", kept.join(" "))
            })
            .collect();
        if self.more > 0 {
            listed.push(format!("and {} more set-ups", self.more));
        }
        let alike = if shared.is_empty() { "" } else { " (options all show alike left out)" };
        let normalised = if self.parts.iter().any(|(_, _, n)| *n) { format!(" ({NORMALISED})") } else { String::new() };
        format!("set-ups as the files show them{alike}: {}{normalised}", listed.join(", "))
    }

    /// [`SetupNote::mail_text`] folded where its options would fill more
    /// than [`FOLD_OVER`] characters: the names of the options the set-ups
    /// set otherwise (each has them: "direct, filesize, …") and how many
    /// one alone sets ("6 options B alone sets"), the class page giving
    /// them and their values. The newcomer's mail gave 7 lines of `fio buffered=0
    /// cpus_allowed=0-127 …` under a table whose caption said each
    /// set-up's rw, bs, ioengine, iodepth and jobs already (closing-60).
    /// `None` (said in full) for a note of fewer than two set-ups, of
    /// set-ups without keys (`A`, `B`: none to name), with words other
    /// than `name=value` options after the program, or one short enough.
    fn folded(&self, shared: &[&str]) -> Option<String> {
        if shared.is_empty() || self.words.iter().any(|(key, _, _)| key.is_empty()) {
            return None;
        }
        // Each set-up's options but the program and those all share.
        let options: Vec<Vec<&str>> =
            self.words.iter().map(|(_, v, _)| v.split(' ').skip(1).filter(|w| !shared.contains(w)).collect()).collect();
        let length: usize = options.iter().flatten().map(|w| w.len() + 1).sum();
        if length <= FOLD_OVER || options.iter().flatten().any(|w| !w.contains('=')) {
            return None;
        }
        let name = |w: &&str| w.split('=').next().unwrap_or_default().to_string();
        // Each name once per set-up (fio's per-job `name=` or `rw=` twice
        // on one command line was named, and counted, twice: review61
        // site #4), in the order first set.
        let names: Vec<Vec<String>> = options
            .iter()
            .map(|o| {
                let mut seen = rustc_hash::FxHashSet::default();
                o.iter().map(name).filter(|n| seen.insert(n.clone())).collect()
            })
            .collect();
        let every: Vec<String> = names[0].iter().filter(|n| names.iter().all(|o| o.contains(n))).cloned().collect();
        let mut parts = Vec::new();
        if !every.is_empty() {
            parts.push(every.join(", "));
        }
        for ((key, _, _), of) in self.words.iter().zip(&names) {
            let alone: Vec<&str> = of.iter().filter(|n| !every.contains(n)).map(String::as_str).collect();
            if !alone.is_empty() {
                let n = alone.len();
                let s = if n == 1 { "" } else { "s" };
                parts.push(format!("{n} option{s} {} alone sets", key.trim_end_matches(" = ")));
            }
        }
        Some(format!(
            "the set-ups' other options differ too ({}; the class page gives them, their values and files)",
            parts.join("; ")
        ))
    }

    /// The note of the set-ups among `shown` (what rows' `set-up` cells
    /// show: keys or values) alone; a set-up shown but not listed is
    /// counted among the more; `None` when none is left.
    pub fn only(&self, shown: &[&str]) -> Option<SetupNote> {
        self.only_with(shown, |p, w, _| (p.clone(), w.clone()))
    }

    /// [`SetupNote::only`] as the page of `kernel` (one of a class's
    /// kernels, or configurations) says it: each set-up where it was first
    /// read and, where more files show it, "and the raw files of this
    /// page's rows" (the files its rows link, which show it too: a row's
    /// set-up is its file's), not how many files of the class do: "`kernbench
    /// -n 5` (2.4.10/kernbench.txt line 5 and the raw files of this page's
    /// rows)" for "(2.4.10/kernbench.txt line 5 and 98 more files)", which
    /// changed on 98 pages of a class whenever a kernel with that set-up was
    /// added or removed. The page of the first file's own kernel names that
    /// file alone. The class page and its section pages keep the count.
    pub fn for_page(&self, shown: &[&str], kernel: &str) -> Option<SetupNote> {
        self.only_with(shown, |p, w, (place, more)| {
            let own = place.strip_prefix(kernel).is_some_and(|rest| rest.starts_with('/'));
            let more = if *more == 0 || own { "" } else { " and the raw files of this page's rows" };
            let (text, place) = listed(&w.0, &w.1, place, p.2, more);
            ((p.0.clone(), text, p.2), (w.0.clone(), w.1.clone(), place))
        })
    }

    /// [`SetupNote::only`] with each listed part (and its words) kept made
    /// by `part` from the part, its words and its first place and count.
    fn only_with(
        &self,
        shown: &[&str],
        part: impl Fn(&(String, String, bool), &(String, String, String), &(String, usize)) -> Part,
    ) -> Option<SetupNote> {
        let ((parts, words), places): ((Vec<_>, Vec<_>), Vec<_>) = self
            .parts
            .iter()
            .zip(&self.words)
            .zip(&self.places)
            .filter(|(((k, _, _), _), _)| shown.contains(&k.as_str()))
            .map(|((p, w), at)| (part(p, w, at), at.clone()))
            .unzip();
        let more = if self.more == 0 {
            0
        } else {
            let mut unlisted: Vec<&&str> =
                shown.iter().filter(|v| !self.parts.iter().any(|(k, _, _)| k == **v)).collect();
            unlisted.sort_unstable();
            unlisted.dedup();
            unlisted.len().min(self.more)
        };
        (!parts.is_empty() || more > 0).then(|| SetupNote { parts, words, places, more, bench: self.bench.clone() })
    }
}

/// A listed set-up's part and words in a [`SetupNote`].
type Part = ((String, String, bool), (String, String, String));

/// A listed set-up's words in a [`SetupNote`] and its place apart: "A =
/// `fio direct=0 …` (6.9.0/fio.json line 1 and 2 more files, normalised)"
/// from its key's words (`A = `, or empty), its value, its first file and
/// line, what follows them (`more`) and whether it is normalised — said
/// last, of the set-up, not of the files before it ("line 1, normalised and
/// 2 more files" read as if the 2 files were).
fn listed(key_words: &str, value: &str, place: &str, normalised: bool, more: &str) -> (String, String) {
    let normalised = if normalised { ", normalised" } else { "" };
    let place = format!(" ({place}{more}{normalised})");
    (format!("{key_words}`{value}`{place}"), place)
}

/// The 1-based line a file's set-up is first shown on.
fn shown_line(setup: &FileSetup) -> usize {
    let lines = [
        setup.command.as_ref().map(|(n, _)| *n),
        setup.commands.as_ref().and_then(|c| c.first().map(|(n, _)| *n)),
        setup.boot.as_ref().map(|(n, _)| *n),
        setup.host.as_ref().map(|(n, _)| *n),
    ];
    lines.into_iter().flatten().min().unwrap_or(0)
}

/// The [`SETUP_PARAM`] value of each of `files` (indices into `results`,
/// one benchmark's) whose set-up differs from another's: each part of
/// [`FileSetup`] known in two files with two values apart, joined by ` /
/// `; a file whose set-up is unknown where they differ gets none.
fn setups_apart(results: &[ResultFile], files: &[usize]) -> Vec<(usize, String)> {
    // Each file's parts, its kernel's name in paths masked: the command
    // line, the set-up commands, the boot options, the prompt's host.
    let parts: Vec<[Option<Vec<String>>; PARTS]> = files
        .iter()
        .map(|&i| {
            let rf = &results[i];
            let kernel = rf.kernel_dir.as_deref().unwrap_or_default();
            let s = &rf.parsed.setup;
            let masked = |t: &str| without_kernel(t, kernel);
            let mut commands: Option<Vec<String>> =
                s.commands.as_ref().map(|c| c.iter().map(|(_, c)| masked(c)).collect());
            if let Some(c) = &mut commands {
                c.sort_unstable();
                c.dedup();
            }
            [
                s.command.as_ref().map(|(_, c)| vec![masked(c)]),
                commands,
                s.boot.as_ref().map(|(_, b)| {
                    let mut words: Vec<String> = b.split_whitespace().map(masked).collect();
                    words.sort_unstable();
                    words.dedup();
                    words
                }),
                s.host.as_ref().map(|(_, h)| vec![format!("on {}", masked(h))]),
            ]
        })
        .collect();
    // Per part, whether two files know it apart; the words every file
    // that knows it shares (a set-up command or boot option of them all
    // says nothing), and the others'.
    let mut values: Vec<Vec<String>> = vec![Vec::new(); files.len()];
    for p in 0..PARTS {
        let known: Vec<&Vec<String>> = parts.iter().filter_map(|f| f[p].as_ref()).collect();
        let Some(first) = known.first() else { continue };
        if known.iter().all(|k| k == first) {
            continue;
        }
        // How many files know each word (each file's words once).
        let mut count: FxHashMap<&str, usize> = FxHashMap::default();
        for k in &known {
            let mut words: Vec<&str> = k.iter().map(String::as_str).collect();
            words.sort_unstable();
            words.dedup();
            for w in words {
                *count.entry(w).or_default() += 1;
            }
        }
        let shared = |w: &String| count.get(w.as_str()) == Some(&known.len());
        let mut others: Vec<&str> =
            known.iter().flat_map(|k| k.iter()).filter(|w| !shared(w)).map(String::as_str).collect();
        others.sort_unstable();
        others.dedup();
        for (f, v) in parts.iter().zip(&mut values) {
            let Some(words) = &f[p] else { continue };
            // The command line and the host are one word each, whole.
            let whole = p == 0 || p == 3;
            let own: Vec<&str> = words.iter().filter(|w| whole || !shared(w)).map(String::as_str).collect();
            let sep = if p == 1 { "; " } else { " " };
            v.push(if own.is_empty() { format!("without {}", others.join(sep)) } else { own.join(sep) });
        }
    }
    files.iter().zip(values).filter(|(_, v)| !v.is_empty()).map(|(&i, v)| (i, v.join(" / "))).collect()
}

/// `text` with the kernel's name `kernel` (its directory's) written as
/// `<kernel>` where it stands alone as a version, not inside a longer one
/// (`~/linux-6.1/dbench` → `~/linux-<kernel>/dbench`, `6.1.0` →
/// `<kernel>.0`; not `6.10` nor `16.1`): a path naming the kernel tested
/// is no set-up of its own.
fn without_kernel(text: &str, kernel: &str) -> String {
    if kernel.is_empty() || !text.contains(kernel) {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find(kernel) {
        let before = rest[..at].chars().next_back();
        let after = rest[at + kernel.len()..].chars().next();
        let alone =
            !before.is_some_and(|c| c.is_ascii_digit() || c == '.') && !after.is_some_and(|c| c.is_ascii_digit());
        out.push_str(&rest[..at]);
        out.push_str(if alone { "<kernel>" } else { kernel });
        rest = &rest[at + kernel.len()..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_kernels_own_name_is_no_set_up() {
        assert_eq!(without_kernel("~/linux-6.1/dbench", "6.1"), "~/linux-<kernel>/dbench");
        assert_eq!(without_kernel("dbench -D /mnt/6.10", "6.1"), "dbench -D /mnt/6.10");
        assert_eq!(without_kernel("-t 16.1", "6.1"), "-t 16.1");
        assert_eq!(without_kernel("vmlinuz-6.1.0-13", "6.1"), "vmlinuz-<kernel>.0-13");
    }

    /// A set-up as a note lists it.
    fn source(value: &str, place: &str) -> SetupSource {
        SetupSource { benchmark: "fio".into(), value: value.into(), place: place.into(), more: 0, normalised: false }
    }

    /// newcomer44 N1: the mail's note gives no advice to the author and
    /// leaves out the `name=value` options every set-up listed has alike.
    /// Must NOT fire: on a word without `=` (`-r`, whose value is the next
    /// word), nor on a note of one set-up (nothing to tell apart).
    #[test]
    fn the_mails_set_up_note_says_what_tells_set_ups_apart() {
        let (a, b) = (
            source("fio direct=0 nrfiles=1 size=1G", "6.1/fio line 1"),
            source("fio direct=1 nrfiles=1", "6.2/fio line 2"),
        );
        let keys = [
            ("fio direct=0 nrfiles=1 size=1G".to_string(), "A".to_string()),
            ("fio direct=1 nrfiles=1".to_string(), "B".to_string()),
        ];
        let note = SetupNote::new(&[&a, &b], &keys);
        assert!(note.text().contains("under `same_setup:`"), "{}", note.text());
        assert_eq!(
            note.mail_text(),
            "set-ups as the files show them (options all show alike left out): A = `fio direct=0 size=1G` (6.1/fio \
             line 1), B = `fio direct=1` (6.2/fio line 2)"
        );
        let (c, d) = (source("schbench -r 30", "6.1/s line 2"), source("schbench -r 10", "6.2/s line 3"));
        let note = SetupNote::new(&[&c, &d], &[]);
        assert_eq!(
            note.mail_text(),
            "set-ups as the files show them: `schbench -r 30` (6.1/s line 2), `schbench -r 10` (6.2/s line 3)"
        );
        let (e, f) = (source("without mitigations=off", "6.1/b line 2"), source("mitigations=off", "6.2/b line 2"));
        let note = SetupNote::new(&[&e, &f], &[]);
        assert_eq!(
            note.mail_text(),
            "set-ups as the files show them: `without mitigations=off` (6.1/b line 2), `mitigations=off` (6.2/b line 2)"
        );
        let one = SetupNote::new(&[&a], &[]);
        assert_eq!(
            one.mail_text(),
            "set-ups as the files show them: `fio direct=0 nrfiles=1 size=1G` (6.1/fio line 1)"
        );
    }

    /// closing-60: the newcomer's mail said its two fio set-ups' options
    /// in full, 7 lines (corpus-modern/fio/02.txt line 24 and 03.txt line
    /// 28, options both show alike left out). Folded: the options they set
    /// otherwise by name, how many one alone sets, and where they are.
    /// Must NOT fire: on a note of short options (the test above).
    #[test]
    fn a_long_set_up_note_is_folded_to_the_options_names_in_a_mail() {
        let alike =
            "fallocate=posix file_service_type=roundrobin invalidate=1 nrfiles=1 pre_read=0 random_distribution=random";
        let a = format!("fio direct=0 {alike} filesize=1G io_size=4473924266 runtime=200 size=4473924266");
        let b = format!(
            "fio buffered=0 cpus_allowed=0-127 cpus_allowed_policy=split direct=1 {alike} filesize=134217728 \
             io_size=134217728 ramp_time=5 random_generator=lfsr randrepeat=0 runtime=60 size=134217728"
        );
        let (sa, sb) = (source(&a, "6.10.0/fio.json line 24"), source(&b, "6.11.0/fio.json line 28"));
        let keys = [(a.clone(), "A".to_string()), (b.clone(), "B".to_string())];
        let note = SetupNote::new(&[&sa, &sb], &keys);
        assert_eq!(
            note.mail_text(),
            "the set-ups' other options differ too (direct, filesize, io_size, runtime, size; 6 options B alone \
             sets; the class page gives them, their values and files)"
        );
        // The page's note keeps every option.
        assert!(note.text().contains("random_generator=lfsr"), "{}", note.text());
    }

    /// review61 site #4: an option named twice in one set-up (fio's
    /// per-job `name=` and `rw=` on one command line) is named once and
    /// counted once ("1 option B alone sets", not 2).
    #[test]
    fn an_option_named_twice_is_named_and_counted_once() {
        let a = "fio invalidate=1 name=seq-read-job-one direct=0 name=seq-read-job-two size=4473924266 runtime=200";
        let b = "fio invalidate=1 name=rand-write-job-one direct=1 name=rand-write-job-two size=134217728 runtime=60 \
                 ramp_time=5 ramp_time=10";
        let (sa, sb) = (source(a, "6.10.0/fio line 1"), source(b, "6.11.0/fio line 1"));
        let keys = [(a.to_string(), "A".to_string()), (b.to_string(), "B".to_string())];
        let note = SetupNote::new(&[&sa, &sb], &keys);
        assert_eq!(
            note.mail_text(),
            "the set-ups' other options differ too (name, direct, size, runtime; 1 option B alone sets; the class \
             page gives them, their values and files)"
        );
    }

    /// grid50: a kernel's page says where its set-up was first read and
    /// that its own rows' files show it, not how many files of the class
    /// do (a count that changed the page whenever another kernel came or
    /// went); the first file's own kernel names that file alone, and a
    /// set-up no other file shows is said as before. The class's note keeps
    /// the count. Must NOT fire: on `6.10`'s page for a first file of `6.1`.
    #[test]
    fn a_kernels_page_names_its_set_ups_without_the_class_count() {
        let mut a = source("kernbench -n 5", "6.1/kernbench.txt line 5");
        a.more = 98;
        let mut b = source("kernbench -n 3", "6.2/kernbench.txt line 2");
        b.normalised = true;
        let c = source("kernbench -n 4", "6.3/kernbench.txt line 2");
        let mut d = source("kernbench -n 7", "6.4/kernbench.txt line 1");
        (d.more, d.normalised) = (2, true);
        let note = SetupNote::new(&[&a, &b, &c, &d], &[]);
        assert!(note.text().contains("(6.1/kernbench.txt line 5 and 98 more files)"), "{}", note.text());
        let page = |shown: &[&str], kernel: &str| note.for_page(shown, kernel).map(|n| n.text());
        assert_eq!(
            page(&["kernbench -n 5"], "6.7").as_deref(),
            Some(
                "set-ups as the files show them: `kernbench -n 5` (6.1/kernbench.txt line 5 and the raw files of \
                 this page's rows); if they are one set-up, list fio under `same_setup:` in machine.yaml"
            )
        );
        assert!(page(&["kernbench -n 5"], "6.1").unwrap().contains("`kernbench -n 5` (6.1/kernbench.txt line 5);"));
        assert!(
            page(&["kernbench -n 5"], "6.10").unwrap().contains("line 5 and the raw files of this page's rows)"),
            "6.10 is not 6.1"
        );
        // Without more files, and normalised: as the class's note says it.
        let normalised = page(&["kernbench -n 3"], "6.7").unwrap();
        assert!(normalised.contains("`kernbench -n 3` (6.2/kernbench.txt line 2, normalised)"), "{normalised}");
        assert_eq!(page(&["kernbench -n 4"], "6.3"), note.only(&["kernbench -n 4"]).map(|n| n.text()));
        assert_eq!(page(&["kernbench -n 9"], "6.7"), None);
        // More files and normalised: "normalised" said last, of the set-up
        // ("line 1, normalised and the raw files …" read as if the files were).
        assert!(note.text().contains("`kernbench -n 7` (6.4/kernbench.txt line 1 and 2 more files, normalised)"));
        let both = page(&["kernbench -n 7"], "6.7").unwrap();
        assert!(
            both.contains("(6.4/kernbench.txt line 1 and the raw files of this page's rows, normalised)"),
            "{both}"
        );
    }
}
