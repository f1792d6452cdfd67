//! The Monorail dataset directory: `summary.json`, `first_moves.csv`,
//! `subgames.csv`, `loops.csv` and `positions.bin.zst` (see
//! [`crate::dataset::table`] for the last).

use super::atomic::write_atomic;
use super::table::{read_table, write_table, Header};
use crate::error::{Error, Result};
use crate::games::monorail::analysis::Analysis;
use crate::games::monorail::position::Position;
use crate::games::monorail::table::LoopTable;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// File names inside a dataset directory.
pub mod files {
    /// Summary of the proof.
    pub const SUMMARY: &str = "summary.json";
    /// First moves up to symmetry.
    pub const FIRST_MOVES: &str = "first_moves.csv";
    /// Subgame classes of the forced-loop endgames.
    pub const SUBGAMES: &str = "subgames.csv";
    /// Every loop.
    pub const LOOPS: &str = "loops.csv";
    /// Every solved position class (large, not committed).
    pub const POSITIONS: &str = "positions.bin.zst";
}

/// One forced-loop endgame in `summary.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndgameSummary {
    /// The winning first move, compact notation.
    #[serde(rename = "move")]
    pub first_move: String,
    /// The whole forced loop, compact notation.
    #[serde(rename = "loop")]
    pub forced_loop: String,
    /// Positions reachable from the move, itself and the finished loop
    /// included (not reduced by symmetry).
    pub reachable_positions: u64,
    /// Distinct non-empty subgame classes in those positions.
    pub subgame_classes: usize,
    /// Nimber → number of classes with it.
    pub classes_by_nimber: BTreeMap<u32, usize>,
    /// Nimbers of the subgames right after the move, ascending.
    pub component_nimbers: Vec<u32>,
    /// Ids (`subgames.csv`) of those subgames, in the same order.
    pub component_classes: Vec<usize>,
}

/// `summary.json`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Summary {
    /// Always `"monorail"`.
    pub game: String,
    /// Tile count `T`.
    pub tiles: usize,
    /// Loops through the station with at most `T` tiles.
    pub loops: usize,
    /// Loop count by exact tile count (only even counts occur).
    pub loops_by_length: BTreeMap<usize, usize>,
    /// Legal first moves up to the station's symmetries.
    pub first_moves: usize,
    /// Legal first moves without symmetry reduction.
    pub first_moves_raw: usize,
    /// First moves of value `*0`, up to symmetry.
    pub winning_first_moves: usize,
    /// Whether the start is an N-position.
    pub first_player_wins: bool,
    /// The start position's nimber.
    pub start_nimber: u16,
    /// Position classes solved (up to the station's symmetries), the
    /// records of `positions.bin.zst`.
    pub positions_solved: u64,
    /// Positions reachable from the start, not reduced by symmetry.
    pub positions_reachable: u64,
    /// Endgames after winning first moves that leave one loop.
    pub forced_loop_endgames: Vec<EndgameSummary>,
    /// Where the game and the analysis come from.
    pub source: String,
}

impl Summary {
    /// The summary of an analysis.
    pub fn new(a: &Analysis, table: &LoopTable) -> Summary {
        let mut loops_by_length = BTreeMap::new();
        for l in &table.loops {
            *loops_by_length.entry(l.len()).or_insert(0) += 1;
        }
        Summary {
            game: "monorail".into(),
            tiles: a.tiles,
            loops: a.loops,
            loops_by_length,
            first_moves: a.first_moves.len(),
            first_moves_raw: a.first_moves.iter().map(|f| f.class_size).sum(),
            winning_first_moves: a.winning_first_moves(),
            first_player_wins: a.start_nimber != 0,
            start_nimber: a.start_nimber,
            positions_solved: a.positions_solved,
            positions_reachable: a.positions_raw,
            forced_loop_endgames: a
                .endgames
                .iter()
                .map(|e| EndgameSummary {
                    first_move: e.first_move.to_string(),
                    forced_loop: e.forced_loop.to_string(),
                    reachable_positions: e.reachable_positions,
                    subgame_classes: e.class_ids.len(),
                    classes_by_nimber: e.classes_by_nimber.clone(),
                    component_nimbers: e.components.iter().map(|c| c.1).collect(),
                    component_classes: e.components.iter().map(|c| c.0).collect(),
                })
                .collect(),
            source: "J. Grabman, \"A Genius Solution\", SIGBOVIK 2024; rules of Monorail, The Genius (2014)".into(),
        }
    }
}

/// A row of `first_moves.csv`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FirstMoveRow {
    /// The move, compact notation (least of its symmetry class).
    #[serde(rename = "move")]
    pub first_move: String,
    /// Its nimber.
    pub nimber: u16,
    /// `P` or `N`.
    pub outcome: String,
    /// Loops still completable after it.
    pub loops_left: usize,
    /// Positions reachable after it, itself included, not reduced by
    /// symmetry.
    pub reachable_positions: u64,
    /// Raw first moves in its symmetry class (1, 2 or 4).
    pub class_size: usize,
}

/// A row of `subgames.csv`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SubgameRow {
    /// Class id, from 1.
    pub id: usize,
    /// Its nimber.
    pub nimber: u32,
    /// Number of cells.
    pub cells: usize,
    /// Cells next to a placed tile or the station.
    pub next_to_placed: usize,
    /// Occurrences as a subgame of a reachable endgame position.
    pub occurrences: u64,
    /// Canonical form: `x,y` cells, `*` marking next-to-placed ones.
    pub form: String,
}

