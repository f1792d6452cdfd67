//! Misère Cram: the player who cannot move **wins**. Regions do not add up
//! under misère play (no nimber of a sum is the nim-sum of its parts'), so
//! the search keeps a position whole: the multiset of its regions' canonical
//! forms, sorted, is the key of its outcome.
//!
//! What is and is not reduced:
//! - lone cells, surplus leaves, cells whose neighbours all carry a leaf
//!   ([`Grid::reduce`]) and the edges of twin squares ([`Grid::twin_cuts`]) are
//!   dropped: each proof shows the game with them and the game without
//!   them have the same game tree up to isomorphism (every option of one
//!   is an image of an option of the other), which keeps the outcome under
//!   either convention, in every sum;
//! - the moves of twin squares are not tried (their positions are images
//!   of others);
//! - two equal regions do **not** cancel, and no region is replaced by a
//!   value: under misère play `G + G` need not be a P-position and a
//!   region's nimber says nothing about its misère outcome.

use super::cells::{picture, Cells, Grid, STRIDE};
use super::layout::Wide;
use crate::misere::position::Family;
use grundy_core::{Error, Result};
use rustc_hash::FxHashMap;
use std::sync::Mutex;

/// The misère search: outcomes of whole positions, by their sorted regions.
pub struct MisereSolver {
    memo: FxHashMap<Vec<Cells>, bool>,
    positions: u64,
    limit: u64,
}

impl MisereSolver {
    /// A solver that refuses to search more than `limit` positions.
    pub fn new(limit: u64) -> MisereSolver {
        MisereSolver {
            memo: FxHashMap::default(),
            positions: 0,
            limit,
        }
    }

    /// Positions searched (not read from the memo).
    pub fn positions(&self) -> u64 {
        self.positions
    }

    /// Whether the player to move wins the position `e` (cells in the
    /// layout of [`super::cells`]) under misère play.
    ///
    /// # Errors
    /// [`Error::TooCostly`] once more than the limit of positions is
    /// searched.
    pub fn wins(&mut self, e: Cells) -> Result<bool> {
        let mut key = Vec::new();
        split(Wide.reduce(e), &mut key);
        key.sort_unstable();
        self.wins_key(key)
    }

    fn wins_key(&mut self, key: Vec<Cells>) -> Result<bool> {
        if key.is_empty() {
            return Ok(true); // no move: the player to move has won
        }
        if let Some(&w) = self.memo.get(&key) {
            return Ok(w);
        }
        self.positions += 1;
        if self.positions > self.limit {
            return Err(Error::TooCostly {
                what: "misère Cram".into(),
                needs: format!("a search of more than {} positions", self.limit),
                limit: format!("the {} positions searched without asking", self.limit),
                flag: "--force",
            });
        }
        let mut win = false;
        'regions: for i in 0..key.len() {
            if i > 0 && key[i] == key[i - 1] {
                continue; // the same region has the same options
            }
            let r = Wide.cells_of(key[i]);
            let horizontal = Wide.horizontal_moves(r) & !Wide.twin_cuts(r);
            for (mut bits, step) in [(Wide.vertical_moves(r), STRIDE), (horizontal, 1u32)] {
                while bits != 0 {
                    let b = bits & bits.wrapping_neg();
                    bits ^= b;
                    let mut next: Vec<Cells> = key
                        .iter()
                        .enumerate()
                        .filter(|&(j, _)| j != i)
                        .map(|(_, &k)| k)
                        .collect();
                    split(Wide.reduce(r & !(b | b << step)), &mut next);
                    next.sort_unstable();
                    if !self.wins_key(next)? {
                        win = true;
                        break 'regions;
                    }
                }
            }
        }
        self.memo.insert(key, win);
        Ok(win)
    }
}

/// Pushes the canonical forms of the regions of the reduced cells `e`
/// ([`for_each_region`]).
fn split(e: Cells, out: &mut Vec<Cells>) {
    Wide.for_each_region(e, &mut |r| out.push(Wide.canonical(r)));
}

/// Cram regions as a family of components of a misère sum
/// ([`Family`]): component `id` is the `id`-th region met, by canonical
/// form; its options are the regions each move leaves, split and reduced
/// as in [`MisereSolver`] (every reduction keeps the game tree up to
/// isomorphism, so the sum's outcome too). Regions are numbered as the
/// search meets them.
#[derive(Default)]
pub struct CramRegions {
    ids: Mutex<Ids>,
}

#[derive(Default)]
struct Ids {
    forms: Vec<Cells>,
    index: FxHashMap<Cells, u64>,
}

impl CramRegions {
    /// An empty family.
    pub fn new() -> CramRegions {
        CramRegions::default()
    }

    /// The components of the position `e` (cells in the layout of
    /// [`super::cells`]): one id for each of its regions (none for a
    /// position without a move).
    pub fn components(&self, e: Cells) -> Vec<u64> {
        let mut forms = Vec::new();
        split(Wide.reduce(e), &mut forms);
        forms.into_iter().map(|k| self.id(k)).collect()
    }

