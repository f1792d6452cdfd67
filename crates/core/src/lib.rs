//! The Sprague–Grundy core of `grundy`: nimbers, mex and nim-sum, the
//! impartial-game trait, a memoised solver and the naive reference solver,
//! with the error type and the progress reporting every layer shares.
//!
//! It does no I/O and knows no game family.
#![warn(missing_docs)]

pub mod clock;
pub mod error;
pub mod impartial;
pub mod progress;

pub use clock::{Clock, Deadline, SystemClock};
pub use error::{Error, Result};
