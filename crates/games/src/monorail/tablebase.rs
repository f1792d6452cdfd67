//! A Monorail tablebase: every position reachable from the start solved
//! once, then looked up, the way chess players consult endgame tablebases
//! (every legal move with its result, best first). It backs `grundy serve`
//! and `grundy monorail play`.
//!
//! A position with one loop left is valued by the Sprague–Grundy theorem
//! from its subgames instead (Grabman, "A Genius Solution", section 3: the
//! empty cells of the loop split into independent subgames, and the
//! position's nimber is the nim-sum of theirs); the table's value is
//! checked against it, and the answer says which source it used.

use super::analysis::subgames_of;
use super::board::{framed, Board};
use super::geometry::{Cell, TileType};
use super::loop_table::LoopTable;
use super::moves::{
    canonical_key, entries_among, options, placed_tiles, start, Entry, OptionScratch,
};
use super::position::Position;
use super::rules::Rules;
use super::solve::solve_from_expecting;
use super::solved::Solved;
use super::subgame::Subgame;
use grundy_core::error::{Error, Result};
use grundy_core::impartial::{MemoSolver, Nimber};
use grundy_core::progress::Progress;
use rustc_hash::FxHashMap;
use std::sync::Mutex;

/// Where a value came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Source {
    /// The solved table.
    Table,
    /// The nim-sum of the subgames of the one loop left (and checked
    /// against the table).
    Subgames,
}

impl Source {
    /// `table` or `subgames`.
    pub fn name(self) -> &'static str {
        match self {
            Source::Table => "table",
            Source::Subgames => "subgames",
        }
    }
}

/// Why the strategist chose its move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reason {
    /// The move leaves a P-position.
    Winning,
    /// No move wins; this one loses most slowly (the largest remoteness).
    LongestLoss,
}

impl Reason {
    /// `winning` or `longest loss`.
    pub fn name(self) -> &'static str {
        match self {
            Reason::Winning => "winning",
            Reason::LongestLoss => "longest loss",
        }
    }
}

/// One legal move with the value of the position it leads to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveValue {
    /// The tiles placed (station frame, ascending).
    pub tiles: Vec<(Cell, TileType)>,
    /// The position after the move.
    pub position: Position,
    /// Its nimber (`0`: the move wins).
    pub nimber: u16,
    /// Its remoteness ([`super::remoteness`]): moves left to the end of
    /// the game under perfect play after this move.
    pub remoteness: u16,
    /// The move's class: moves whose positions are equal up to the
    /// station's symmetries (so equal in value) share it. Classes are
    /// numbered from 0 in the order of their first move in `moves`.
    pub class: usize,
}

/// Everything the tablebase says about one position.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The position (station frame).
    pub position: Position,
    /// Its nimber.
    pub nimber: u16,
    /// Its remoteness: moves to the end of the game under perfect play.
    pub remoteness: u16,
    /// Whether it is a finished loop (the last mover won; no moves).
    pub finished: bool,
    /// Loops still completable.
    pub loops_left: usize,
    /// Where the values came from.
    pub source: Source,
    /// Every legal move, best first: winning moves by ascending
    /// remoteness (fastest win), then the others by descending remoteness
    /// (slowest loss), then by ascending nimber, then by the tiles placed
    /// (in the user's frame).
    pub moves: Vec<MoveValue>,
    /// The tiles of the one loop left (station frame, in cycle order),
    /// when exactly one is left: the loop the game is forced to complete.
    pub forced_loop: Option<Vec<(Cell, TileType)>>,
    /// The perfect strategist's move (an index into `moves`) and why;
    /// `None` when there is no move.
    pub reply: Option<(usize, Reason)>,
}

/// The solved game (module docs).
pub struct Tablebase {
    rules: Rules,
    table: LoopTable,
    solved: Solved,
    subgames: Mutex<MemoSolver<Subgame>>,
    /// `by_tile[(cell, type)]`: the loops holding that tile, ascending.
    by_tile: FxHashMap<(Cell, TileType), Vec<u32>>,
    /// The start position's answer, computed once.
    root: Option<Answer>,
}

impl std::fmt::Debug for Tablebase {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tablebase")
            .field("tiles", &self.rules.tiles())
            .field("board", &self.rules.board())
            .field("classes", &self.solved.classes())
            .finish_non_exhaustive()
    }
}

impl Tablebase {
    /// Solves every position reachable from the start with `tiles` tiles on
    /// `board` (or the unbounded grid). Estimates nothing: a caller that
    /// must refuse work too large for the machine builds the table itself
    /// and calls [`Tablebase::from_table`] (as the explorer's job does).
    ///
    /// # Errors
    /// [`Error::TilesOutOfRange`], [`Error::BadBoard`], and the solve's
    /// errors.
    pub fn build(tiles: usize, board: Option<Board>, progress: &dyn Progress) -> Result<Tablebase> {
        let rules = Rules::on_board(tiles, board)?;
        let table = LoopTable::new(&rules);
        Tablebase::from_table(rules, table, progress)
    }

