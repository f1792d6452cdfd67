//! Dataset writers and readers: atomic files, the bincode + zstd positions
//! table, the dataset directories, and the strict reading ([`strict`]) of
//! the text files grundy writes and reads back.
#![warn(missing_docs)]

pub mod atomic;
pub mod census;
pub mod census_partial;
pub mod claims_table;
pub mod coins;
pub mod cram_certificate;
pub mod cram_checkpoint;
pub mod cram_regions;
pub mod graph;
pub mod misere_cache;
pub mod misere_census;
pub mod misere_quotient;
pub mod monorail;
pub mod monorail_board;
pub mod monorail_checkpoint;
pub mod monorail_positions;
pub mod monorail_rank_checkpoint;
pub mod monorail_remoteness;
pub mod monorail_verify;
pub mod octal;
pub mod octal_rows;
pub mod octal_sparse;
pub mod staging;
pub mod stream;
pub mod strict;
pub mod treblecross;
pub mod treblecross_text;
pub mod writable;

/// A CSV writing error as an I/O error, keeping the kind of an underlying
/// I/O error (so a closed pipe stays `BrokenPipe`, which the command line
/// ends on quietly).
pub(crate) fn csv_to_io(e: csv::Error) -> std::io::Error {
    match e.into_kind() {
        csv::ErrorKind::Io(e) => e,
        k => std::io::Error::other(format!("{k:?}")),
    }
}