/// A row of `loops.csv`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LoopRow {
    /// Loop id, the index used by `positions.bin.zst` keys.
    pub id: usize,
    /// Number of tiles.
    pub tiles: usize,
    /// The loop's tiles in cycle order from `(2,0)`: `x,y,TYPE;...`.
    #[serde(rename = "loop")]
    pub cycle: String,
}

/// The rows of the three CSV files.
pub fn rows(a: &Analysis, table: &LoopTable) -> (Vec<FirstMoveRow>, Vec<SubgameRow>, Vec<LoopRow>) {
    let first = a
        .first_moves
        .iter()
        .map(|f| FirstMoveRow {
            first_move: f.position.to_string(),
            nimber: f.nimber,
            outcome: if f.nimber == 0 { "P" } else { "N" }.into(),
            loops_left: f.loops_left,
            reachable_positions: f.reachable_positions,
            class_size: f.class_size,
        })
        .collect();
    let subs = a
        .subgame_classes
        .iter()
        .map(|c| SubgameRow {
            id: c.id,
            nimber: c.nimber,
            cells: c.form.len(),
            next_to_placed: c.form.marked(),
            occurrences: c.occurrences,
            form: c.form.to_string(),
        })
        .collect();
    let loops = table
        .loops
        .iter()
        .enumerate()
        .map(|(id, l)| LoopRow {
            id,
            tiles: l.len(),
            cycle: l
                .tiles
                .iter()
                .map(|(c, t)| format!("{},{},{}", c.x, c.y, t))
                .collect::<Vec<_>>()
                .join(";"),
        })
        .collect();
    (first, subs, loops)
}

fn write_csv<T: Serialize>(path: &Path, rows: &[T]) -> Result<()> {
    write_atomic(path, |w| {
        let mut c = csv::Writer::from_writer(w);
        for r in rows {
            c.serialize(r).map_err(std::io::Error::other)?;
        }
        c.flush()
    })
}

/// Writes the whole dataset directory. `positions.bin.zst` is written only
/// when `positions` is given.
///
/// # Errors
/// [`Error::Io`] naming the file that cannot be written.
pub fn write_dataset(
    dir: &Path,
    a: &Analysis,
    table: &LoopTable,
    positions: Option<&[(u64, u16)]>,
) -> Result<()> {
    let summary = Summary::new(a, table);
    let (first, subs, loops) = rows(a, table);
    let json = serde_json::to_string_pretty(&summary).expect("the summary serialises") + "\n";
    super::atomic::write_bytes(&dir.join(files::SUMMARY), json.as_bytes())?;
    write_csv(&dir.join(files::FIRST_MOVES), &first)?;
    write_csv(&dir.join(files::SUBGAMES), &subs)?;
    write_csv(&dir.join(files::LOOPS), &loops)?;
    if let Some(p) = positions {
        write_atomic(&dir.join(files::POSITIONS), |w| {
            write_table(w, a.tiles as u32, table.len() as u64, p, 3)
        })?;
    }
    Ok(())
}

/// A dataset directory read back.
#[derive(Debug)]
pub struct Dataset {
    /// The directory.
    pub dir: PathBuf,
    /// `summary.json`.
    pub summary: Summary,
    /// `first_moves.csv`.
    pub first_moves: Vec<FirstMoveRow>,
    /// `subgames.csv`.
    pub subgames: Vec<SubgameRow>,
    /// `loops.csv`.
    pub loops: Vec<LoopRow>,
    /// Header of `positions.bin.zst`.
    pub header: Header,
    /// Records of `positions.bin.zst`.
    pub positions: Vec<(u64, u16)>,
}

fn read_csv<T: for<'de> Deserialize<'de>>(path: &Path) -> Result<Vec<T>> {
    let file = std::fs::File::open(path).map_err(Error::io("cannot read", path))?;
    let mut r = csv::Reader::from_reader(file);
    let mut out = Vec::new();
    for (i, row) in r.deserialize().enumerate() {
        out.push(row.map_err(|e| Error::CorruptDataset {
            path: path.to_path_buf(),
            reason: format!("row {}: {e}", i + 1),
        })?);
    }
    Ok(out)
}

/// Reads every file of a dataset directory.
///
/// # Errors
/// [`Error::Io`] for a missing or unreadable file, [`Error::CorruptDataset`]
/// for one that does not decode.
pub fn read_dataset(dir: &Path) -> Result<Dataset> {
    let sp = dir.join(files::SUMMARY);
    let text = std::fs::read_to_string(&sp).map_err(Error::io("cannot read", &sp))?;
    let summary: Summary = serde_json::from_str(&text).map_err(|e| Error::CorruptDataset {
        path: sp.clone(),
        reason: e.to_string(),
    })?;
    let (header, positions) = read_table(&dir.join(files::POSITIONS))?;
    Ok(Dataset {
        dir: dir.to_path_buf(),
        summary,
        first_moves: read_csv(&dir.join(files::FIRST_MOVES))?,
        subgames: read_csv(&dir.join(files::SUBGAMES))?,
        loops: read_csv(&dir.join(files::LOOPS))?,
        header,
        positions,
    })
}

/// Parses a compact position stored in `file`, as a dataset error.
///
/// # Errors
/// [`Error::CorruptDataset`] naming the file.
pub fn parse_position(file: &Path, text: &str) -> Result<Position> {
    text.parse().map_err(|e: Error| Error::CorruptDataset {
        path: file.to_path_buf(),
        reason: e.to_string(),
    })
}
