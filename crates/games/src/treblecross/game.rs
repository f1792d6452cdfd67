//! A Treblecross row as a generic impartial game ([`ImpartialGame`]):
//! the plain rules with no theory, for the core's solvers.
//!
//! A move writes an `X` in an empty cell. Whoever completes three `X` in
//! consecutive cells wins, so a row holding three in a row has no option:
//! the player to move there has lost, which is normal play, and the
//! player who completed it made the last move. A full row without three
//! in a row has no option either. No cell is called dead and the row is
//! not split into gaps: that analysis (Winning Ways ch. 4 and 22) is what
//! the generic solvers over this game test. The canonical form is the row
//! or its mirror image, whichever has the smaller mask, a symmetry of the
//! game tree.

use super::row::Row;
use grundy_core::impartial::{ImpartialGame, Outcome, OutcomeSolver};
use grundy_core::{Error, Result};

/// The longest row held (one bit per cell in a machine word).
pub const MAX_ROW_CELLS: usize = 64;

/// A Treblecross row of at most [`MAX_ROW_CELLS`] cells, possibly
/// holding three in a row (the game is then over).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RowGame {
    /// Bit `i` set when cell `i + 1` holds an `X`.
    xs: u64,
    len: u8,
}

impl RowGame {
    /// The empty row of `len` cells.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] past [`MAX_ROW_CELLS`] cells.
    pub fn empty(len: usize) -> Result<RowGame> {
        RowGame::from_mask(len, 0)
    }

    /// The row of `len` cells with `X` at the bits of `xs` (bit `i` is
    /// cell `i + 1`).
    ///
    /// # Errors
    /// [`Error::OutOfRange`] past [`MAX_ROW_CELLS`] cells or for a bit
    /// beyond the row.
    pub fn from_mask(len: usize, xs: u64) -> Result<RowGame> {
        let fits = len <= MAX_ROW_CELLS && (len == 64 || xs >> len == 0);
        let len8 = u8::try_from(len).ok().filter(|_| fits);
        len8.map(|len| RowGame { xs, len })
            .ok_or_else(|| Error::OutOfRange {
                what: format!("a row of {len} cells with X at {xs:#x}"),
                reason: format!("a row holds at most {MAX_ROW_CELLS} cells, every X within it"),
            })
    }

    /// `row` as a game.
    ///
    /// # Errors
    /// As [`from_mask`](Self::from_mask).
    pub fn from_row(row: &Row) -> Result<RowGame> {
        let xs = row
            .cells()
            .iter()
            .enumerate()
            .take(MAX_ROW_CELLS)
            .fold(0u64, |m, (i, &x)| m | u64::from(x) << i);
        RowGame::from_mask(row.len(), xs)
    }

    /// The number of cells.
    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    /// Whether the row has no cell.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The `X`s, cell `i + 1` at bit `i`.
    pub fn mask(&self) -> u64 {
        self.xs
    }

    /// Whether three `X` stand in consecutive cells (the game is over).
    pub fn has_three(&self) -> bool {
        self.xs & (self.xs >> 1) & (self.xs >> 2) != 0
    }

    /// The row with an `X` added in cell `cell` (1-based), if that cell is
    /// in the row and empty.
    pub fn with_x(&self, cell: usize) -> Option<RowGame> {
        let i = cell.checked_sub(1).filter(|&i| i < self.len())?;
        (self.xs >> i & 1 == 0).then_some(RowGame {
            xs: self.xs | 1 << i,
            len: self.len,
        })
    }

    /// The mirror image: cell `i` becomes cell `len + 1 − i`.
    pub fn mirror(&self) -> RowGame {
        let xs = match self.len {
            0 => 0,
            n => self.xs.reverse_bits() >> (64 - u32::from(n)),
        };
        RowGame { xs, len: self.len }
    }

    /// Every winning cell (1-based, ascending): those whose move leaves a
    /// P-position under normal play, by `solver` (which must play the
    /// normal convention). Empty when the row is a P-position or over.
    pub fn winning_cells(&self, solver: &mut OutcomeSolver<RowGame>) -> Vec<usize> {
        if self.has_three() {
            return Vec::new();
        }
        (1..=self.len())
            .filter(|&c| {
                self.with_x(c)
                    .is_some_and(|o| solver.outcome(&o) == Outcome::P)
            })
            .collect()
    }
}

impl ImpartialGame for RowGame {
    /// Every empty cell written in, none once three stand in a row.
    fn options(&self) -> Vec<RowGame> {
        if self.has_three() {
            return Vec::new();
        }
        (1..=self.len()).filter_map(|c| self.with_x(c)).collect()
    }

    /// The row or its mirror image, the smaller.
    fn canonical(&self) -> RowGame {
        (*self).min(self.mirror())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::treblecross::nimbers::quiet;
    use crate::treblecross::{empty_strip, GapNimbers};
    use grundy_core::impartial::{naive_outcome, Convention};

    #[test]
    fn rows_and_moves() {
        let r = RowGame::from_row(&"X.X..".parse().unwrap()).unwrap();
        assert_eq!((r.mask(), r.len()), (0b101, 5));
        assert_eq!(r.options().len(), 3);
        assert_eq!(r.mirror().mask(), 0b10100);
        assert_eq!(r.mirror().mirror(), r);
        assert_eq!(r.canonical(), r);
        assert_eq!(r.with_x(1), None);
        assert_eq!(r.with_x(6), None);
        assert!(r.with_x(2).unwrap().has_three());
        assert!(r.with_x(2).unwrap().options().is_empty());
        assert!(RowGame::from_mask(3, 0b1000).is_err());
        assert!(RowGame::empty(65).is_err());
        assert_eq!(RowGame::empty(64).unwrap().mirror().mask(), 0);
        // X.X: the middle cell wins at once, and only it.
        let mut s = OutcomeSolver::new(Convention::Normal);
        assert_eq!(r.winning_cells(&mut s), [2]);
    }

    /// Empty rows of 1 to 16 cells: the first player loses exactly at 2,
    /// 6 and 12, as the gap analysis (Winning Ways ch. 4, the gap values
    /// of 0.007) says too (its strip table, `tests/suite/treblecross.rs`).
    #[test]
    fn empty_rows() {
        let mut s = OutcomeSolver::new(Convention::Normal);
        let losing: Vec<usize> = (1..=16)
            .filter(|&n| s.outcome(&RowGame::empty(n).unwrap()) == Outcome::P)
            .collect();
        assert_eq!(losing, [2, 6, 12]);
        for n in 1..=7 {
            let g = RowGame::empty(n).unwrap();
            assert_eq!(naive_outcome(&g, Convention::Normal), s.outcome(&g), "{n}");
        }
        // Of 7 cells only the middle wins (it leaves the live cells 1 and
        // 7, two gaps of one cell, *1 + *1 = 0); the gap analysis agrees
        // on every empty row.
        assert_eq!(RowGame::empty(7).unwrap().winning_cells(&mut s), [4]);
        let nimbers = GapNimbers::compute(20, quiet());
        for n in 1..=16 {
            let want = empty_strip(n, &nimbers).unwrap().winning_cells;
            assert_eq!(
                RowGame::empty(n).unwrap().winning_cells(&mut s),
                want,
                "{n}"
            );
        }
    }
}
