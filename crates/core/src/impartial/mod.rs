//! The generic Sprague–Grundy core: nimbers, mex and nim-sum, the
//! impartial-game trait, a memoised solver and the naive reference solver.
//!
//! This module does no I/O and knows no game family.

pub mod game;
pub mod naive;
pub mod nimber;
pub mod solver;
pub mod sum;

pub use game::ImpartialGame;
pub use naive::naive_nimber;
pub use nimber::{mex, Nimber, Outcome};
pub use solver::MemoSolver;
