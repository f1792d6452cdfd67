//! The impartial-game abstraction.

use std::hash::Hash;

/// A finite impartial game: both players have the same options. Under
/// normal play the player who cannot move loses, and its value is a
/// nimber ([`MemoSolver`](super::MemoSolver), [`naive_nimber`](super::naive_nimber));
/// under either [`Convention`](super::Convention) its outcome is searched
/// by [`OutcomeSolver`](super::OutcomeSolver) and
/// [`naive_outcome`](super::naive_outcome). Every game family implements
/// it, so these are the references the fast paths are tested against.
///
/// Only [`options`](ImpartialGame::options) is required. The two hooks have
/// safe defaults and exist for speed:
/// - [`components`](ImpartialGame::components) splits a position into
///   independent summands (default: the position itself, one component).
///   By the Sprague–Grundy theorem the value of the whole is the nim-sum of
///   the components' values (Winning Ways ch. 3).
/// - [`canonical`](ImpartialGame::canonical) maps a position to a fixed
///   representative of its symmetry class (default: identity). It must keep
///   the value; memo tables key on it. [`OutcomeSolver`](super::OutcomeSolver)
///   keys whole positions on it under misère play too, so it should keep
///   the game tree up to isomorphism (a symmetry does), not merely the
///   normal-play value.
///
/// Every game must be finite: all plays end (no position repeats).
pub trait ImpartialGame: Clone + Eq + Hash {
    /// Every position reachable in one move. Order is irrelevant; duplicates
    /// are allowed.
    fn options(&self) -> Vec<Self>;

    /// Independent summands of this position. Default: `vec![self.clone()]`.
    ///
    /// A returned component equal to a terminal position may be omitted.
    fn components(&self) -> Vec<Self> {
        vec![self.clone()]
    }

    /// A representative of this position's symmetry class with the same
    /// value. Default: the position itself.
    fn canonical(&self) -> Self {
        self.clone()
    }
}
