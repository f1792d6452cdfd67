//! Strict reading of the text files grundy writes and reads back: JSON
//! that may not repeat a key (at any depth) and, read into a struct with
//! `#[serde(deny_unknown_fields)]`, may not carry a key the writer does not
//! write; and text compared line by line, byte for byte, with what the
//! writer writes (`\n` line ends, no byte-order mark, a final line end,
//! nothing after it).
//!
//! `serde_json` alone keeps the last of two equal keys (`"period": 13,
//! "period": 12` reads as 12) and ignores unknown keys, and line readers
//! accept `\r\n` and a missing final line end: files a writer never writes
//! would then be read as if it had.

use grundy_core::error::{Error, Result};
use serde::de::{DeserializeOwned, DeserializeSeed, Error as _, MapAccess, SeqAccess, Visitor};
use serde::Deserializer;
use serde_json::Value;
use std::collections::BTreeSet;
use std::io::BufRead;
use std::path::Path;

/// Reads `bytes`, the contents of the JSON file `path`, into `T`, refusing
/// a repeated key at any depth and, when `T` is declared with
/// `#[serde(deny_unknown_fields)]`, a key `T` does not have.
///
/// # Errors
/// [`Error::CorruptDataset`] naming `path` and, for a repeated key, the
/// key's path in the document (`forced_loop_endgames[0].move`), with the
/// line and column; [`Error::Undecodable`] with `serde_json`'s error as its
/// source for anything else that is not the expected document.
pub fn from_json<T: DeserializeOwned>(path: &Path, bytes: &[u8]) -> Result<T> {
    check_unique_keys(bytes).map_err(|e| corrupt(path, e.to_string()))?;
    serde_json::from_slice(bytes).map_err(|e| Error::Undecodable {
        path: path.to_path_buf(),
        what: "not the document its format describes".into(),
        source: Box::new(e),
    })
}

/// [`from_json`] into a [`serde_json::Value`] (every key kept, none
/// repeated), for a caller that checks the keys itself.
///
/// # Errors
/// As [`from_json`].
pub fn json_value(path: &Path, bytes: &[u8]) -> Result<Value> {
    from_json(path, bytes)
}

/// Checks that no object in the JSON text `bytes` repeats a key.
///
/// # Errors
/// The JSON error for text that is not one JSON value, or a custom one
/// naming the repeated key's path, with its line and column.
pub fn check_unique_keys(bytes: &[u8]) -> std::result::Result<(), serde_json::Error> {
    let mut de = serde_json::Deserializer::from_slice(bytes);
    UniqueKeys { at: "" }.deserialize(&mut de)?;
    de.end()
}

fn corrupt(path: &Path, reason: String) -> Error {
    Error::CorruptDataset {
        path: path.to_path_buf(),
        reason,
    }
}

/// A visitor walking any JSON value, refusing an object that repeats a
/// key; `at` is the path of the value visited (empty for the document).
struct UniqueKeys<'a> {
    at: &'a str,
}

impl<'de> DeserializeSeed<'de> for UniqueKeys<'_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> std::result::Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for UniqueKeys<'_> {
    type Value = ();

