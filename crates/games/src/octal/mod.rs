//! Octal games: take-and-break games on heaps of tokens, given by an octal
//! (or hexadecimal) code; their nim-sequences, periodicity, rings.
//!
//! Rules: a position is a collection of heaps. A move picks one heap,
//! removes `k` tokens from it and leaves what remains as 0, 1, 2 (or 3)
//! heaps, as digit `d_k` of the code allows (see [`code`]). The player who
//! cannot move loses. By the Sprague–Grundy theorem a position's value is
//! the nim-sum of its heaps' values, so the game is settled by its
//! *nim-sequence* `G(0), G(1), …` (Winning Ways ch. 4; Guy and Smith 1956).
//! Codes with a repeating part (CGSuite's `4.[3]`, Lasker's Nim) have
//! infinitely many digits: [`repeating`] computes them, and what needs a
//! finite code refuses them ([`OctalCode::require_finite`]).

pub mod budget;
pub mod census;
pub mod claim;
pub mod code;
pub mod equivalent;
pub mod extended;
pub mod game;
pub mod naive;
pub mod paired;
pub mod pairs;
pub mod period;
pub mod published;
pub mod rare_batch;
pub mod repeating;
pub mod ring;
pub mod sequence;
pub mod sparse;
pub mod sparse_profile;
pub mod splits;
pub mod table_check;
pub mod values;
pub mod verify;

pub use code::OctalCode;
pub use extended::Extended;
pub use game::HeapGame;
pub use sequence::{Computation, Engine};
pub use values::{Value, Values};
