//! The rules: tile counts, positions, completability and moves, written
//! plainly for clarity. This is the reference the fast solver is tested
//! against, and what `verify` regenerates options with.
//!
//! Rules (J. Grabman, "A Genius Solution", SIGBOVIK 2024, after the game
//! Monorail of the Korean show *The Genius*, 2014):
//! - a move places 1, 2 or 3 tiles on empty cells forming one contiguous
//!   straight segment of a row or column, at least one of them orthogonally
//!   adjacent to a placed tile or the station;
//! - a move must leave the position *completable*: some loop of at most `T`
//!   tiles contains every placed tile with its placed type;
//! - the player who completes a loop wins; the finished loop has no moves, so
//!   this is normal play.

use super::board::Board;
use super::geometry::{is_station, Cell, CellSet, Side, TileType, STATION};
use super::loops::{enumerate_loops, Loop};
use super::position::Position;
use grundy_core::error::{BoardError, Error, ImpossibleError, Result};
use grundy_core::impartial::ImpartialGame;
use std::sync::Arc;

/// The fewest tiles supported: the shortest loop has 6.
pub const MIN_TILES: usize = 6;
/// The most tiles supported (defined with the loop enumeration, whose cell
/// window it bounds).
pub use super::loops::MAX_TILES;
/// The tile count of the real game.
pub const STANDARD_TILES: usize = 16;

/// Checks a tile count `T`.
///
/// # Errors
/// [`Error::TilesOutOfRange`] unless `MIN_TILES <= tiles <= MAX_TILES`.
pub fn check_tiles(tiles: usize) -> Result<usize> {
    if (MIN_TILES..=MAX_TILES).contains(&tiles) {
        Ok(tiles)
    } else {
        Err(Error::TilesOutOfRange {
            tiles,
            min: MIN_TILES,
            max: MAX_TILES,
        })
    }
}

/// The rules for one tile count: `T` and the list of loops.
#[derive(Debug)]
pub struct Rules {
    tiles: usize,
    loops: Vec<Loop>,
    board: Option<Board>,
}

impl Rules {
    /// The rules with `tiles` tiles, enumerating its loops.
    ///
    /// # Errors
    /// [`Error::TilesOutOfRange`] for a tile count outside `6..=24`.
    pub fn new(tiles: usize) -> Result<Rules> {
        let tiles = check_tiles(tiles)?;
        Ok(Rules {
            tiles,
            loops: enumerate_loops(tiles),
            board: None,
        })
    }

    /// The rules with `tiles` tiles on `board` (unbounded for `None`): the
    /// loops are those of [`Rules::new`] that lie wholly on the board, in
    /// the same order, so every move stays on it too.
    ///
    /// # Errors
    /// [`Error::TilesOutOfRange`] as for [`Rules::new`];
    /// [`Error::BadBoard`] ([`BoardError::NoLoopFits`]) when no loop of at
    /// most `tiles` tiles fits on the board.
    pub fn on_board(tiles: usize, board: Option<Board>) -> Result<Rules> {
        let mut r = Rules::new(tiles)?;
        if let Some(b) = board {
            r.loops
                .retain(|l| l.tiles.iter().all(|&(c, _)| b.contains(c)));
            if r.loops.is_empty() {
                return Err(Error::BadBoard {
                    board: b.to_string(),
                    source: BoardError::NoLoopFits { tiles },
                });
            }
            r.board = Some(b);
        }
        Ok(r)
    }

    /// The bounded board, if any.
    pub fn board(&self) -> Option<&Board> {
        self.board.as_ref()
    }

    /// `tiles` (station frame) in compact notation in the user's frame:
    /// board coordinates on a bounded board, the station's frame otherwise
    /// ([`super::board::framed`]).
    pub fn notation(&self, tiles: &[(Cell, TileType)]) -> String {
        super::board::framed_notation(self.board(), tiles)
    }

    /// Parses a position written in the user's frame.
    ///
    /// # Errors
    /// [`Error::MalformedPosition`] naming the problem.
    pub fn parse(&self, text: &str) -> Result<Position> {
        super::board::parse_framed(self.board(), text)
    }

    /// The tile count `T`.
    pub fn tiles(&self) -> usize {
        self.tiles
    }

    /// Every loop with at most `T` tiles, in enumeration order.
    pub fn loops(&self) -> &[Loop] {
        &self.loops
    }

    /// Indices of the loops containing every tile of `p` with its type.
    pub fn compatible_loops(&self, p: &Position) -> Vec<usize> {
        (0..self.loops.len())
            .filter(|&i| holds(&self.loops[i], p))
            .collect()
    }

    /// Whether some loop contains every placed tile with its type.
    pub fn is_completable(&self, p: &Position) -> bool {
        self.loops.iter().any(|l| holds(l, p))
    }

    /// Whether `p` is a finished loop (no moves remain).
    pub fn is_complete(&self, p: &Position) -> bool {
        self.compatible_loops(p)
            .iter()
            .any(|&i| self.loops[i].len() == p.len())
    }