    /// Solves every position reachable from the start on the loops of
    /// `table` (built from `rules`).
    ///
    /// # Errors
    /// The solve's errors.
    pub fn from_table(
        rules: Rules,
        table: LoopTable,
        progress: &dyn Progress,
    ) -> Result<Tablebase> {
        let classes = match rules.board() {
            Some(_) => 1e5,
            None => super::cost::start_classes(rules.tiles())?,
        };
        let mut solved = solve_from_expecting(&table, &start(&table), classes, progress)?;
        super::remoteness::fill_remoteness(&table, &mut solved, progress)?;
        let mut by_tile: FxHashMap<(Cell, TileType), Vec<u32>> = FxHashMap::default();
        for (i, l) in table.loops.iter().enumerate() {
            for &t in &l.tiles {
                by_tile.entry(t).or_default().push(i as u32);
            }
        }
        let mut tb = Tablebase {
            rules,
            table,
            solved,
            subgames: Mutex::new(MemoSolver::new()),
            by_tile,
            root: None,
        };
        tb.root = Some(tb.compute(&Position::default())?);
        Ok(tb)
    }

    /// The entries of `p` (its compatible loops with masks), found through
    /// the loops holding its first tile; empty if it is not completable.
    fn entries(&self, p: &Position) -> Vec<Entry> {
        let Some(first) = p.tiles().first() else {
            return start(&self.table);
        };
        match self.by_tile.get(first) {
            Some(candidates) => entries_among(&self.table, p, candidates.iter().copied()),
            None => Vec::new(),
        }
    }

    /// The rules (tile count, board, loops).
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The loop table.
    pub fn table(&self) -> &LoopTable {
        &self.table
    }

    /// The start position's nimber.
    pub fn start_nimber(&self) -> u16 {
        self.solved.start_nimber
    }

    /// The start position's remoteness: the length of the game under
    /// perfect play, in moves.
    pub fn start_remoteness(&self) -> u16 {
        self.solved.start_remoteness.unwrap_or(0)
    }

    /// The solved table: every class's nimber and remoteness.
    pub fn solved(&self) -> &Solved {
        &self.solved
    }

    /// Position classes in the table.
    pub fn classes(&self) -> u64 {
        self.solved.classes()
    }

    /// The tiles of `p` in the user's frame (board coordinates on a
    /// board).
    pub fn notation(&self, p: &Position) -> String {
        self.rules.notation(p.tiles())
    }

    /// Parses a position in the user's frame.
    ///
    /// # Errors
    /// [`Error::MalformedPosition`].
    pub fn parse(&self, text: &str) -> Result<Position> {
        self.rules.parse(text)
    }

    fn lookup(&self, entries: &[Entry], p: &dyn Fn() -> String) -> Result<u16> {
        self.solved
            .nimber(canonical_key(&self.table, entries))
            .ok_or_else(|| Error::CheckFailed {
                what: "monorail tablebase".into(),
                reason: format!("position {} is not in the table", p()),
            })
    }

    /// The nim-sum of the subgames of the single-loop position `(l, m)`.
    fn subgame_value(&self, l: u32, m: u32) -> u16 {
        let mut solver = self
            .subgames
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        let v: Nimber = subgames_of(&self.table, l, m)
            .iter()
            .map(|g| solver.nimber(g))
            .sum();
        u16::try_from(v.0).unwrap_or(u16::MAX)
    }

    /// Looks `p` up: its value, every move with its value, the
    /// strategist's choice.
    ///
    /// # Errors
    /// [`Error::ImpossiblePosition`] if `p` cannot arise (off the board,
    /// not completable, not joined to the station);
    /// [`Error::CheckFailed`] if the table lacks a reachable
    /// position or disagrees with the subgame decomposition (a bug).
    pub fn query(&self, p: &Position) -> Result<Answer> {
        match &self.root {
            Some(a) if p.is_empty() => Ok(a.clone()),
            _ => self.compute(p),
        }
    }

    fn remoteness_at(&self, entries: &[Entry], p: &dyn Fn() -> String) -> Result<u16> {
        self.solved
            .remoteness(canonical_key(&self.table, entries))
            .ok_or_else(|| Error::CheckFailed {
                what: "monorail tablebase".into(),
                reason: format!("position {} has no remoteness", p()),
            })
    }

