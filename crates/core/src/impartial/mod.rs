//! The generic Sprague–Grundy core: nimbers, mex and nim-sum, the
//! impartial-game trait, a memoised solver and the naive reference solver,
//! and outcomes under either play convention (normal or misère).
//!
//! This module does no I/O and knows no game family.

pub mod convention;
pub mod game;
pub mod naive;
pub mod nimber;
pub mod outcome;
pub mod solver;
pub mod sum;

pub use convention::Convention;
pub use game::ImpartialGame;
pub use naive::naive_nimber;
pub use nimber::{mex, Nimber, Outcome};
pub use outcome::{naive_outcome, OutcomeSolver};
pub use solver::MemoSolver;