    /// Checks that `p` can arise in play: completable, and its tiles joined
    /// to the station by orthogonal adjacency (every move touches what is
    /// placed, so nothing else can be reached).
    ///
    /// # Errors
    /// [`Error::ImpossiblePosition`] naming the reason.
    pub fn check_reachable(&self, p: &Position) -> Result<()> {
        let fail = |source: ImpossibleError| Error::ImpossiblePosition {
            position: self.notation(p.tiles()),
            source,
        };
        if p.len() > self.tiles {
            return Err(fail(ImpossibleError::TooManyTiles {
                placed: p.len(),
                tiles: self.tiles,
            }));
        }
        if let Some(&(c, _)) = p.tiles().iter().find(|(c, _)| !c.in_window()) {
            return Err(fail(ImpossibleError::TooFar {
                cell: c.to_string(),
            }));
        }
        if let Some(b) = &self.board {
            if let Some(&(c, _)) = p.tiles().iter().find(|(c, _)| !b.contains(*c)) {
                return Err(fail(ImpossibleError::OffBoard {
                    cell: b.to_board(c).to_string(),
                }));
            }
        }
        if !self.is_completable(p) {
            return Err(fail(ImpossibleError::NotCompletable {
                tiles: self.tiles,
                on_board: self.board.is_some(),
            }));
        }
        let cells: CellSet = p.tiles().iter().map(|&(c, _)| c).collect();
        let mut reached: CellSet = STATION.into_iter().collect();
        let mut stack: Vec<Cell> = STATION.to_vec();
        while let Some(c) = stack.pop() {
            for d in Side::ALL {
                let n = c.step(d);
                if cells.contains(n) && !reached.contains(n) {
                    reached.insert(n);
                    stack.push(n);
                }
            }
        }
        if let Some(c) = cells.iter().find(|&c| !reached.contains(c)) {
            return Err(fail(ImpossibleError::NotJoined {
                cell: super::board::framed_cell(self.board(), c).to_string(),
            }));
        }
        Ok(())
    }

    /// Every legal move from `p`, each as the list of placed tiles in
    /// ascending cell order, sorted and without duplicates.
    ///
    /// Plain generation: every straight segment of 1–3 empty cells touching
    /// the placed tiles or station, every type assignment taken from a loop
    /// compatible with the result. A finished loop has none.
    pub fn moves(&self, p: &Position) -> Vec<Vec<(Cell, TileType)>> {
        let occupied: CellSet = p.tiles().iter().map(|&(c, _)| c).collect();
        let mut out = Vec::new();
        for &li in &self.compatible_loops(p) {
            let l = &self.loops[li];
            for &(start, _) in &l.tiles {
                for d in [Side::E, Side::N] {
                    for len in 1..=3 {
                        if len == 1 && d == Side::N {
                            continue;
                        }
                        let cells: Vec<Cell> =
                            std::iter::successors(Some(start), |c| Some(c.step(d)))
                                .take(len)
                                .collect();
                        let Some(seg) = cells
                            .iter()
                            .map(|&c| l.type_at(c).map(|t| (c, t)))
                            .collect::<Option<Vec<_>>>()
                        else {
                            continue;
                        };
                        if seg.iter().any(|&(c, _)| occupied.contains(c)) {
                            continue;
                        }
                        let touches = seg.iter().any(|&(c, _)| {
                            Side::ALL.iter().any(|&s| {
                                let n = c.step(s);
                                is_station(n) || occupied.contains(n)
                            })
                        });
                        if touches {
                            out.push(seg);
                        }
                    }
                }
            }
        }
        for m in &mut out {
            m.sort();
        }
        out.sort();
        out.dedup();
        out
    }
}

/// Whether the loop `l` contains every placed tile of `p` with its type.
fn holds(l: &Loop, p: &Position) -> bool {
    p.tiles().iter().all(|&(c, t)| l.type_at(c) == Some(t))
}

/// A position bundled with its rules, so that it can be played through the
/// generic [`ImpartialGame`] trait with no symmetry and no decomposition:
/// the plain game-tree reference.
#[derive(Clone, Debug)]
pub struct PlainGame {
    /// The rules in force.
    pub rules: Arc<Rules>,
    /// The position.
    pub position: Position,
}

impl PartialEq for PlainGame {
    fn eq(&self, other: &Self) -> bool {
        self.position == other.position
    }
}
impl Eq for PlainGame {}
impl std::hash::Hash for PlainGame {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.position.hash(state);
    }
}

impl ImpartialGame for PlainGame {
    fn options(&self) -> Vec<Self> {
        self.rules
            .moves(&self.position)
            .into_iter()
            .map(|m| PlainGame {
                rules: Arc::clone(&self.rules),
                position: self.position.with(&m),
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_range_is_checked() {
        assert!(Rules::new(5).is_err());
        assert!(Rules::new(25).is_err());
        let msg = Rules::new(30).unwrap_err().to_string();
        assert!(msg.contains("30") && msg.contains("6..=24"), "{msg}");
    }

    #[test]
    fn start_has_moves_and_loops_are_terminal() {
        let r = Rules::new(8).unwrap();
        let start = Position::default();
        assert!(r.is_completable(&start));
        assert!(!r.moves(&start).is_empty());
        for l in r.loops() {
            let full = Position::from_tiles(l.tiles.clone()).unwrap();
            assert!(r.is_complete(&full));
            assert!(r.moves(&full).is_empty());
        }
    }
}
