//! The Treblecross dataset: `table.csv` (every empty strip up to `N`) and
//! `nimbers.bin.zst` (the gap values, as a 0.007 nim-sequence file).

use super::atomic::write_atomic;
use super::octal::{read_sequence, write_sequence};
use crate::games::treblecross::{empty_strip, GapNimbers};
use crate::{Error, Result};
use std::io::Write;
use std::path::Path;

/// The octal code whose nim-sequence gives the gap values.
pub const CODE: &str = "0.007";

/// One row of the table: the verdict on an empty strip of `n` cells.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct StripRow {
    /// Number of cells.
    pub n: usize,
    /// Grundy value of the strip (of the whole row, under normal play).
    pub nimber: u32,
    /// Whether the first player wins.
    pub first_player_wins: bool,
    /// Every winning first move, 1-based cells ascending.
    pub winning_cells: Vec<usize>,
}

/// The verdicts on empty strips of `1..=max_n` cells, in `O(max_n²)`.
///
/// # Errors
/// [`Error::OutOfRange`] when `nimbers` do not cover gaps of `max_n`.
pub fn strip_table(max_n: usize, nimbers: &GapNimbers) -> Result<Vec<StripRow>> {
    (1..=max_n)
        .map(|n| {
            let a = empty_strip(n, nimbers)?;
            Ok(StripRow {
                n,
                nimber: a.nimber.unwrap_or(0),
                first_player_wins: a.winning,
                winning_cells: a.winning_cells,
            })
        })
        .collect()
}

/// Writes `rows` as CSV with header `n,nimber,first_player,winning_cells`
/// (`first_player` is `wins` or `loses`; the cells are space-separated).
///
/// # Errors
/// Any error of `w`.
pub fn write_table_csv(w: &mut dyn Write, rows: &[StripRow]) -> std::io::Result<()> {
    let mut c = csv::Writer::from_writer(w);
    c.write_record(["n", "nimber", "first_player", "winning_cells"])?;
    for r in rows {
        let cells: Vec<String> = r.winning_cells.iter().map(|c| c.to_string()).collect();
        c.write_record([
            r.n.to_string(),
            r.nimber.to_string(),
            if r.first_player_wins { "wins" } else { "loses" }.to_string(),
            cells.join(" "),
        ])?;
    }
    c.flush()
}

/// Writes `dir/table.csv` from `rows` (see [`strip_table`]) and
/// `dir/nimbers.bin.zst` (format of [`super::octal::write_sequence`], code
/// `0.007`), each atomically.
///
/// # Errors
/// [`Error::Io`] naming the file that could not be written.
pub fn write_dataset(dir: &Path, nimbers: &GapNimbers, rows: &[StripRow]) -> Result<()> {
    write_atomic(&dir.join("table.csv"), |w| write_table_csv(w, rows))?;
    write_atomic(&dir.join("nimbers.bin.zst"), |w| {
        write_sequence(w, CODE, nimbers.values())
    })?;
    Ok(())
}

/// Reads gap values from a nim-sequence file of 0.007 (such as
/// `data/treblecross/nimbers.bin.zst` or `data/octal/0.007/sequence.bin.zst`).
///
/// # Errors
/// As [`read_sequence`]; [`Error::CorruptDataset`] when the file holds
/// another game's sequence.
pub fn read_nimbers(path: &Path) -> Result<GapNimbers> {
    let (code, values) = read_sequence(path)?;
    if code != CODE {
        return Err(Error::CorruptDataset {
            path: path.to_path_buf(),
            reason: format!("it holds the nim-sequence of {code}, not of {CODE} (Treblecross)"),
        });
    }
    Ok(GapNimbers::from_values(values))
}
