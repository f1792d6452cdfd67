//! Dataset writers and readers: atomic files, the bincode + zstd positions
//! table, the dataset directories, and the strict reading ([`strict`]) of
//! the text files grundy writes and reads back.

pub mod atomic;
pub mod census;
pub mod coins;
pub mod graph;
pub mod monorail;
pub mod monorail_board;
pub mod monorail_checkpoint;
pub mod monorail_positions;
pub mod monorail_rank_checkpoint;
pub mod octal;
pub mod staging;
pub mod stream;
pub mod strict;
pub mod treblecross;
