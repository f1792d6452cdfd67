//! Game graphs as CSV edge lists, and the table of their values.
//!
//! Input: a CSV file whose first line is the header `from,to` and whose
//! every other line is one edge `FROM,TO` — a move from the position named
//! `FROM` to the position named `TO`. Names are any non-empty UTF-8
//! strings, taken literally (no trimming; CSV quoting allows commas and
//! quotes in names). Blank lines are skipped. Repeated edges and self-loops
//! are allowed. Vertices are numbered in the order their names first
//! appear in the file.
//!
//! Output: one row per vertex in that order, with columns
//! `vertex,grundy,outcome,winning_option`: the name, γ (`3`, or `∞(0,2)`,
//! `∞()` when infinite; see [`Gamma`]), the outcome `P`, `N` or `D`, and for
//! an N-position the first option of value 0 in file order (empty
//! otherwise). Or, as JSON, one object
//! `{"vertices": n, "edges": m, "cyclic": bool, "values": [{"vertex", "grundy", "outcome", "first_player_wins", "winning_option"}, …]}`
//! with `grundy` a number or the `∞(…)` text and `winning_option` a name or
//! `null`.

#![warn(clippy::arithmetic_side_effects)]

use grundy_core::error::{EdgeListError, Error, Result};
use grundy_games::graph::{Digraph, Gamma, Solution};
use rustc_hash::FxHashMap;
use serde::Serialize;
use std::fmt::Write as _;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// The column names of the input header.
pub const INPUT_HEADER: [&str; 2] = ["from", "to"];
/// The column names of the output table.
pub const OUTPUT_HEADER: [&str; 4] = ["vertex", "grundy", "outcome", "winning_option"];

/// Vertex names by id, stored end to end in one string.
///
/// Memory: the names' bytes plus 8 bytes per name.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names {
    text: String,
    /// `ends[i]` is where name `i` ends in `text`.
    ends: Vec<usize>,
}

impl Names {
    /// No names.
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends `name`; its id is the previous [`len`](Names::len).
    pub fn push(&mut self, name: &str) {
        self.text.push_str(name);
        self.ends.push(self.text.len());
    }

    /// Number of names.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The name of vertex `id`, if there is one.
    pub fn get(&self, id: u32) -> Option<&str> {
        let i = id as usize;
        let end = *self.ends.get(i)?;
        let start = i.checked_sub(1).map_or(0, |j| self.ends[j]);
        self.text.get(start..end)
    }

    /// The id of `name`, by a linear scan (for tests and small lookups).
    pub fn position(&self, name: &str) -> Option<u32> {
        self.iter().position(|n| n == name).map(|i| i as u32)
    }

    /// The names in id order.
    pub fn iter(&self) -> impl Iterator<Item = &str> + '_ {
        let starts = std::iter::once(0).chain(self.ends.iter().copied());
        starts
            .zip(self.ends.iter().copied())
            .map(|(a, b)| &self.text[a..b])
    }
}

impl std::ops::Index<u32> for Names {
    type Output = str;
    /// The name of vertex `id`.
    ///
    /// # Panics
    /// If `id >= len()`.
    fn index(&self, id: u32) -> &str {
        self.get(id).expect("vertex id in range")
    }
}

impl<'a> FromIterator<&'a str> for Names {
    fn from_iter<I: IntoIterator<Item = &'a str>>(iter: I) -> Self {
        let mut n = Names::new();
        for s in iter {
            n.push(s);
        }
        n
    }
}

/// An edge list as read from a file: vertex names by id (first-appearance
/// order) and the edges as `(from, to)` id pairs in file order.
///
/// Memory: 8 bytes per edge, and per vertex its name plus 8 bytes.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EdgeList {
    /// The name of each vertex id.
    pub names: Names,
    /// The edges, in file order.
    pub edges: Vec<(u32, u32)>,
}

