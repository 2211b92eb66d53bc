//! lmbench's own column headers per summary section, and the matching of a
//! table's header words against them.
//!
//! Names are found by the words, never by where the words sit: getsummary
//! variants with a wider Host or OS column print the header a column or
//! two off its data, so a word's position does not say which column it
//! names. The words, read in order, and the number of columns (from the
//! dashed rule and the data) do, when exactly one choice of lmbench's
//! columns stacks to those words.

use super::table::join_words;

/// lmbench's column headers per section (1.0, 1.1, 1.9, 2.0, 3.0), in
/// table order, as their stacked header lines joined by `|`
/// (`cache|line|bytes`); a `*` after the first part marks a header spanning
/// the following columns with the same first part (`0K File` over `Create`
/// and `Delete`).
fn catalog(group: &str) -> &'static [&'static str] {
    match group {
        "Processor, Processes" => &[
            "Mhz|",
            "null|call",
            "Null|call",
            "null|I/O",
            "|stat",
            "open|clos",
            "selct|TCP",
            "slct|TCP",
            "selct|",
            "sig|inst",
            "sig|hndl",
            "fork|proc",
            "fork|Proc",
            "exec|proc",
            "exec|Proc",
            "sh|proc",
            "sh|Proc",
            // lmbench 1.0
            "Null|Syscall",
            "Null|Process",
            "Simple|Process",
            "/bin/sh|Process",
            "Mmap|lat",
            "2-proc|ctxsw",
            "8-proc|ctxsw",
        ],
        "Context switching" => &[
            "2p/0K|ctxsw", "2p/16K|ctxsw", "2p/64K|ctxsw", "8p/16K|ctxsw", "8p/64K|ctxsw", "16p/16K|ctxsw",
            "16p/64K|ctxsw",
        ],
        "Local Communication latencies" | "Communication latencies" => {
            &["2p/0K|ctxsw", "Pipe|", "AF|UNIX", "UDP|", "RPC/|UDP", "TCP|", "RPC/|TCP", "TCP|conn"]
        }
        "Remote Communication latencies" => &["UDP|", "RPC/|UDP", "TCP|", "RPC/|TCP", "TCP|conn"],
        "File & VM system latencies" => &[
            "0K File*|Create",
            "0K File*|Delete",
            "10K File*|Create",
            "10K File*|Delete",
            "Mmap|Latency",
            "Prot|Fault",
            "Page|Fault",
            "100fd|selct",
        ],
        "Local Communication bandwidths" | "Communication bandwidths" => &[
            "Pipe|", "AF|UNIX", "TCP|", "File|reread", "Mmap|reread", "Bcopy|(libc)", "Bcopy|(hand)", "Mem|read",
            "Mem|write",
        ],
        "Memory latencies" => &["Mhz|", "L1 $|", "L2 $|", "Main mem|", "Rand mem|", "TLB|", "Guesses|"],
        "Basic integer operations" => &["intgr|bit", "intgr|add", "intgr|mul", "intgr|div", "intgr|mod"],
        "Basic uint64 operations" => &[
            "int64|bit", "int64|add", "int64|mul", "int64|div", "int64|mod", "uint64|bit", "uint64|add", "uint64|mul",
            "uint64|div", "uint64|mod",
        ],
        "Basic float operations" => &["float|add", "float|mul", "float|div", "float|bogo"],
        "Basic double operations" => &["double|add", "double|mul", "double|div", "double|bogo"],
        "Basic system parameters" => &["Description|", "Mhz|", "tlb|pages", "cache|line|bytes", "mem|par", "scal|load"],
        _ => &[],
    }
}

/// One catalog column: its stacked header parts.
struct Entry {
    parts: Vec<&'static str>,
    span: bool,
}

impl Entry {
    fn new(s: &'static str) -> Entry {
        let mut parts: Vec<&'static str> = s.split('|').collect();
        let span = parts[0].ends_with('*');
        if span {
            parts[0] = parts[0].trim_end_matches('*');
        }
        Entry { parts, span }
    }

    fn name(&self) -> String {
        join_words(&self.parts.iter().map(|p| p.to_string()).collect::<Vec<_>>())
    }
}

/// What [`match_names`] is asked: section, header words by line, column count.
type MemoKey = (String, Vec<Vec<String>>, usize);

/// The names of the `n` value columns of section `group` whose headers,
/// stacked, are exactly `lines` (each header line's words, the `Host`/`OS`
/// words removed); `None` when no choice of lmbench's columns gives those
/// words, or when two choices with different names do.
pub(super) fn match_names(group: &str, lines: &[Vec<&str>], n: usize) -> Option<Vec<String>> {
    // An archive repeats the same few headers thousands of times: the
    // search's answer is kept per thread, keyed by everything it reads.
    thread_local! {
        static MEMO: std::cell::RefCell<rustc_hash::FxHashMap<MemoKey, Option<Vec<String>>>> =
            std::cell::RefCell::new(rustc_hash::FxHashMap::default());
    }
    let key = (group.to_string(), lines.iter().map(|l| l.iter().map(|w| w.to_string()).collect()).collect(), n);
    if let Some(hit) = MEMO.with(|m| m.borrow().get(&key).cloned()) {
        return hit;
    }
    let found = search_names(group, lines, n);
    MEMO.with(|m| {
        let mut m = m.borrow_mut();
        // Bounded: a hostile file of endless distinct headers stays small.
        if m.len() >= 1024 {
            m.clear();
        }
        m.insert(key, found.clone());
    });
    found
}

