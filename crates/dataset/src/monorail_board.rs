//! The dataset of a Monorail solve from one position, on a bounded board
//! or the unbounded grid ([`grundy_games::monorail::root`]).
//!
//! A directory with two files, both in the user's frame (board
//! coordinates on a bounded board):
//! - `summary.json`: `tiles`; `board` (`null`, or `width`, `height`,
//!   `station` as `[x, y]`); `position` (the root, compact notation, `-`
//!   for the empty board); `loops` (on the board), `loops_left` (at the
//!   root); `nimber`, `outcome` (`P`/`N`), `first_player_wins`,
//!   `finished`; `classes_solved` (up to the `symmetries` in use, 1, 2 or
//!   4); `moves` and `winning_moves` (distinct moves: by the cells and types
//!   they place); `anchored_moves` and `winning_anchored_moves` (the same
//!   counted once per anchor cell, for comparison with programs that list
//!   them so).
//! - `moves.csv`: header `move,tiles_placed,nimber,wins,anchors,loops_left`,
//!   one row per distinct move in the order of the analysis (winning
//!   first, then by nimber, then by the tiles placed); `move` in compact
//!   notation, `wins` `true` when the move leaves a P-position.
//!
//! Nothing in either file depends on the thread count or the time taken.

use super::atomic::{create_dir, write_bytes};
use grundy_core::error::{Error, Result};
use grundy_games::monorail::root::BoardAnalysis;
use serde::Serialize;
use std::path::Path;

/// File names in the directory.
pub mod files {
    /// The summary.
    pub const SUMMARY: &str = "summary.json";
    /// Every move with its value.
    pub const MOVES: &str = "moves.csv";
}

/// The board in `summary.json`.
#[derive(Debug, Serialize)]
pub struct BoardJson {
    /// Width `W`.
    pub width: i32,
    /// Height `H`.
    pub height: i32,
    /// The station's west cell `[X, Y]`.
    pub station: [i32; 2],
}

/// `summary.json` (module docs).
#[derive(Debug, Serialize)]
pub struct BoardSummary {
    /// Tile count.
    pub tiles: usize,
    /// The board, `None` for the unbounded grid.
    pub board: Option<BoardJson>,
    /// The root in compact notation.
    pub position: String,
    /// Loops on the board.
    pub loops: usize,
    /// Loops completable at the root.
    pub loops_left: usize,
    /// The root's nimber.
    pub nimber: u16,
    /// `P` or `N`.
    pub outcome: &'static str,
    /// Whether the player to move wins.
    pub first_player_wins: bool,
    /// Whether the root is a finished loop.
    pub finished: bool,
    /// Position classes solved.
    pub classes_solved: u64,
    /// Symmetries in use, the identity included.
    pub symmetries: usize,
    /// Distinct moves.
    pub moves: usize,
    /// Distinct winning moves.
    pub winning_moves: usize,
    /// Moves counted once per anchor cell.
    pub anchored_moves: usize,
    /// Winning moves counted once per anchor cell.
    pub winning_anchored_moves: usize,
}

impl BoardSummary {
    /// The summary of an analysis.
    pub fn of(a: &BoardAnalysis) -> BoardSummary {
        let (anchored, winning_anchored) = a.anchored_counts();
        BoardSummary {
            tiles: a.tiles,
            board: a.board.map(|b| BoardJson {
                width: b.width(),
                height: b.height(),
                station: [b.station().0, b.station().1],
            }),
            position: a.notation(a.root.tiles()),
            loops: a.loops,
            loops_left: a.loops_left,
            nimber: a.nimber,
            outcome: if a.nimber == 0 { "P" } else { "N" },
            first_player_wins: a.nimber != 0,
            finished: a.finished,
            classes_solved: a.classes,
            symmetries: a.symmetries,
            moves: a.moves.len(),
            winning_moves: a.winning_moves(),
            anchored_moves: anchored,
            winning_anchored_moves: winning_anchored,
        }
    }
}

/// The bytes of `moves.csv`.
///
/// # Errors
/// [`Error::Io`] if the CSV writer fails (it writes to memory).
pub fn moves_csv(a: &BoardAnalysis) -> Result<Vec<u8>> {
    let mut w = csv::Writer::from_writer(Vec::new());
    let io = |e: csv::Error| Error::Io {
        action: "cannot write",
        path: files::MOVES.into(),
        source: std::io::Error::other(e.to_string()),
    };
    w.write_record([
        "move",
        "tiles_placed",
        "nimber",
        "wins",
        "anchors",
        "loops_left",
    ])
    .map_err(io)?;
    for m in &a.moves {
        w.write_record([
            a.notation(&m.tiles),
            m.tiles.len().to_string(),
            m.nimber.to_string(),
            m.wins().to_string(),
            m.anchors.to_string(),
            m.loops_left.to_string(),
        ])
        .map_err(io)?;
    }
    w.into_inner().map_err(|e| Error::Io {
        action: "cannot write",
        path: files::MOVES.into(),
        source: std::io::Error::other(e.to_string()),
    })
}

/// Writes `summary.json` and `moves.csv` into `dir` (each file written to
/// a temporary file and renamed into place).
///
/// # Errors
/// [`Error::Io`] naming the directory or file that cannot be written.
pub fn write_board_dataset(dir: &Path, a: &BoardAnalysis) -> Result<()> {
    create_dir(dir)?;
    let mut json = serde_json::to_vec_pretty(&BoardSummary::of(a)).map_err(|e| Error::Io {
        action: "cannot write",
        path: dir.join(files::SUMMARY),
        source: std::io::Error::other(e.to_string()),
    })?;
    json.push(b'\n');
    write_bytes(&dir.join(files::MOVES), &moves_csv(a)?)?;
    write_bytes(&dir.join(files::SUMMARY), &json)
}
