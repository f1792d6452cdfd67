//! The octal census dataset `data/octal/census/`: `census.csv`, one row per
//! code in census order ([`crate::games::octal::census::codes`]), and
//! `summary.json`.
//!
//! `census.csv` columns (empty where a field does not apply):
//!
//! | column | meaning |
//! |---|---|
//! | `code` | the code, `0.137` |
//! | `status` | `periodic` (proved), `arithmetic` (seen, not proved) or `unsettled` |
//! | `pre_period` | periodic: the least `n0` with `G(n + p) = G(n)` for all `n >= n0`; arithmetic: from where `G(n + p) = G(n) + s` is seen |
//! | `period` | `p` |
//! | `saltus` | arithmetic: `s` |
//! | `proof_start`, `proof_end` | periodic: `G(n + p') = G(n)` checked for `proof_start <= n < proof_end` (Octal Periodicity Theorem) |
//! | `computed_to` | the largest `n` computed |
//! | `max_value`, `max_value_at` | the largest value of `G(0..=computed_to)` and the least `n` with it |
//! | `mask`, `rare_count`, `last_rare` | unsettled: the best rare/common mask, the number of `1 <= n <= computed_to` with a rare value, the last such `n` |
//! | `same_as` | the code with fewer moves whose nim-sequence this code is proved to have ([`crate::games::octal::equivalent`]); empty when none |
//! | `seconds` | the time the code took (varies between runs: compare the other columns) |
//!
//! Every column but `seconds` is a function of the code and `N` alone.

use super::atomic::write_bytes;
use crate::error::{Error, Result};
use crate::games::octal::census::{Row, Status};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

/// The header line of `census.csv`.
pub const HEADER: &str = "code,status,pre_period,period,saltus,proof_start,proof_end,computed_to,max_value,max_value_at,mask,rare_count,last_rare,same_as,seconds";

/// The number of columns of `census.csv`.
pub const COLUMNS: usize = 15;

fn opt<T: ToString>(x: Option<T>) -> String {
    x.map(|v| v.to_string()).unwrap_or_default()
}

/// The line of `census.csv` for `row`, without its newline.
pub fn csv_line(row: &Row) -> String {
    let (pre, period, saltus, start, end) = match &row.status {
        Status::Periodic(p) => (
            Some(p.pre_period),
            Some(p.period),
            None,
            Some(p.theorem_pre_period),
            Some(p.proof_end),
        ),
        Status::Arithmetic(a) => (
            Some(a.pre_period),
            Some(a.period),
            Some(a.saltus as usize),
            None,
            None,
        ),
        Status::Unsettled(_) => (None, None, None, None, None),
    };
    let sparse = match &row.status {
        Status::Unsettled(s) => *s,
        _ => None,
    };
    let mut s = String::new();
    let _ = write!(
        s,
        "{},{},{},{},{},{},{},{},{},{},{},{},{},{},{:.3}",
        row.code,
        row.status.name(),
        opt(pre),
        opt(period),
        opt(saltus),
        opt(start),
        opt(end),
        row.computed_to,
        row.max_value,
        row.max_value_at,
        opt(sparse.map(|s| s.mask)),
        opt(sparse.map(|s| s.rare_count)),
        opt(sparse.and_then(|s| s.last_rare)),
        opt(row.same_as.as_ref()),
        row.seconds
    );
    s
}

/// The line without its last column (`seconds`): what must be reproduced
/// byte for byte.
pub fn without_seconds(line: &str) -> &str {
    line.rsplit_once(',').map_or(line, |(head, _)| head)
}

/// One line of a `census.csv` read back: the code as text and the whole
/// line (merging keeps lines verbatim, timings included).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// The `code` field.
    pub code: String,
    /// The status field.
    pub status: String,
    /// The line, without its newline.
    pub text: String,
}

/// Reads `census.csv`: checks the header and the column count of every
/// line (see [`parse_csv`]).
///
/// # Errors
/// [`Error::Io`] if it cannot be read; [`Error::CorruptDataset`] as
/// [`parse_csv`].
pub fn read_csv(path: &Path) -> Result<Vec<Line>> {
    let text = std::fs::read_to_string(path).map_err(Error::io("cannot read", path))?;
    parse_csv(path, &text)
}

