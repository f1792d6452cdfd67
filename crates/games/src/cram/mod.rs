//! Cram: players in turn place a domino on two adjacent empty cells of a
//! board, horizontally or vertically; a player who cannot move loses
//! (Gardner, *Mathematical Games*, 1974; Winning Ways, 2nd ed., ch. 22).
//! Cram is Arc Kayles on the grid graph of the empty cells: a move
//! removes both ends of an edge.
//!
//! - [`board`]: boards as the user gives them (`5x7` or a picture) and
//!   their moves;
//! - [`cells`]: positions as bit sets, regions, reductions and canonical
//!   forms;
//! - [`layout`]: the two layouts of those bit sets (`u128`, and `u64`
//!   fitted to the position);
//! - [`table`]: the transposition table bounded by memory, in
//!   [`huge_pages`];
//! - [`solver`]: the search for nimbers;
//! - [`cost`]: the time a search will take, estimated before it starts;
//! - [`polyomino`]: every region of a few cells and its values (the
//!   database of small regions);
//! - [`published`]: the table of record the results are checked against;
//! - [`certificate`] and [`verify`]: proofs of a nimber that a program of
//!   its own rechecks by the rules.
//!
//! The plain game over the rules ([`Board`] as an
//! [`ImpartialGame`](grundy_core::impartial::ImpartialGame)) is the reference the
//! tests check the solver against: the core's `MemoSolver` under normal
//! play and its `OutcomeSolver` under misère play.

pub mod board;
pub mod cells;
pub mod certificate;
pub mod cost;
pub mod exclusions;
pub mod huge_pages;
pub mod layout;
pub mod misere;
mod nimber_set;
pub mod polyomino;
pub mod published;
pub mod shared_table;
pub mod solver;
pub mod table;
pub mod verify;

pub use board::{Board, Domino};
pub use misere::{CramRegions, MisereSolver};
pub use solver::{Restore, Saver, Snapshot, Solver, Stats, TableView};
