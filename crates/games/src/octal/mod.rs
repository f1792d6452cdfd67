//! Octal games: take-and-break games on heaps of tokens, given by an octal
//! (or hexadecimal) code; their nim-sequences, periodicity, rings.
//!
//! Rules: a position is a collection of heaps. A move picks one heap,
//! removes `k` tokens from it and leaves what remains as 0, 1, 2 (or 3)
//! heaps, as digit `d_k` of the code allows (see [`theory::code`]). The
//! player who cannot move loses. By the Sprague–Grundy theorem a
//! position's value is the nim-sum of its heaps' values, so the game is
//! settled by its *nim-sequence* `G(0), G(1), …` (Winning Ways ch. 4; Guy
//! and Smith 1956). Codes with a repeating part (CGSuite's `4.[3]`,
//! Lasker's Nim) have infinitely many digits: [`engine::repeating`]
//! computes them, and what needs a finite code refuses them
//! ([`OctalCode::require_finite`]).
//!
//! Two folders: [`engine`] computes nim-sequences (the naive reference,
//! the sparse-space engine and what makes it fast, budgets, resumable
//! computations), and [`theory`] holds the mathematics about them (codes,
//! periodicity and its proofs, published claims, rings, equivalent codes,
//! the census).

pub mod engine;
pub mod theory;

pub use engine::sequence::{Computation, Engine};
pub use engine::values::{Value, Values};
pub use theory::code::OctalCode;
pub use theory::extended::Extended;
pub use theory::game::HeapGame;