    fn expecting(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E>(self, _: bool) -> std::result::Result<(), E> {
        Ok(())
    }

    fn visit_i64<E>(self, _: i64) -> std::result::Result<(), E> {
        Ok(())
    }

    fn visit_u64<E>(self, _: u64) -> std::result::Result<(), E> {
        Ok(())
    }

    fn visit_f64<E>(self, _: f64) -> std::result::Result<(), E> {
        Ok(())
    }

    fn visit_str<E>(self, _: &str) -> std::result::Result<(), E> {
        Ok(())
    }

    fn visit_unit<E>(self) -> std::result::Result<(), E> {
        Ok(())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> std::result::Result<(), A::Error> {
        let mut i = 0usize;
        while seq
            .next_element_seed(UniqueKeys {
                at: &format!("{}[{i}]", self.at),
            })?
            .is_some()
        {
            i = i.saturating_add(1);
        }
        Ok(())
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> std::result::Result<(), A::Error> {
        let mut seen = BTreeSet::new();
        while let Some(key) = map.next_key::<String>()? {
            let at = if self.at.is_empty() {
                key.clone()
            } else {
                format!("{}.{key}", self.at)
            };
            if !seen.insert(key) {
                return Err(A::Error::custom(format!(
                    "duplicate key {at:?} (grundy writes each key once)"
                )));
            }
            map.next_value_seed(UniqueKeys { at: &at })?;
        }
        Ok(())
    }
}

/// The first difference between two JSON values, as found by
/// [`json_difference`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonDifference {
    /// Where: keys joined by `.`, array entries as `[i]`; empty for the
    /// whole document.
    pub field: String,
    /// The value in the file, `None` when the file lacks the field.
    pub file: Option<String>,
    /// The expected value, `None` when the field should not be there.
    pub expected: Option<String>,
}

/// The first difference between a value read from a file (`file`) and the
/// expected one: objects are compared key by key (the expected keys first,
/// in order, then any key the file has in excess), arrays of equal length
/// entry by entry, anything else as a whole. `field` is the path of the
/// values compared (empty for whole documents).
pub fn json_difference(field: &str, file: &Value, expected: &Value) -> Option<JsonDifference> {
    let join = |k: &str| {
        if field.is_empty() {
            k.to_string()
        } else {
            format!("{field}.{k}")
        }
    };
    match (file, expected) {
        (Value::Object(f), Value::Object(e)) => {
            for (k, ev) in e {
                match f.get(k) {
                    Some(fv) => {
                        if let Some(d) = json_difference(&join(k), fv, ev) {
                            return Some(d);
                        }
                    }
                    None => {
                        return Some(JsonDifference {
                            field: join(k),
                            file: None,
                            expected: Some(ev.to_string()),
                        })
                    }
                }
            }
            f.iter()
                .find(|(k, _)| !e.contains_key(*k))
                .map(|(k, fv)| JsonDifference {
                    field: join(k),
                    file: Some(fv.to_string()),
                    expected: None,
                })
        }
        (Value::Array(f), Value::Array(e)) if f.len() == e.len() => f
            .iter()
            .zip(e)
            .enumerate()
            .find_map(|(i, (fv, ev))| json_difference(&format!("{field}[{i}]"), fv, ev)),
        _ if file == expected => None,
        _ => Some(JsonDifference {
            field: field.to_string(),
            file: Some(file.to_string()),
            expected: Some(expected.to_string()),
        }),
    }
}

/// Where a text file first differs from what grundy writes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineDifference {
    /// The 1-based line number.
    pub line: u64,
    /// What is wrong with that line, for instance `ends in CR LF; grundy
    /// ends lines with LF only` or `file has "31,3", expected "31,2"`.
    pub what: String,
}

impl std::fmt::Display for LineDifference {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.what)
    }
}

/// At most 60 characters of a line, without its line end, quoted.
fn quote(line: &[u8]) -> String {
    let line = line.strip_suffix(b"\n").unwrap_or(line);
    let s = String::from_utf8_lossy(line);
    let cut: String = s.chars().take(60).collect();
    let more = if s.chars().count() > 60 { "..." } else { "" };
    format!("{cut:?}{more}")
}

/// How `got` (a line of a file with its `\n`, if it has one; `None` past
/// the end of the file) differs from `want` (the line grundy writes there,
/// with its `\n`; `None` past the end of what it writes), if it does.
fn describe(got: Option<&[u8]>, want: Option<&[u8]>) -> Option<String> {
    let (got, want) = match (got, want) {
        (g, w) if g == w => return None,
        (None, Some(w)) => return Some(format!("the file ends; expected {}", quote(w))),
        (Some(g), None) => {
            return Some(format!(
                "file has {}, after the last line grundy writes",
                quote(g)
            ))
        }
        (Some(g), Some(w)) => (g, w),
        (None, None) => return None,
    };
    let body = want.strip_suffix(b"\n").unwrap_or(want);
    Some(if got.strip_suffix(b"\r\n") == Some(body) {
        "ends in CR LF; grundy ends lines with LF only".into()
    } else if got == body && got.len() < want.len() {
        "has no line end; grundy ends every line with LF".into()
    } else if got.strip_prefix(b"\xEF\xBB\xBF") == Some(want) {
        "starts with a byte-order mark, which grundy does not write".into()
    } else {
        format!("file has {}, expected {}", quote(got), quote(want))
    })
}

