//! Dataset writers and readers: atomic files, the bincode + zstd positions
//! table, and the Monorail dataset directory.

pub mod atomic;
pub mod monorail;
pub mod octal;
pub mod stream;
pub mod table;
