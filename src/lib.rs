//! `grundy` settles impartial combinatorial games by exhaustive search.
//!
//! This crate is the `grundy` binary (the command line, `src/cli/`) and a
//! facade over the workspace's layers, one crate each (docs/src/layout.md):
//! [`impartial`], [`error`] and [`progress`] from `grundy-core`, [`games`]
//! (`grundy-games`, the engines), [`dataset`], [`report`], [`jobs`] and
//! [`serve`]. The facade serves the tests, benches, examples and the fuzz
//! targets, which exercise every layer; the command line itself names the
//! crates.
#![warn(missing_docs)]

pub use grundy_core::{error, impartial, progress, Error, Result};
pub use grundy_dataset as dataset;
pub use grundy_games as games;
pub use grundy_jobs as jobs;
pub use grundy_report as report;
pub use grundy_serve as serve;
