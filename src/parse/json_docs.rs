//! JSON documents inside a raw file: fio's and iperf3's `-J` reports, one
//! or several a file (LKP's iterations), with other lines around them
//! (a timestamped command line, warnings, a text report of the same run).
//! `serde_json` reads each document; this finds where each starts and ends.

use crate::parse::{Input, ParseError};
use serde_json::Value;

/// One JSON document of a file.
pub struct JsonDoc {
    /// 1-based line of its opening `{`.
    pub first: usize,
    /// 1-based line of its closing `}`.
    pub last: usize,
    /// What `serde_json` read.
    pub value: Value,
}

/// A JSON value as `serde_json` reads it, but an object holding one key
/// twice with two values is an error at that key (attack61: fio's `"bw"` and iperf3's
/// `"bits_per_second"` given twice, the last silently read; the stress-ng
/// YAML reader refuses the same).
struct Unique(Value);

impl<'de> serde::Deserialize<'de> for Unique {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(UniqueVisitor).map(Unique)
    }
}

/// Builds [`Unique`]'s value.
struct UniqueVisitor;

impl<'de> serde::de::Visitor<'de> for UniqueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("a JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }
    fn visit_i64<E>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_u64<E>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }
    fn visit_f64<E>(self, v: f64) -> Result<Value, E> {
        Ok(serde_json::Number::from_f64(v).map_or(Value::Null, Value::Number))
    }
    fn visit_str<E>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }
    fn visit_string<E>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }
    fn visit_unit<E>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }
    fn visit_seq<A: serde::de::SeqAccess<'de>>(self, mut a: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(Unique(v)) = a.next_element()? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }
    fn visit_map<A: serde::de::MapAccess<'de>>(self, mut a: A) -> Result<Value, A::Error> {
        let mut map = serde_json::Map::new();
        while let Some(key) = a.next_key::<String>()? {
            let Unique(v) = a.next_value()?;
            // fio 2.x prints its unused percentile slots as `"0.00" : 0`
            // again and again: a key given twice with one value is no doubt.
            if map.get(&key).is_some_and(|was| *was != v) {
                return Err(serde::de::Error::custom(format!(
                    "the key `{key}` appears twice in one object, which of its values is the run's cannot be told"
                )));
            }
            map.insert(key, v);
        }
        Ok(Value::Object(map))
    }
}

/// Byte offset in `input.text()` of the start of each line.
fn line_starts(input: &Input) -> Vec<usize> {
    let mut starts = Vec::with_capacity(input.lines.len());
    let mut at = 0;
    for l in &input.lines {
        starts.push(at);
        at += l.len() + 1;
    }
    starts
}

/// Every JSON document of `input` that `is_ours` accepts, in file order.
/// A document starts on a line that begins with `{` (alone, or followed by
/// a key); lines between documents are skipped.
///
/// # Errors
/// A document that `serde_json` cannot read (cut short, damaged) while
/// `names_ours(input, index of its first line)` says it is ours is an error
/// at the line `serde_json` stopped on, expecting `what` (`"fio JSON"`).
pub fn json_documents(
    input: &Input,
    is_ours: impl Fn(&Value) -> bool,
    names_ours: impl Fn(&Input, usize) -> bool,
    what: &str,
) -> Result<Vec<JsonDoc>, ParseError> {
    match json_documents_to_cut(input, is_ours, names_ours, what)? {
        (_, Some((_, e))) => Err(e),
        (docs, None) => Ok(docs),
    }
}

/// The complete documents, and the one the file ends inside: its first
/// line and the error naming it incomplete ([`json_documents_to_cut`]).
pub type DocsToCut = (Vec<JsonDoc>, Option<(usize, ParseError)>);

/// [`json_documents`], but a document of ours that the file ends inside
/// (a run killed, a disk filled: `serde_json` reaches the end of the
/// file) is given, not an error: its first line and the error at the line
/// the file ends on, naming it incomplete; the documents before it are
/// read.
///
/// # Errors
/// A document of ours that `serde_json` cannot read for another reason
/// (damaged), at the line it stopped on.
pub fn json_documents_to_cut(
    input: &Input,
    is_ours: impl Fn(&Value) -> bool,
    names_ours: impl Fn(&Input, usize) -> bool,
    what: &str,
) -> Result<DocsToCut, ParseError> {
    let mut docs = Vec::new();
    if !input.has("{") {
        return Ok((docs, None));
    }
    let starts = line_starts(input);
    let text = input.text();
    let mut i = 0;
    while i < input.lines.len() {
        let t = input.lines[i].trim_start();
        // Blanks at the line's end are JSON white space (an editor's or a
        // CI's trailing tabs, attack34: every corpus fio and iperf3 JSON
        // file was skipped so).
        let opens = t.trim_end() == "{" || t.starts_with("{\"") || t.starts_with("{ \"");
        if !opens {
            i += 1;
            continue;
        }
        let from = starts[i] + (input.lines[i].len() - t.len());
        let mut stream = serde_json::Deserializer::from_str(&text[from..]).into_iter::<Unique>();
        match stream.next() {
            Some(Ok(Unique(value))) if is_ours(&value) => {
                let end = from + stream.byte_offset();
                let last = starts.partition_point(|&s| s < end).max(i + 1);
                docs.push(JsonDoc { first: i + 1, last, value });
                i = last;
            }
            Some(Err(e)) if names_ours(input, i) => {
                // serde_json's place is in the document; ours in the file.
                let line = i + e.line().max(1);
                let found = input.lines.get(line - 1).map_or("", |l| l.trim());
                let msg = e.to_string();
                let msg = msg.rsplit_once(" at line ").map_or(msg.as_str(), |(m, _)| m);
                if e.classify() == serde_json::error::Category::Eof {
                    let expected = format!(
                        "{what} to its end: the document opened on line {} is incomplete, the file ends inside it ({msg}; the run killed or the disk full?)",
                        i + 1
                    );
                    return Ok((docs, Some((i + 1, ParseError::malformed(line, expected, found)))));
                }
                return Err(ParseError::malformed(line, format!("{what} ({msg} at column {})", e.column()), found));
            }
            _ => i += 1,
        }
    }
    Ok((docs, None))
}