    fn compute(&self, p: &Position) -> Result<Answer> {
        self.rules.check_reachable(p)?;
        let entries = self.entries(p);
        let name = || self.notation(p);
        let mut nimber = self.lookup(&entries, &name)?;
        let remoteness = self.remoteness_at(&entries, &name)?;
        let mut source = Source::Table;
        if entries.len() == 1 {
            let (l, m) = entries[0];
            let v = self.subgame_value(l, m);
            if v != nimber {
                return Err(Error::CheckFailed {
                    what: "monorail tablebase".into(),
                    reason: format!(
                        "position {}: the table says *{nimber}, its subgames *{v}",
                        name()
                    ),
                });
            }
            nimber = v;
            source = Source::Subgames;
        }
        let mut out = Vec::new();
        let mut bounds = Vec::new();
        let mut scratch = OptionScratch::default();
        options(&self.table, &entries, &mut out, &mut bounds, &mut scratch);
        let mut moves = Vec::with_capacity(bounds.len().saturating_sub(1));
        for w in bounds.windows(2) {
            let opt = &out[w[0]..w[1]];
            let (l, m) = opt[0];
            let tiles =
                placed_tiles(&self.table, &entries, opt).ok_or_else(|| Error::CheckFailed {
                    what: "monorail tablebase".into(),
                    reason: format!("an option's loop {l} is not a loop of {}", name()),
                })?;
            let position = p.with(&tiles);
            let v = if opt.len() == 1 {
                self.subgame_value(l, m)
            } else {
                self.lookup(opt, &|| self.notation(&position))?
            };
            let r = self.remoteness_at(opt, &|| self.notation(&position))?;
            moves.push((
                canonical_key(&self.table, opt),
                MoveValue {
                    tiles,
                    position,
                    nimber: v,
                    remoteness: r,
                    class: 0,
                },
            ));
        }
        let board = self.rules.board();
        moves.sort_by_cached_key(|(_, m)| {
            let speed = if m.nimber == 0 {
                i32::from(m.remoteness)
            } else {
                -i32::from(m.remoteness)
            };
            (m.nimber != 0, speed, m.nimber, framed(board, &m.tiles))
        });
        let mut classes: FxHashMap<u64, usize> = FxHashMap::default();
        let moves: Vec<MoveValue> = moves
            .into_iter()
            .map(|(key, mut m)| {
                let next = classes.len();
                m.class = *classes.entry(key).or_insert(next);
                m
            })
            .collect();
        let reply = moves.first().map(|m| {
            let reason = if m.nimber == 0 {
                Reason::Winning
            } else {
                Reason::LongestLoss
            };
            (0, reason)
        });
        let forced_loop = match entries[..] {
            [(l, _)] => Some(self.table.loops[l as usize].tiles.clone()),
            _ => None,
        };
        Ok(Answer {
            position: p.clone(),
            nimber,
            remoteness,
            finished: entries.len() == 1
                && entries[0].1.count_ones() as usize == self.table.loop_len(entries[0].0),
            loops_left: entries.len(),
            source,
            moves,
            forced_loop,
            reply,
        })
    }

    /// The main line from `p`: the strategist's move for each side in turn
    /// (fastest win, or slowest loss) until the loop is complete, as the
    /// positions after each move with the move's tiles. Its length is
    /// `p`'s remoteness.
    ///
    /// # Errors
    /// As [`Tablebase::query`].
    pub fn main_line(&self, p: &Position) -> Result<Vec<MoveValue>> {
        let mut line = Vec::new();
        let mut a = self.query(p)?;
        while let Some((i, _)) = a.reply {
            let m = a.moves.swap_remove(i);
            a = self.query(&m.position)?;
            line.push(m);
        }
        Ok(line)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_core::progress::NoProgress;

    #[test]
    fn answers_agree_with_a_solve_from_the_position() {
        let tb = Tablebase::build(10, None, &NoProgress).unwrap();
        let a = tb.query(&Position::default()).unwrap();
        assert_eq!(a.nimber, 10);
        assert_eq!(a.source, Source::Table);
        assert_eq!(a.reply.map(|r| r.1), Some(Reason::Winning));
        // Walk down the first move of each answer to a finished loop.
        let mut p = Position::default();
        let mut steps = 0;
        let mut seen_subgames = false;
        loop {
            let a = tb.query(&p).unwrap();
            assert_eq!(
                tb.entries(&p),
                crate::monorail::moves::entries_of(tb.table(), &p)
            );
            let fresh = crate::monorail::root::solve_board(10, None, &p, &NoProgress).unwrap();
            assert_eq!(a.nimber, fresh.nimber, "{p}");
            let mut mine: Vec<_> = a
                .moves
                .iter()
                .map(|m| (m.nimber, m.tiles.clone()))
                .collect();
            mine.sort();
            let mut theirs: Vec<_> = fresh
                .moves
                .iter()
                .map(|m| (m.nimber, m.tiles.clone()))
                .collect();
            theirs.sort();
            assert_eq!(mine, theirs, "{p}");
            let Some((i, reason)) = a.reply else {
                assert!(a.finished);
                break;
            };
            assert_eq!(reason == Reason::Winning, a.nimber != 0);
            assert_eq!(a.remoteness % 2 == 1, a.nimber != 0, "{p}");
            assert_eq!(a.moves[i].remoteness + 1, a.remoteness, "{p}");
            seen_subgames |= a.source == Source::Subgames;
            p = a.moves[i].position.clone();
            steps += 1;
        }
        assert!(steps >= 3);
        assert!(
            seen_subgames,
            "a single-loop position was valued by its subgames"
        );
    }
}
