//! The memoised solver, using the components and canonical-form hooks.

use super::game::ImpartialGame;
use super::nimber::{mex, Nimber};
use rustc_hash::FxHashMap;

/// A memoised Sprague–Grundy solver.
///
/// Each position is split into [`components`](ImpartialGame::components),
/// each component is mapped to its [`canonical`](ImpartialGame::canonical)
/// form, and the value of a canonical component is computed once as the mex
/// of its options' values. The value of a position is the nim-sum of its
/// components' values (Sprague–Grundy theorem).
#[derive(Debug)]
pub struct MemoSolver<G: ImpartialGame> {
    memo: FxHashMap<G, Nimber>,
}

impl<G: ImpartialGame> Default for MemoSolver<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: ImpartialGame> MemoSolver<G> {
    /// An empty solver.
    pub fn new() -> Self {
        MemoSolver {
            memo: FxHashMap::default(),
        }
    }

    /// How many canonical components have a stored value.
    pub fn len(&self) -> usize {
        self.memo.len()
    }

    /// Whether nothing has been solved yet.
    pub fn is_empty(&self) -> bool {
        self.memo.is_empty()
    }

    /// The stored value of canonical components, for inspection.
    pub fn table(&self) -> &FxHashMap<G, Nimber> {
        &self.memo
    }

    /// The Grundy value of `game`.
    ///
    /// Recursion depth is the length of the longest play, so very deep games
    /// need a large stack.
    pub fn nimber(&mut self, game: &G) -> Nimber {
        game.components()
            .iter()
            .map(|c| self.component_nimber(&c.canonical()))
            .sum()
    }

    fn component_nimber(&mut self, canonical: &G) -> Nimber {
        if let Some(&v) = self.memo.get(canonical) {
            return v;
        }
        let options = canonical.options();
        let values: Vec<Nimber> = options.iter().map(|o| self.nimber(o)).collect();
        let v = mex(values);
        self.memo.insert(canonical.clone(), v);
        v
    }

    /// Every option of `game` that is a P-position (value `*0`): the winning
    /// moves. Empty when `game` is itself a P-position.
    pub fn winning_moves(&mut self, game: &G) -> Vec<G> {
        game.options()
            .into_iter()
            .filter(|o| self.nimber(o).is_p_position())
            .collect()
    }
}