/// The documents of `docs` to read as runs: each but one that prints a
/// run an earlier document printed already, by the run's own identity
/// (`identity`: fio's `timestamp_ms`, iperf3's `cookie` and `timesecs`;
/// `None` for a document that carries none, always read), said as it
/// is written (`` `timestamp_ms` 1700000000000 ``). For each document
/// left out a note at its first line ([`super::repeats::same_run_again`]:
/// the repeats layer's rule and words for a result pasted again).
/// attack61 (repros fioj-twice, ip3j-twice-edit): such a copy, a figure
/// edited in it, was read as a second run.
pub fn first_of_each_run<'d>(
    docs: &'d [JsonDoc],
    identity: impl Fn(&Value) -> Option<String>,
    notes: &mut Vec<(usize, String)>,
) -> Vec<&'d JsonDoc> {
    // Each identity read → the document that printed it first.
    let mut seen: Vec<(String, &JsonDoc)> = Vec::new();
    let mut runs = Vec::with_capacity(docs.len());
    for doc in docs {
        if let Some(id) = identity(&doc.value) {
            if let Some((_, first)) = seen.iter().find(|(k, _)| *k == id) {
                let edited = first.value != doc.value;
                notes.push((
                    doc.first,
                    super::repeats::same_run_again((doc.first, doc.last), (first.first, first.last), &id, edited),
                ));
                continue;
            }
            seen.push((id, doc));
        }
        runs.push(doc);
    }
    runs
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The same run's document twice (the same identity) is read once: the
    /// later one a note, saying whether its figures were changed; a
    /// document without an identity is always read.
    #[test]
    fn a_document_of_an_identity_read_before_is_a_note() {
        let doc = |first: usize, bw: u64, ms: Option<u64>| JsonDoc {
            first,
            last: first + 2,
            value: match ms {
                Some(ms) => serde_json::json!({"timestamp_ms": ms, "bw": bw}),
                None => serde_json::json!({"bw": bw}),
            },
        };
        let docs = [doc(1, 5, Some(7)), doc(4, 5, Some(7)), doc(7, 6, Some(7)), doc(10, 5, None), doc(13, 5, None)];
        let stamp = |v: &Value| v.get("timestamp_ms").and_then(Value::as_u64).map(|ms| format!("`timestamp_ms` {ms}"));
        let mut notes = Vec::new();
        let read: Vec<usize> = first_of_each_run(&docs, stamp, &mut notes).iter().map(|d| d.first).collect();
        assert_eq!(read, [1, 10, 13]);
        assert_eq!(notes.len(), 2);
        assert_eq!(notes[0].0, 4);
        assert!(
            notes[0]
                .1
                .contains("lines 4-6 print lines 1-3 again, the same run (the same `timestamp_ms` 7): counted once")
        );
        assert!(!notes[0].1.contains("changed"), "{}", notes[0].1);
        assert_eq!(notes[1].0, 7);
        assert!(notes[1].1.contains("with figures changed") && notes[1].1.ends_with("check which is right"));
    }

    /// attack34: a document whose lines end in blanks (JSON white space)
    /// was not seen to open: every fio and iperf3 JSON file was skipped.
    #[test]
    fn trailing_blanks_are_json_white_space() {
        let text = "{\t\n  \"end\": {\"sum\": 1}\t\n}\t\n";
        let docs = json_documents(&Input::from_text(text), |v| v.get("end").is_some(), |_, _| true, "JSON").unwrap();
        assert_eq!(docs.len(), 1);
        assert_eq!((docs[0].first, docs[0].last), (1, 3));
    }

    /// attack61 F6: iperf3 3.x's `sum_sent` with `bits_per_second` given
    /// twice read the last (0.001 Mbits/sec), silently. Refused at the key.
    #[test]
    fn a_key_given_twice_in_one_object_is_refused_at_it() {
        let text = "{\n  \"end\": {\n    \"sum_sent\": {\n      \"start\": 0,\n      \"end\": 10.001274,\n\
                    \x20     \"bytes\": 29439950848,\n      \"bits_per_second\": 23548960540.8271,\n\
                    \x20     \"bits_per_second\": 1000.0,\n      \"sender\": true\n    }\n  }\n}\n";
        let ours = |v: &Value| v.get("end").is_some();
        let e = json_documents(&Input::from_text(text), ours, |_, _| true, "iperf3 JSON").err().expect("refused");
        let ParseError::Malformed { line, expected, .. } = &e else { panic!("{e:?}") };
        assert!(expected.contains("`bits_per_second` appears twice"), "{e:?}");
        assert_eq!(*line, 8, "{e:?}");
        let once = text.replace("      \"bits_per_second\": 1000.0,\n", "");
        let docs = json_documents(&Input::from_text(&once), ours, |_, _| true, "iperf3 JSON").unwrap();
        assert_eq!(docs[0].value["end"]["sum_sent"]["bits_per_second"].as_f64(), Some(23548960540.8271));
    }
}