/// The first line where the text `read` differs from `expected`, what
/// grundy writes (lines end in `\n`), byte for byte.
pub fn first_line_difference(read: &[u8], expected: &[u8]) -> Option<LineDifference> {
    if read == expected {
        return None;
    }
    let mut r = read.split_inclusive(|&b| b == b'\n');
    let mut e = expected.split_inclusive(|&b| b == b'\n');
    let mut line = 1u64;
    loop {
        let (got, want) = (r.next(), e.next());
        if let Some(what) = describe(got, want) {
            return Some(LineDifference { line, what });
        }
        // Both texts ended together: unreachable, equal texts returned above.
        got?;
        line = line.saturating_add(1);
    }
}

/// Compares the file at `path`, streamed line by line, with the lines
/// grundy writes there (`expected`, each without its `\n`), byte for byte:
/// every line must end in `\n` alone and nothing may follow the last one.
/// `context(i)` says what line `i` (0-based) holds, for the message.
///
/// # Errors
/// [`Error::Io`] if the file cannot be read; [`Error::VerificationFailed`]
/// naming `path` and the first line that differs, for instance
/// `line 33 (n = 31, field nimber): file has "31,3", expected "31,2"`.
pub fn compare_lines(
    path: &Path,
    expected: impl Iterator<Item = String>,
    context: impl Fn(usize) -> String,
) -> Result<()> {
    let file = std::fs::File::open(path).map_err(Error::io("cannot read", path))?;
    let mut r = std::io::BufReader::new(file);
    let mut got = Vec::new();
    let mut want = String::new();
    let mut lines = 0usize;
    for (i, w) in expected.enumerate() {
        got.clear();
        r.read_until(b'\n', &mut got)
            .map_err(Error::io("cannot read", path))?;
        want.clear();
        want.push_str(&w);
        want.push('\n');
        let g = (!got.is_empty()).then_some(got.as_slice());
        if let Some(what) = describe(g, Some(want.as_bytes())) {
            let line = i.saturating_add(1);
            return Err(Error::VerificationFailed {
                path: path.to_path_buf(),
                reason: format!("line {line} ({}): {what}", context(i)),
            });
        }
        lines = i.saturating_add(1);
    }
    got.clear();
    r.read_until(b'\n', &mut got)
        .map_err(Error::io("cannot read", path))?;
    if let Some(what) = describe((!got.is_empty()).then_some(got.as_slice()), None) {
        return Err(Error::VerificationFailed {
            path: path.to_path_buf(),
            reason: format!("line {}: {what}", lines.saturating_add(1)),
        });
    }
    Ok(())
}

