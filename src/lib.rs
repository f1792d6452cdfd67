//! `grundy` settles impartial combinatorial games by exhaustive search.
#![warn(missing_docs)]

pub mod dataset;
pub mod error;
pub mod games;
pub mod impartial;
pub mod jobs;
pub mod progress;
pub mod report;
pub mod serve;

pub use error::{Error, Result};
