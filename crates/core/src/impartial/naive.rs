//! The naive reference solver: plain recursion, no memo, no hooks.
//!
//! It uses only [`ImpartialGame::options`] and the definition
//! `G(p) = mex { G(q) : q an option of p }`, so it is slow but has nothing to
//! get wrong. Every fast path in this crate is tested against it.

use super::game::ImpartialGame;
use super::nimber::{mex, Nimber};

/// The Grundy value of `game` by plain recursion over the game tree.
///
/// Exponential in general: use it only on small positions.
pub fn naive_nimber<G: ImpartialGame>(game: &G) -> Nimber {
    mex(game.options().iter().map(naive_nimber))
}
