//! Solving from one root position, on a bounded board or the unbounded
//! grid: the root's nimber and every move from it with its value (what
//! `grundy monorail solve --board`/`--from`, `show`, `reproduce`'s Season 4
//! analysis and the explorer's checks use).

use super::board::{framed, framed_notation, Board};
use super::geometry::{is_station, Cell, Side, TileType};
use super::loop_table::LoopTable;
use super::moves::{entries_of, placed_tiles, reachable_bound, Entry};
use super::position::Position;
use super::rules::Rules;
use super::solve::solve_from_expecting;
use super::solved::Solved;
use grundy_core::error::{Error, Result};
use grundy_core::progress::Progress;

/// One distinct move from the root: the tiles it places (cells and types;
/// two moves placing the same tiles are one move) and the value of the
/// position it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardMove {
    /// The tiles placed, station frame, ascending `(x, y)`.
    pub tiles: Vec<(Cell, TileType)>,
    /// Nimber of the position after the move (`0`: the move wins).
    pub nimber: u16,
    /// Cells of the move orthogonally adjacent to a tile of the root or to
    /// the station: how many times a program that lists moves once per
    /// such *anchor* cell (github: petertseng/monorail) lists this move.
    pub anchors: usize,
    /// Loops still completable after the move.
    pub loops_left: usize,
}

impl BoardMove {
    /// Whether the move leaves a P-position (the mover wins).
    pub fn wins(&self) -> bool {
        self.nimber == 0
    }
}

/// The solved game from one root position on a bounded board.
#[derive(Debug)]
pub struct BoardAnalysis {
    /// Tile count `T`.
    pub tiles: usize,
    /// The bounded board (`None`: the unbounded grid of the paper).
    pub board: Option<Board>,
    /// The root position (station frame).
    pub root: Position,
    /// Loops of at most `T` tiles on the board.
    pub loops: usize,
    /// Loops still completable at the root.
    pub loops_left: usize,
    /// The root's nimber.
    pub nimber: u16,
    /// Whether the root is a finished loop.
    pub finished: bool,
    /// Position classes solved (up to the board's symmetries).
    pub classes: u64,
    /// Symmetries of the board in use, the identity included (1, 2 or 4).
    pub symmetries: usize,
    /// Every distinct move from the root: winning moves first, then by
    /// ascending nimber, then by the tiles placed (board coordinates).
    pub moves: Vec<BoardMove>,
}

impl BoardAnalysis {
    /// Number of winning moves.
    pub fn winning_moves(&self) -> usize {
        self.moves.iter().filter(|m| m.wins()).count()
    }

    /// `(all, winning)` moves counted once per anchor cell.
    pub fn anchored_counts(&self) -> (usize, usize) {
        let all = self.moves.iter().map(|m| m.anchors).sum();
        let win = self
            .moves
            .iter()
            .filter(|m| m.wins())
            .map(|m| m.anchors)
            .sum();
        (all, win)
    }

    /// Tiles in compact notation in the user's frame: board coordinates on
    /// a bounded board, the station's frame otherwise.
    pub fn notation(&self, tiles: &[(Cell, TileType)]) -> String {
        framed_notation(self.board.as_ref(), tiles)
    }
}

/// The cells of `mv` next to a tile of `root` or the station.
fn anchors(root: &Position, mv: &[(Cell, TileType)]) -> usize {
    mv.iter()
        .filter(|&&(c, _)| {
            Side::ALL.iter().any(|&d| {
                let n = c.step(d);
                is_station(n) || root.get(n).is_some()
            })
        })
        .count()
}