/// Checks that `read`, the bytes of `path`, are exactly `written`, the
/// bytes grundy writes for the values read from them: a file that parses
/// to the right values but is laid out otherwise (spacing, quoting, key or
/// column order, line ends, a byte-order mark) is refused.
///
/// # Errors
/// [`Error::CorruptDataset`] naming `path` and the first line that differs.
pub fn check_as_written(path: &Path, read: &[u8], written: &[u8]) -> Result<()> {
    match first_line_difference(read, written) {
        None => Ok(()),
        Some(d) => Err(corrupt(
            path,
            format!("not as grundy writes it: line {}: {}", d.line, d.what),
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct S {
        a: u32,
        b: Vec<Value>,
    }

    #[test]
    fn repeated_and_unknown_keys_are_refused() {
        let p = Path::new("s.json");
        // The message with its source, as the command line prints it.
        let err = |t: &str| {
            let e = from_json::<S>(p, t.as_bytes()).unwrap_err();
            match std::error::Error::source(&e) {
                Some(s) => format!("{e}: {s}"),
                None => e.to_string(),
            }
        };
        assert!(from_json::<S>(p, br#"{"a": 1, "b": [{"x": 1}, {"x": 2}]}"#).is_ok());
        let e = err(r#"{"a": 13, "a": 12, "b": []}"#);
        assert!(
            e.contains("s.json") && e.contains("duplicate key \"a\""),
            "{e}"
        );
        let e = err(r#"{"a": 1, "b": [{"x": 1}, {"y": 1, "x": 2, "y": 3}]}"#);
        assert!(e.contains("duplicate key \"b[1].y\""), "{e}");
        // The same key spelled with an escape is the same key.
        assert!(err(r#"{"a": 1, "\u0061": 1, "b": []}"#).contains("duplicate key"));
        let e = err(r#"{"a": 1, "b": [], "c": 0}"#);
        assert!(e.contains("unknown field `c`"), "{e}");
        assert!(err(r#"{"a": 1, "b": []} x"#).contains("trailing"));
        assert!(json_value(p, b"[1, {\"k\": {\"k\": 1, \"k\": 2}}]")
            .unwrap_err()
            .to_string()
            .contains("duplicate key \"[1].k.k\""));
    }

    #[test]
    fn json_differences_name_the_field() {
        let f: Value = serde_json::from_str(r#"{"a": [1, {"b": 2}], "c": 3}"#).unwrap();
        let e: Value = serde_json::from_str(r#"{"a": [1, {"b": 4}]}"#).unwrap();
        let d = json_difference("", &f, &e).unwrap();
        assert_eq!(
            (d.field.as_str(), d.file.as_deref(), d.expected.as_deref()),
            ("a[1].b", Some("2"), Some("4"))
        );
        let d = json_difference("", &f, &f.clone()).is_none();
        assert!(d);
        let mut g = f.clone();
        g["a"][1]["b"] = Value::from(4);
        let d = json_difference("", &g, &e).unwrap();
        assert_eq!((d.field.as_str(), d.expected), ("c", None));
        let d = json_difference("", &e, &g).unwrap();
        assert_eq!((d.field.as_str(), d.file), ("c", None));
    }

    #[test]
    fn text_is_compared_byte_for_byte() {
        let want = b"n,nimber\n0,0\n1,1\n";
        let diff = |got: &[u8]| first_line_difference(got, want).map(|d| d.to_string());
        assert_eq!(diff(want), None);
        assert_eq!(
            diff(b"n,nimber\r\n0,0\r\n1,1\r\n").unwrap(),
            "line 1: ends in CR LF; grundy ends lines with LF only"
        );
        assert!(diff(b"n,nimber\n0,0\n1,1")
            .unwrap()
            .starts_with("line 3: has no line end"));
        assert!(diff(b"\xEF\xBB\xBFn,nimber\n0,0\n1,1\n")
            .unwrap()
            .starts_with("line 1: starts with a byte-order mark"));
        assert_eq!(
            diff(b"n,nimber\n0,0 \n1,1\n").unwrap(),
            "line 2: file has \"0,0 \", expected \"0,0\""
        );
        assert!(diff(b"n,nimber\n0,0\n")
            .unwrap()
            .starts_with("line 3: the file ends"));
        assert!(diff(b"n,nimber\n0,0\n1,1\n\n")
            .unwrap()
            .starts_with("line 4: file has \"\", after the last line"));
    }

    #[test]
    fn streamed_lines_are_compared_byte_for_byte() {
        let d = tempfile::tempdir().unwrap();
        let p = d.path().join("t.csv");
        let check = |bytes: &[u8]| {
            std::fs::write(&p, bytes).unwrap();
            let lines = ["a", "b"].into_iter().map(String::from);
            compare_lines(&p, lines, |i| format!("row {i}")).map_err(|e| e.to_string())
        };
        assert_eq!(check(b"a\nb\n"), Ok(()));
        let e = check(b"a\r\nb\r\n").unwrap_err();
        assert!(e.contains("t.csv: line 1 (row 0): ends in CR LF"), "{e}");
        assert!(check(b"a\nb")
            .unwrap_err()
            .contains("line 2 (row 1): has no line end"));
        assert!(check(b"a\n")
            .unwrap_err()
            .contains("line 2 (row 1): the file ends"));
        assert!(check(b"a\nb\nc\n")
            .unwrap_err()
            .contains("line 3: file has \"c\", after the last line"));
        assert!(check(b"a\nb\n\n").unwrap_err().contains("line 3"));
    }
}