impl EdgeList {
    /// The graph of these edges (see [`Digraph::new`]).
    ///
    /// # Errors
    /// [`Error::OutOfRange`] for `2^32 - 1` edges or more.
    pub fn digraph(&self) -> Result<Digraph> {
        Digraph::new(self.names.len(), &self.edges)
    }

    /// The names and the graph, freeing the edge list as early as possible
    /// (see [`Digraph::from_edge_vec`]).
    ///
    /// # Errors
    /// As [`digraph`](EdgeList::digraph).
    pub fn into_digraph(self) -> Result<(Names, Digraph)> {
        let g = Digraph::from_edge_vec(self.names.len(), self.edges)?;
        Ok((self.names, g))
    }
}

impl std::fmt::Display for EdgeList {
    /// The edge list as CSV (header `from,to`, names quoted where CSV
    /// needs it), which [`read_edges`] reads back to an equal list. A list
    /// with vertices on no edge prints without them.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut w = csv::Writer::from_writer(Vec::new());
        let mut rows = vec![[INPUT_HEADER[0], INPUT_HEADER[1]]];
        for &(a, b) in &self.edges {
            rows.push([&self.names[a], &self.names[b]]);
        }
        for r in rows {
            w.write_record(r).map_err(|_| std::fmt::Error)?;
        }
        let bytes = w.into_inner().map_err(|_| std::fmt::Error)?;
        f.write_str(&String::from_utf8_lossy(&bytes))
    }
}

/// Assigns ids to names in first-appearance order. Names of at most 15
/// bytes are keyed inline (two words, no pointer to follow), longer ones
/// by their bytes.
#[derive(Default)]
struct Interner {
    short: FxHashMap<(u64, u64), u32>,
    long: FxHashMap<Box<[u8]>, u32>,
    names: Names,
}

impl Interner {
    /// The inline key of a name of at most 15 bytes: the bytes, then the
    /// length in the last byte.
    fn short_key(name: &[u8]) -> Option<(u64, u64)> {
        (name.len() < 16).then(|| {
            let mut b = [0u8; 16];
            b[..name.len()].copy_from_slice(name);
            b[15] = name.len() as u8;
            let (lo, hi) = b.split_at(8);
            (
                u64::from_le_bytes(lo.try_into().unwrap_or_default()),
                u64::from_le_bytes(hi.try_into().unwrap_or_default()),
            )
        })
    }

    /// The id of `name`, new ones numbered from 0 in order. The error is
    /// the reason a new name is refused.
    fn id(&mut self, name: &[u8], column: &'static str) -> std::result::Result<u32, EdgeListError> {
        let key = Self::short_key(name);
        let known = match key {
            Some(k) => self.short.get(&k),
            None => self.long.get(name),
        };
        if let Some(&id) = known {
            return Ok(id);
        }
        if name.is_empty() {
            return Err(EdgeListError::EmptyName { column });
        }
        let Ok(text) = std::str::from_utf8(name) else {
            return Err(EdgeListError::NameNotUtf8 { column });
        };
        let id = self.names.len() as u32;
        if id >= u32::MAX - 1 {
            return Err(EdgeListError::TooManyVertices);
        }
        match key {
            Some(k) => self.short.insert(k, id),
            None => self.long.insert(name.into(), id),
        };
        self.names.push(text);
        Ok(id)
    }
}

/// Reads the edge list in the file at `path` (see the module
/// documentation for the format). O(file size) time with one hash lookup
/// per name occurrence.
///
/// # Errors
/// [`Error::Io`] if the file cannot be opened or read;
/// [`Error::MalformedLine`] (with the 1-based line number) for a missing or
/// wrong header, a line without exactly two columns, an empty name or a
/// name that is not UTF-8.
pub fn read_edge_list(path: &Path) -> Result<EdgeList> {
    let file = std::fs::File::open(path).map_err(Error::io("cannot read", path))?;
    read_edges(file, &path.display().to_string())
}

