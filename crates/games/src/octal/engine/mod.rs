//! Computing nim-sequences of octal games: the naive reference engine,
//! the fast sparse-space engine and its parts, and resumable, budgeted
//! computations with either.

pub mod budget;
pub mod naive;
pub mod paired;
pub mod pairs;
pub mod rare_batch;
pub mod repeating;
pub mod sequence;
pub mod sparse;
pub mod sparse_profile;
pub mod splits;
pub mod values;
