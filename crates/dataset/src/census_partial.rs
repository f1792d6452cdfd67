//! The partial file of a running census (`OUT/census.partial.csv`): each
//! finished row appended with its digest under a tag line naming the reach
//! and the version, so an interrupted census keeps its rows
//! ([`read_partial`]).

use crate::census::*;
use grundy_core::error::{Error, Result};
use grundy_games::octal::theory::census::Reach;
use std::collections::HashMap;
use std::path::Path;

/// Line 1 of a partial file: the reach its rows were computed to (`N`,
/// and the budget) and the version of grundy. Rows depend only on the code
/// and the reach, so the rows of any census (other digits, another shard)
/// with the same reach can be kept.
pub fn partial_tag(reach: &Reach) -> String {
    partial_tag_of(&Reaches::uniform(*reach), 0)
}

/// [`partial_tag`] of a census of `digits` digits whose families have
/// `reaches`: with a published budget, its reach and the digits are named
/// too (which families hold a published code depends on the codes of the
/// census: 0.124's holds 0.1241 among four digits, not among three).
pub fn partial_tag_of(reaches: &Reaches, digits: usize) -> String {
    let published = reaches.published.map_or(String::new(), |p| {
        format!(
            ", {digits} digits, published families work {}, to n <= {}",
            p.work.map_or("unlimited".to_string(), |w| w.to_string()),
            p.max_len.saturating_sub(1)
        )
    });
    let reach = reaches.all;
    match reach.work {
        None => format!(
            "# grundy octal census rows, --max-n {}{published}, grundy {VERSION}",
            reach.base
        ),
        Some(w) => format!(
            "# grundy octal census rows, --max-n {}, work {w}, to n <= {}{published}, grundy {VERSION}",
            reach.base,
            reach.max_len.saturating_sub(1)
        ),
    }
}

/// Line 2 of a partial file: [`HEADER`] and the digest column.
pub fn partial_header() -> String {
    format!("{HEADER},blake3")
}

/// The line of a partial file (without its newline) for the census line
/// `line`, under the partial file's first line `tag`: the row, a comma,
/// and the BLAKE3 digest of `tag`, a newline and the row (32 hexadecimal
/// digits).
pub fn partial_line(tag: &str, line: &str) -> String {
    let h = blake3::hash(format!("{tag}\n{line}").as_bytes());
    format!("{line},{}", &h.to_hex()[..32])
}

/// A row of a partial file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartialRow {
    /// Its 1-based line number.
    pub line: usize,
    /// The census line, its digest checked and removed.
    pub text: String,
}

/// The rows of a partial file (module documentation), by code. The last
/// line, when not ended by a newline, was cut by a kill: it is dropped
/// (its code is computed again). Every other line must carry its digest.
///
/// # Errors
/// [`Error::Io`] if it cannot be read; [`Error::CorruptDataset`] naming
/// the line for a first line other than `tag` (rows of another `N` or
/// version), a wrong header, a row whose digest does not match it, or a
/// code on two lines with different rows.
pub fn read_partial(path: &Path, tag: &str) -> Result<HashMap<String, PartialRow>> {
    let text = std::fs::read_to_string(path).map_err(Error::io("cannot read", path))?;
    let corrupt = |reason: String| Error::CorruptDataset {
        path: path.to_path_buf(),
        reason: format!("{reason}; delete the file to start over"),
    };
    let mut lines: Vec<&str> = text.split('\n').collect();
    // After the last newline: empty, or a line cut short.
    lines.pop();
    if lines.first() != Some(&tag) {
        return Err(corrupt(format!(
            "line 1 is not {tag:?}: rows computed to another N or by another version"
        )));
    }
    if lines.get(1).copied() != Some(partial_header().as_str()) {
        return Err(corrupt("line 2 is not the partial file's header".into()));
    }
    let mut kept: HashMap<String, PartialRow> = HashMap::new();
    for (i, l) in lines.iter().enumerate().skip(2) {
        let line = i.saturating_add(1);
        let row = l.rsplit_once(',').map_or("", |(row, _)| row);
        let code = row.split(',').next().unwrap_or_default();
        if row.is_empty() || partial_line(tag, row) != *l {
            return Err(corrupt(format!(
                "line {line}, code {code}: the row does not match its digest (edited?)"
            )));
        }
        if let Some(other) = kept.get(code).filter(|o| o.text != row) {
            return Err(corrupt(format!(
                "line {line}: code {code} is also on line {}, with another row",
                other.line
            )));
        }
        kept.entry(code.to_string()).or_insert(PartialRow {
            line,
            text: row.to_string(),
        });
    }
    Ok(kept)
}