/// [`match_names`] without the memo.
fn search_names(group: &str, lines: &[Vec<&str>], n: usize) -> Option<Vec<String>> {
    let entries: Vec<Entry> = catalog(group).iter().map(|s| Entry::new(s)).collect();
    if n == 0 || entries.len() < n || lines.is_empty() {
        return None;
    }
    let mut s = Search { entries: &entries, lines, n, found: None, ambiguous: false };
    s.go(0, &vec![0; lines.len()], None, &mut Vec::with_capacity(n));
    if s.ambiguous {
        return None;
    }
    s.found
}

struct Search<'a> {
    entries: &'a [Entry],
    lines: &'a [Vec<&'a str>],
    n: usize,
    found: Option<Vec<String>>,
    ambiguous: bool,
}

impl Search<'_> {
    /// Tries entries from `e` on, each taken (when its words come next on
    /// every header line) or left out.
    fn go(&mut self, e: usize, pos: &[usize], prev_span: Option<&str>, chosen: &mut Vec<usize>) {
        if self.ambiguous {
            return;
        }
        if chosen.len() == self.n {
            if pos.iter().zip(self.lines).all(|(p, l)| *p == l.len()) {
                let names: Vec<String> = chosen.iter().map(|&c| self.entries[c].name()).collect();
                match &self.found {
                    Some(f) if *f != names => self.ambiguous = true,
                    Some(_) => {}
                    None => self.found = Some(names),
                }
            }
            return;
        }
        if self.entries.len() - e < self.n - chosen.len() {
            return;
        }
        let en = &self.entries[e];
        if let Some(next) = self.advance(en, pos, prev_span) {
            chosen.push(e);
            self.go(e + 1, &next, en.span.then_some(en.parts[0]), chosen);
            chosen.pop();
        }
        self.go(e + 1, pos, prev_span, chosen);
    }

    /// The header positions after `en`'s words, if they come next.
    fn advance(&self, en: &Entry, pos: &[usize], prev_span: Option<&str>) -> Option<Vec<usize>> {
        if en.parts.iter().skip(self.lines.len()).any(|p| !p.is_empty()) {
            return None;
        }
        let mut next = pos.to_vec();
        for (li, line) in self.lines.iter().enumerate() {
            if li == 0 && en.span && prev_span == Some(en.parts[0]) {
                continue; // the spanning header was printed once, over the first column
            }
            for w in en.parts.get(li).copied().unwrap_or("").split_whitespace() {
                if line.get(next[li]) != Some(&w) {
                    return None;
                }
                next[li] += 1;
            }
        }
        Some(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(s: &str) -> Vec<&str> {
        s.split_whitespace().collect()
    }

    #[test]
    fn names_follow_words_not_positions() {
        let lines = vec![
            words("Pipe AF TCP File Mmap Bcopy Bcopy Mem Mem"),
            words("UNIX reread reread (libc) (hand) read write"),
        ];
        let names = match_names("Local Communication bandwidths", &lines, 9).unwrap();
        assert_eq!(names[5..].to_vec(), ["Bcopy (libc)", "Bcopy (hand)", "Mem read", "Mem write"]);
        assert_eq!(match_names("Local Communication bandwidths", &lines, 8), None);
    }

    #[test]
    fn three_line_and_spanning_headers() {
        let lines = vec![words("Description Mhz tlb cache mem scal"), words("pages line par load"), words("bytes")];
        let names = match_names("Basic system parameters", &lines, 6).unwrap();
        assert_eq!(names, ["Description", "Mhz", "tlb pages", "cache line bytes", "mem par", "scal load"]);
        let lines =
            vec![words("0K File 10K File Mmap Prot Page"), words("Create Delete Create Delete Latency Fault Fault")];
        let names = match_names("File & VM system latencies", &lines, 7).unwrap();
        assert_eq!(names[..4].to_vec(), ["0K File Create", "0K File Delete", "10K File Create", "10K File Delete"]);
    }

    #[test]
    fn lmbench_10_processor_and_memory() {
        let lines = vec![
            words("Mhz Null Null Simple /bin/sh Mmap 2-proc 8-proc"),
            words("Syscall Process Process Process lat ctxsw ctxsw"),
        ];
        let names = match_names("Processor, Processes", &lines, 8).unwrap();
        assert_eq!(names[1..4].to_vec(), ["Null Syscall", "Null Process", "Simple Process"]);
        let lines = vec![words("Mhz L1 $ L2 $ Main mem TLB Guesses")];
        assert_eq!(match_names("Memory latencies", &lines, 6).unwrap()[4], "TLB");
    }
}