/// Reads an edge list from `r`; `name` is how errors refer to the input
/// (the file name, or `-` for standard input).
///
/// # Errors
/// As [`read_edge_list`]; read errors are [`Error::Io`] on `name`.
pub fn read_edges<R: Read>(r: R, name: &str) -> Result<EdgeList> {
    let mut rdr = csv::ReaderBuilder::new()
        .has_headers(false)
        .flexible(true)
        .buffer_capacity(1 << 16)
        .from_reader(Recent::new(r));
    let malformed = |line: u64, source: EdgeListError| Error::MalformedLine {
        path: name.to_string(),
        line,
        source: source.into(),
    };
    let mut rec = csv::ByteRecord::new();
    // The record's position is just past the previous record (csv skips
    // blank lines silently): add the newlines skipped before the record.
    let line_of = |rec: &csv::ByteRecord, rdr: &csv::Reader<Recent<R>>| {
        rec.position().map_or(0, |p| {
            let skipped = rdr.get_ref().bytes_from(p.byte()).map_or(0, |b| {
                b.iter()
                    .take_while(|&&c| c == b'\n' || c == b'\r')
                    .filter(|&&c| c == b'\n')
                    .count() as u64
            });
            p.line().saturating_add(skipped)
        })
    };

    if !rdr
        .read_byte_record(&mut rec)
        .map_err(|e| csv_error(e, name))?
    {
        return Err(malformed(1, EdgeListError::Empty));
    }
    let first = rec
        .get(0)
        .map(|f| f.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(f));
    if rec.len() != 2 || first != Some(b"from") || rec.get(1) != Some(b"to") {
        let found: Vec<String> = rec
            .iter()
            .map(|f| String::from_utf8_lossy(f).into())
            .collect();
        let mut found = found.join(",");
        if found.chars().count() > 60 {
            found = found.chars().take(60).collect::<String>() + "…";
        }
        return Err(malformed(
            line_of(&rec, &rdr),
            EdgeListError::Header { found },
        ));
    }

    let mut interner = Interner::default();
    let mut edges: Vec<(u32, u32)> = Vec::new();
    let mut last_from: Vec<u8> = Vec::new();
    let mut last_from_id = u32::MAX;
    while rdr
        .read_byte_record(&mut rec)
        .map_err(|e| csv_error(e, name))?
    {
        if rec.len() != 2 {
            return Err(malformed(
                line_of(&rec, &rdr),
                EdgeListError::Columns { found: rec.len() },
            ));
        }
        // Edge lists are often grouped by source: reuse the last one's id.
        let from = if last_from_id != u32::MAX && last_from.as_slice() == &rec[0] {
            Ok(last_from_id)
        } else {
            interner.id(&rec[0], INPUT_HEADER[0])
        };
        let to = interner.id(&rec[1], INPUT_HEADER[1]);
        match (from, to) {
            (Ok(a), Ok(b)) => {
                if a != last_from_id {
                    last_from.clear();
                    last_from.extend_from_slice(&rec[0]);
                    last_from_id = a;
                }
                edges.push((a, b));
            }
            (Err(e), _) | (_, Err(e)) => return Err(malformed(line_of(&rec, &rdr), e)),
        }
    }
    edges.shrink_to_fit();
    let mut names = interner.names;
    names.text.shrink_to_fit();
    names.ends.shrink_to_fit();
    Ok(EdgeList { names, edges })
}

/// A reader keeping at least the last [`Recent::WINDOW`] bytes it passed on, so a
/// record's first line can be found after the fact (csv reports only where
/// the previous record ended).
struct Recent<R> {
    inner: R,
    /// The most recent bytes, ending at offset `total`.
    window: Vec<u8>,
    /// Bytes read so far.
    total: u64,
}

impl<R> Recent<R> {
    /// How many recent bytes are kept.
    const WINDOW: usize = 1 << 20;

    fn new(inner: R) -> Self {
        Recent {
            inner,
            window: Vec::new(),
            total: 0,
        }
    }

