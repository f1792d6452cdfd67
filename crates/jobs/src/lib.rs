//! Whole runs as library calls: a game solved, its datasets written and its
//! report rendered, with phase timings. The command line, `reproduce` and
//! any launcher (a batch system, another machine) call these, so a run is
//! the same whoever starts it.
#![warn(missing_docs)]

// The core's error and progress types are the jobs' own API: a caller
// (the command line, the server, Python) names them through this crate.
pub use grundy_core::{error, progress, Error, Result};

pub mod atlas;
pub mod census;
pub mod cram;
pub mod disk;
pub mod duration;
pub mod explorer;
pub mod graph;
pub mod memory;
pub mod misere;
mod misere_cached;
pub mod misere_census;
pub mod misere_genus;
pub mod misere_quotient;
pub mod misere_verify;
pub mod monorail;
#[cfg(feature = "mpi")]
pub mod monorail_mpi;
pub mod monorail_position;
pub mod monorail_table;
pub mod mpi_launch;
#[cfg(feature = "mpi")]
pub mod mpi_transport;
pub mod octal;
pub mod octal_queries;
pub mod reproduce;
pub mod sum;
pub mod treblecross;
