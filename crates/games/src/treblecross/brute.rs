//! Plain game-tree search of Treblecross with no theory: the reference
//! that [`analyse`](super::analyse) is tested against.

use super::row::Row;
use rustc_hash::FxHashMap;

/// Minimax over rows of at most 63 cells, memoised on the set of `X`.
///
/// A move writes `X` in an empty cell; completing three in a row wins;
/// with no empty cell left the player to move loses. Exponential: meant
/// for rows of up to about 20 cells.
#[derive(Debug)]
pub struct Minimax {
    len: usize,
    memo: FxHashMap<u64, bool>,
}

impl Minimax {
    /// A search for rows of `len` cells.
    ///
    /// # Panics
    /// If `len` exceeds 63.
    pub fn new(len: usize) -> Minimax {
        assert!(len <= 63, "brute force is for short rows");
        Minimax {
            len,
            memo: FxHashMap::default(),
        }
    }

    fn three(&self, xs: u64) -> bool {
        xs & (xs >> 1) & (xs >> 2) != 0
    }

    /// Whether the player to move wins from the row with `X` at the bits
    /// of `xs` (bit `i` = cell `i + 1`).
    pub fn wins(&mut self, xs: u64) -> bool {
        if let Some(&w) = self.memo.get(&xs) {
            return w;
        }
        let w = (0..self.len).any(|i| self.move_wins(xs, i));
        self.memo.insert(xs, w);
        w
    }

    fn move_wins(&mut self, xs: u64, i: usize) -> bool {
        if xs >> i & 1 == 1 {
            return false;
        }
        let next = xs | 1 << i;
        self.three(next) || !self.wins(next)
    }

    /// Every winning cell of `row` (1-based, ascending).
    ///
    /// # Panics
    /// If the row's length differs from the search's.
    pub fn winning_cells(&mut self, row: &Row) -> Vec<usize> {
        assert_eq!(row.len(), self.len);
        let xs = row
            .cells()
            .iter()
            .enumerate()
            .fold(0u64, |acc, (i, &x)| acc | (x as u64) << i);
        (0..self.len)
            .filter(|&i| self.move_wins(xs, i))
            .map(|i| i + 1)
            .collect()
    }
}