    /// The input from `offset` to the last byte read, if still kept.
    fn bytes_from(&self, offset: u64) -> Option<&[u8]> {
        let start = self.total.saturating_sub(self.window.len() as u64);
        let at = usize::try_from(offset.checked_sub(start)?).ok()?;
        (offset <= self.total).then(|| &self.window[at..])
    }
}

impl<R: Read> Read for Recent<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.inner.read(buf)?;
        let new = &buf[..n.min(buf.len())];
        // Grow to twice the window, then drop the older half: O(1) copying
        // per byte read.
        if self.window.len().saturating_add(new.len()) > Self::WINDOW.saturating_mul(2) {
            let keep = Self::WINDOW
                .saturating_sub(new.len())
                .min(self.window.len());
            self.window.drain(..self.window.len().saturating_sub(keep));
        }
        self.window
            .extend_from_slice(&new[new.len().saturating_sub(Self::WINDOW.saturating_mul(2))..]);
        self.total = self.total.saturating_add(n as u64);
        Ok(n)
    }
}

/// A CSV reading error: an I/O error as [`Error::Io`], anything else as
/// [`Error::MalformedLine`] at its line.
fn csv_error(e: csv::Error, name: &str) -> Error {
    let line = e.position().map_or(0, |p| p.line());
    let text = e.to_string();
    match e.into_kind() {
        csv::ErrorKind::Io(source) => Error::Io {
            action: "cannot read",
            path: PathBuf::from(name),
            source,
        },
        _ => Error::MalformedLine {
            path: name.to_string(),
            line,
            source: EdgeListError::Csv {
                source: text.into(),
            }
            .into(),
        },
    }
}

/// A CSV writing error as an I/O error, keeping the kind of an underlying
/// I/O error (so a closed pipe stays `BrokenPipe`).
fn to_io(e: csv::Error) -> std::io::Error {
    match e.into_kind() {
        csv::ErrorKind::Io(e) => e,
        k => std::io::Error::other(format!("{k:?}")),
    }
}

/// Writes the value table as CSV (header [`OUTPUT_HEADER`], one row per
/// vertex in id order; see the module documentation) to `w`.
///
/// `names`, `g` and `s` must describe the same vertices.
///
/// # Errors
/// Any I/O error of `w`.
pub fn write_csv(
    w: &mut dyn Write,
    names: &Names,
    g: &Digraph,
    s: &Solution,
) -> std::io::Result<()> {
    let mut out = csv::WriterBuilder::new().from_writer(w);
    out.write_record(OUTPUT_HEADER).map_err(to_io)?;
    let mut value = String::new();
    for v in g.vertices() {
        value.clear();
        match s.finite(v) {
            Some(x) => {
                let _ = write!(value, "{x}");
            }
            None => {
                let _ = write!(value, "{}", s.gamma(v));
            }
        }
        let win = s.winning_option(g, v).map_or("", |w| &names[w]);
        out.write_record([
            names[v].as_bytes(),
            value.as_bytes(),
            s.outcome(v).as_str().as_bytes(),
            win.as_bytes(),
        ])
        .map_err(to_io)?;
    }
    out.flush()
}

/// One row of the JSON table.
#[derive(Serialize)]
struct Row<'a> {
    vertex: &'a str,
    grundy: Gamma,
    outcome: &'static str,
    first_player_wins: bool,
    winning_option: Option<&'a str>,
}