/// Checks `root` against `rules` and solves every position reachable from
/// it, returning the solved table and the root's entries.
///
/// # Errors
/// [`Error::ImpossiblePosition`] if `root` cannot arise on the board (not
/// completable, or not joined to the station); errors of the solve.
pub fn solve_root(
    rules: &Rules,
    table: &LoopTable,
    root: &Position,
    progress: &dyn Progress,
) -> Result<(Solved, Vec<Entry>)> {
    rules.check_reachable(root)?;
    let entries = entries_of(table, root);
    let bound = reachable_bound(table, &entries);
    let solved = solve_from_expecting(table, &entries, bound.clamp(1024.0, 1e6), progress)?;
    Ok((solved, entries))
}

/// Solves Monorail with `tiles` tiles on `board` (or the unbounded grid)
/// from `root` (station frame): the root's nimber and every move with its
/// value. Builds the rules and loop table, then [`analyse_root`]; a caller
/// that estimates the cost between the two steps (a job) calls them
/// itself.
///
/// # Errors
/// [`Error::TilesOutOfRange`], [`Error::BadBoard`] (no loop fits), and the
/// errors of [`analyse_root`].
pub fn solve_board(
    tiles: usize,
    board: Option<Board>,
    root: &Position,
    progress: &dyn Progress,
) -> Result<BoardAnalysis> {
    let rules = Rules::on_board(tiles, board)?;
    let table = LoopTable::new(&rules);
    analyse_root(&rules, &table, root, progress)
}

/// The root's nimber and every move from it with its value, on the loops of
/// `table` (built from `rules`).
///
/// # Errors
/// [`Error::ImpossiblePosition`] (the root cannot arise on the board), and
/// [`Error::CheckFailed`] if a move found does not add tiles to the
/// root (a bug).
pub fn analyse_root(
    rules: &Rules,
    table: &LoopTable,
    root: &Position,
    progress: &dyn Progress,
) -> Result<BoardAnalysis> {
    let board = rules.board().copied();
    let (solved, entries) = solve_root(rules, table, root, progress)?;
    let mut moves = Vec::with_capacity(solved.start_options.len());
    for o in &solved.start_options {
        let mv = placed_tiles(table, &entries, &o.entries).ok_or_else(|| Error::CheckFailed {
            what: "monorail board solve".into(),
            reason: format!(
                "an option's loop {} is not a loop of the root",
                o.entries[0].0
            ),
        })?;
        moves.push(BoardMove {
            anchors: anchors(root, &mv),
            tiles: mv,
            nimber: o.nimber,
            loops_left: o.entries.len(),
        });
    }
    moves.sort_by_cached_key(|m| (m.nimber, framed(board.as_ref(), &m.tiles)));
    Ok(BoardAnalysis {
        tiles: rules.tiles(),
        board,
        root: root.clone(),
        loops: table.len(),
        loops_left: entries.len(),
        nimber: solved.start_nimber,
        finished: rules.is_complete(root),
        classes: solved.classes(),
        symmetries: table.symmetric.iter().filter(|&&s| s).count(),
        moves,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_core::progress::NoProgress;

    #[test]
    fn anchors_count_cells_next_to_placed_tiles_or_the_station() {
        let root = Position::from_tiles(vec![(Cell::new(2, 0), TileType::EW)]).unwrap();
        let mv = [
            (Cell::new(3, 0), TileType::EW),
            (Cell::new(4, 0), TileType::SW),
        ];
        assert_eq!(anchors(&root, &mv), 1);
        let mv = [
            (Cell::new(1, 1), TileType::EW),
            (Cell::new(2, 1), TileType::SW),
        ];
        assert_eq!(anchors(&root, &mv), 2);
    }

    #[test]
    fn a_finished_loop_has_no_moves() {
        let b = Board::new(4, 3, (1, 1)).unwrap();
        let rules = Rules::on_board(8, Some(b)).unwrap();
        let l = rules.loops()[0].clone();
        let p = Position::from_tiles(l.tiles.clone()).unwrap();
        let a = solve_board(8, Some(b), &p, &NoProgress).unwrap();
        assert!(a.finished);
        assert_eq!((a.nimber, a.moves.len()), (0, 0));
    }
}