/// The lines of a `census.csv` held in `text`; `path` names it in errors.
///
/// # Errors
/// [`Error::CorruptDataset`] naming the line: an empty text, a wrong
/// header, a line with the wrong number of fields or an empty code.
pub fn parse_csv(path: &Path, text: &str) -> Result<Vec<Line>> {
    let corrupt = |reason: String| Error::CorruptDataset {
        path: path.to_path_buf(),
        reason,
    };
    let mut lines = text.lines();
    match lines.next() {
        Some(h) if h == HEADER => {}
        Some(h) => {
            return Err(corrupt(format!(
                "line 1: header {h:?}, expected {HEADER:?}"
            )))
        }
        None => return Err(corrupt("empty file".into())),
    }
    let mut out = Vec::new();
    for (i, l) in lines.enumerate() {
        let line = i.saturating_add(2);
        let fields: Vec<&str> = l.split(',').collect();
        if fields.len() != COLUMNS {
            return Err(corrupt(format!(
                "line {line}: {} fields, expected {COLUMNS}",
                fields.len()
            )));
        }
        if fields[0].is_empty() {
            return Err(corrupt(format!("line {line}: the code is empty")));
        }
        out.push(Line {
            code: fields[0].to_string(),
            status: fields[1].to_string(),
            text: l.to_string(),
        });
    }
    Ok(out)
}

/// `summary.json` of a census (or of one shard of it).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Digits after the point: the census covers [`codes`](crate::games::octal::census::codes)`(digits)`.
    pub digits: usize,
    /// `N`: values were computed up to `n = N` at most.
    pub max_n: usize,
    /// `[I, K]`: this is shard I of K; None for a whole census (also a
    /// merged one).
    pub shard: Option<[usize; 2]>,
    /// Codes in this file (`2 · 8^digits` for a whole census).
    pub codes: usize,
    /// Codes by status (`periodic`, `arithmetic`, `unsettled`).
    pub counts: BTreeMap<String, usize>,
    /// Machine time: the sum of the per-code seconds.
    pub cpu_seconds: f64,
    /// Wall-clock seconds of the run (for a merge: of each shard, summed).
    pub wall_seconds: f64,
    /// Worker threads (for a merge: the most any shard used).
    pub threads: usize,
    /// Rows kept from an interrupted run's partial file (`--resume`):
    /// their time is in `cpu_seconds` but not in `wall_seconds`, which is
    /// this run's only. 0 in files written before the field existed.
    #[serde(default)]
    pub resumed: usize,
    /// Codes whose nim-sequence was computed: the rows with an empty
    /// `same_as`, one per family; the others read their family's values.
    /// 0 in files written before the field existed.
    #[serde(default)]
    pub families: usize,
}

/// Counts lines by status.
pub fn counts<'s>(statuses: impl Iterator<Item = &'s str>) -> BTreeMap<String, usize> {
    let mut m: BTreeMap<String, usize> = ["periodic", "arithmetic", "unsettled"]
        .iter()
        .map(|s| (s.to_string(), 0))
        .collect();
    for s in statuses {
        *m.entry(s.to_string()).or_insert(0) += 1;
    }
    m
}

/// Writes `census.csv` (header, then `lines` in the order given) and
/// `summary.json` into `dir`, each atomically.
///
/// # Errors
/// [`Error::Io`] naming the file.
pub fn write(dir: &Path, lines: &[String], summary: &Summary) -> Result<()> {
    let mut csv = String::with_capacity(64 * (lines.len() + 1));
    csv.push_str(HEADER);
    csv.push('\n');
    for l in lines {
        csv.push_str(l);
        csv.push('\n');
    }
    write_bytes(&dir.join("census.csv"), csv.as_bytes())?;
    let json = serde_json::to_string_pretty(summary).expect("summary serialises") + "\n";
    write_bytes(&dir.join("summary.json"), json.as_bytes())
}

/// Reads `summary.json`.
///
/// # Errors
/// [`Error::Io`] if it cannot be read; [`Error::CorruptDataset`] if it is
/// not a census summary.
pub fn read_summary(path: &Path) -> Result<Summary> {
    let text = std::fs::read_to_string(path).map_err(Error::io("cannot read", path))?;
    serde_json::from_str(&text).map_err(|e| Error::CorruptDataset {
        path: path.to_path_buf(),
        reason: format!("not a census summary: {e}"),
    })
}