/// Writes the value table as one JSON object on one line (see the module
/// documentation), followed by a newline, to `w`.
///
/// # Errors
/// Any I/O error of `w`.
pub fn write_json(
    w: &mut dyn Write,
    names: &Names,
    g: &Digraph,
    s: &Solution,
) -> std::io::Result<()> {
    write!(
        w,
        "{{\"vertices\":{},\"edges\":{},\"cyclic\":{},\"values\":[",
        g.vertex_count(),
        g.edge_count(),
        s.is_cyclic()
    )?;
    for v in g.vertices() {
        if v > 0 {
            w.write_all(b",")?;
        }
        let row = Row {
            vertex: &names[v],
            grundy: s.gamma(v),
            outcome: s.outcome(v).as_str(),
            first_player_wins: s.outcome(v).as_str() == "N",
            winning_option: s.winning_option(g, v).map(|w| &names[w]),
        };
        serde_json::to_writer(&mut *w, &row)?;
    }
    w.write_all(b"]}\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<EdgeList> {
        read_edges(text.as_bytes(), "t.csv")
    }

    #[test]
    fn reads_names_in_first_appearance_order() {
        let e = read("from,to\nb,a\n\"x,y\",b\nb,b\n").unwrap();
        assert_eq!(e.names.iter().collect::<Vec<_>>(), ["b", "a", "x,y"]);
        assert_eq!(e.names, ["b", "a", "x,y"].into_iter().collect::<Names>());
        assert_eq!(
            (&e.names[2], e.names.get(3), e.names.position("a")),
            ("x,y", None, Some(1))
        );
        assert_eq!(e.edges, [(0, 1), (2, 0), (0, 0)]);
        // Short and long names, and a short name that is a prefix of a long one.
        let long = "a-name-longer-than-fifteen-bytes";
        let e = read(&format!("from,to\n{long},a\na,{long}\na-name-longer-t,a\n")).unwrap();
        assert_eq!(
            e.names.iter().collect::<Vec<_>>(),
            [long, "a", "a-name-longer-t"]
        );
        assert_eq!(e.edges, [(0, 1), (1, 0), (2, 1)]);
        // Names of 15 and 16 bytes, and one with a NUL byte, stay distinct.
        let e = read("from,to\n123456789012345,1234567890123456\na\0,a\n").unwrap();
        assert_eq!(e.names.len(), 4);
        assert_eq!(e.edges, [(0, 1), (2, 3)]);
        // A header alone is an empty graph; CRLF and a BOM are accepted.
        assert_eq!(read("from,to\n").unwrap(), EdgeList::default());
        assert_eq!(read("\u{feff}from,to\r\na,b\r\n").unwrap().edges, [(0, 1)]);
    }

    #[test]
    fn edge_lists_print_back() {
        let e = read("from,to\nb,a\n\"x,y\",b\nb,b\n\"q\"\"\nr\",a\n").unwrap();
        assert_eq!(read(&e.to_string()).unwrap(), e);
    }

    #[test]
    fn malformed_lines_are_numbered() {
        let msg = |t: &str| read(t).unwrap_err().to_string();
        assert_eq!(
            msg(""),
            "t.csv line 1: empty input: expected the header `from,to`"
        );
        assert!(msg("src,dst\na,b\n")
            .contains("line 1: expected the header `from,to`, found `src,dst`"));
        assert!(
            msg("from,to\na,b\na,b,c\n").contains("line 3: expected 2 columns `from,to`, found 3")
        );
        assert!(msg("from,to\na\n").contains("line 2: expected 2 columns `from,to`, found 1"));
        assert!(msg("from,to\na,b\n,b\n").contains("line 3: empty vertex name in column `from`"));
        assert!(msg("from,to\n,b\n").contains("line 2: empty vertex name in column `from`"));
        // Blank lines (LF or CRLF) and quoted multi-line names keep the count.
        assert!(msg("\nfrom,to\n\na,b\n\n\n\nc\n").contains("line 8: expected 2"));
        assert!(msg("from,to\r\n\r\na,b\r\n\r\nc\r\n").contains("line 5: expected 2"));
        assert!(msg("from,to\n\"a\nb\",c\n\nd,e,f\n").contains("line 5: expected 2"));
        assert!(msg("from,to\na,b\n\nc").contains("line 4: expected 2"));
        let bad = read_edges(&b"from,to\na,\xff\n"[..], "t.csv")
            .unwrap_err()
            .to_string();
        assert!(
            bad.contains("line 2: the vertex name in column `to` is not valid UTF-8"),
            "{bad}"
        );
    }
}
