//! Dataset writers and readers: atomic files, the bincode + zstd positions
//! table, and the Monorail dataset directory.

pub mod atomic;
pub mod census;
pub mod checkpoint;
pub mod coins;
pub mod graph;
pub mod monorail;
pub mod monorail_board;
pub mod monorail_table;
pub mod octal;
pub mod rank_checkpoint;
pub mod staging;
pub mod stream;
pub mod treblecross;