    fn id(&self, form: Cells) -> u64 {
        let mut ids = self.ids.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(&i) = ids.index.get(&form) {
            return i;
        }
        let i = ids.forms.len() as u64;
        ids.forms.push(form);
        ids.index.insert(form, i);
        i
    }

    /// The number of cells of region `id` (0 for no region).
    pub fn cells(&self, id: u64) -> u32 {
        self.form(id).map_or(0, |k| Wide.cells_of(k).count_ones())
    }

    fn form(&self, id: u64) -> Option<Cells> {
        let ids = self.ids.lock().unwrap_or_else(|e| e.into_inner());
        usize::try_from(id)
            .ok()
            .and_then(|i| ids.forms.get(i).copied())
    }
}

impl Family for CramRegions {
    fn options(&self, id: u64, out: &mut Vec<Vec<u64>>) -> Result<()> {
        let r = Wide.cells_of(self.form(id).ok_or_else(|| Error::OutOfRange {
            what: format!("Cram region {id}"),
            reason: "no region has that number".into(),
        })?);
        // The moves of twin squares reach images of other options.
        let horizontal = Wide.horizontal_moves(r) & !Wide.twin_cuts(r);
        let start = out.len();
        for (mut bits, step) in [(Wide.vertical_moves(r), STRIDE), (horizontal, 1u32)] {
            while bits != 0 {
                let b = bits & bits.wrapping_neg();
                bits ^= b;
                let mut left = self.components(r & !(b | b << step));
                left.sort_unstable();
                out.push(left);
            }
        }
        // Each option once (moves reaching images of one position).
        out[start..].sort_unstable();
        let mut kept = start;
        for i in start..out.len() {
            if kept == start || out[i] != out[kept - 1] {
                out.swap(kept, i);
                kept += 1;
            }
        }
        out.truncate(kept);
        Ok(())
    }

    fn label(&self, id: u64) -> String {
        match self.form(id) {
            Some(k) => format!("cram:{}", picture(Wide.cells_of(k))),
            None => format!("Cram region {id}"),
        }
    }
}

impl Family for std::sync::Arc<CramRegions> {
    fn options(&self, id: u64, out: &mut Vec<Vec<u64>>) -> Result<()> {
        self.as_ref().options(id, out)
    }

    fn label(&self, id: u64) -> String {
        self.as_ref().label(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cram::cells::tests::pic;
    use crate::cram::Board;
    use grundy_core::impartial::{Convention, Outcome, OutcomeSolver};

    /// The generic misère search over the rules ([`Board`] as an
    /// `ImpartialGame`): no reductions, no regions. Whether the player to
    /// move wins.
    fn plain(b: &Board, search: &mut OutcomeSolver<Board>) -> bool {
        search.outcome(b) == Outcome::N
    }

    #[test]
    fn small_boards_agree_with_the_plain_search() {
        let mut memo = OutcomeSolver::new(Convention::Misere);
        for r in 1..=4 {
            for c in r..=(16 / r).min(15) {
                let b = Board::empty(r, c).unwrap();
                let mut s = MisereSolver::new(u64::MAX);
                assert_eq!(s.wins(b.cells()).unwrap(), plain(&b, &mut memo), "{r}x{c}");
            }
        }
    }

    #[test]
    fn random_pictures_agree_with_the_plain_search() {
        let mut memo = OutcomeSolver::new(Convention::Misere);
        let mut seed = 12345u64;
        for _ in 0..200 {
            let mut text = String::new();
            let (rows, cols) = (3 + seed % 3, 3 + (seed >> 8) % 3);
            for r in 0..rows {
                if r > 0 {
                    text.push('/');
                }
                for _ in 0..cols {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    text.push(if seed % 4 == 0 { '#' } else { '.' });
                }
            }
            let b = Board::parse(&text).unwrap();
            let mut s = MisereSolver::new(u64::MAX);
            assert_eq!(s.wins(b.cells()).unwrap(), plain(&b, &mut memo), "{text}");
        }
    }

    #[test]
    fn sums_are_not_reduced_to_values() {
        // Two lone dominoes: under normal play *1 + *1 = 0, a P-position;
        // under misère play the mover takes one, the opponent must take
        // the other, and the mover, left without a move, wins: an
        // N-position. Equal regions are kept, not cancelled.
        let two = pic("..#..");
        assert!(MisereSolver::new(10).wins(two).unwrap());
        assert_eq!(crate::cram::Solver::new(1 << 16).nimber(two).unwrap(), 0);
        // One domino: the mover must take it and then the opponent cannot
        // move, so the opponent wins: a P-position under misère play.
        assert!(!MisereSolver::new(10).wins(pic("..")).unwrap());
        // No move at all: the player to move wins.
        assert!(MisereSolver::new(10).wins(pic(".#.")).unwrap());
        // The limit is a refusal, not an answer.
        assert!(MisereSolver::new(2)
            .wins(Board::empty(4, 4).unwrap().cells())
            .is_err());
    }
}
