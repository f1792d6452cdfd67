//! The Monorail remoteness table (`remoteness.bin.zst`, magic
//! `GRUNDYRD`), an optional file of a Monorail dataset: the remoteness of
//! every position class ([`grundy_games::monorail::remoteness`]), keyed as
//! `positions.bin.zst` is.
//!
//! Written by `monorail solve` for T ≤ [`MAX_TILES`] (so by `reproduce` for
//! `data/monorail/`, T = 16) and checked by `monorail verify` when present:
//! every record is re-derived from the verified nimbers. Git-ignored like
//! the positions table (about 9 MB at T = 16) and regenerated.
//!
//! Layout of the decompressed stream (little-endian, fixed width: bincode 2
//! with `standard().with_fixed_int_encoding()`), exactly that of
//! [`super::monorail_positions`] but for the magic and the value:
//!
//! | field | type | meaning |
//! |---|---|---|
//! | `magic` | 8 bytes | `GRUNDYRD` |
//! | `version` | u32 | format version, currently 1 |
//! | `tiles` | u32 | tile count `T` |
//! | `loops` | u64 | number of loops (rows of `loops.csv`) |
//! | `records` | u64 | number of records that follow (the classes of `positions.bin.zst`) |
//! | `digest` | 32 bytes | BLAKE3 of the stream with this field zeroed (offset 32; see [`super::stream`]) |
//! | records | `records` × 10 bytes | `key: u64` (as in `positions.bin.zst`), `remoteness: u16` |
//!
//! Records are sorted by `key`, strictly ascending, and hold exactly the
//! keys of `positions.bin.zst`. The remoteness is the number of moves to
//! the end of the game (a completed loop) with perfect play, the winner
//! finishing as fast as possible and the loser lasting as long as possible:
//! even exactly at P-positions (nimber 0).

use super::monorail_positions::{keyed_header, read_keyed_chunks, write_keyed_with};
use grundy_core::error::{Error, Result};
use grundy_games::monorail::loop_table::LoopTable;
use grundy_games::monorail::solved::Solved;
use std::path::Path;

/// The magic bytes opening the decompressed stream.
pub const MAGIC: [u8; 8] = *b"GRUNDYRD";
/// The current format version.
pub const VERSION: u32 = 1;
/// The file's name in a dataset directory.
pub const FILE: &str = "remoteness.bin.zst";
/// Largest tile count whose solve writes the file (the sizes `serve` and
/// `play` solve).
pub const MAX_TILES: usize = grundy_games::monorail::remoteness::KEPT_UP_TO;

keyed_header!(Header);

/// Told of every piece of records written (progress).
pub type Counted<'a> = dyn Fn(&[(u64, u16)]) + Sync + 'a;

/// Writes the remoteness kept by `solved` ([`Solved::start_remoteness`])
/// as `path` (atomically), zstd level [`super::monorail_positions::TABLE_LEVEL`] with as many workers as the pool
/// has threads, reading the memo in sorted chunks of about
/// `chunk_records` records (twice: the digest, then the bytes), handing
/// every piece to `counted` too (progress). The one-chunk case is written
/// beside the positions table by [`super::monorail::write_positions`].
///
/// # Errors
/// [`Error::Io`] naming `path`; [`Error::VerificationFailed`] when
/// `solved` keeps no remoteness.
pub fn write_remoteness(
    path: &Path,
    tiles: u32,
    table: &LoopTable,
    solved: &Solved,
    chunk_records: u64,
    counted: &Counted<'_>,
) -> Result<()> {
    if solved.start_remoteness.is_none() {
        return Err(Error::VerificationFailed {
            path: path.to_path_buf(),
            reason: "the solved table keeps no remoteness".into(),
        });
    }
    let loops = table.len() as u64;
    let workers = u32::try_from(rayon::current_num_threads().max(1)).unwrap_or(1);
    super::atomic::write_atomic(path, |w| {
        write_keyed_with::<Header, _>(
            w,
            tiles,
            loops,
            solved.classes(),
            super::monorail_positions::TABLE_LEVEL,
            workers,
            |put| {
                solved.for_each_sorted_remoteness(chunk_records, |piece| {
                    counted(piece);
                    put(piece)
                })
            },
        )
    })
}

/// Reads the table at `path`: header and records.
///
/// # Errors
/// [`Error::Io`] if it cannot be read; [`Error::CorruptDataset`] if it is
/// not such a table (wrong magic or version, truncated, trailing bytes,
/// keys out of order, digest mismatch).
pub fn read_remoteness(path: &Path) -> Result<(Header, Vec<(u64, u16)>)> {
    let mut records = Vec::new();
    let header = read_keyed_chunks::<Header, _>(path, |_, chunk| {
        records.extend_from_slice(chunk);
        Ok(())
    })?;
    Ok((header, records))
}

/// Checks the table at `path` against `derived` (re-derived from verified
/// nimbers) for a game of `tiles` tiles over `table`: same header counts,
/// same keys, same values. Returns the records checked.
///
/// # Errors
/// As [`read_remoteness`]; [`Error::VerificationFailed`] naming the first
/// record that differs.
pub fn check_remoteness(
    path: &Path,
    tiles: usize,
    table: &LoopTable,
    derived: &Solved,
) -> Result<u64> {
    let fail = |reason: String| Error::VerificationFailed {
        path: path.to_path_buf(),
        reason,
    };
    let (h, records) = read_remoteness(path)?;
    if h.tiles as usize != tiles || h.loops != table.len() as u64 {
        return Err(fail(format!(
            "header says T = {} over {} loops, the dataset T = {tiles} over {}",
            h.tiles,
            h.loops,
            table.len()
        )));
    }
    let want = derived
        .remoteness_records()
        .ok_or_else(|| fail("the re-derived table keeps no remoteness to compare with".into()))?;
    if records.len() != want.len() {
        return Err(fail(format!(
            "file has {} records, re-derived {}",
            records.len(),
            want.len()
        )));
    }
    for (i, (got, exp)) in records.iter().zip(&want).enumerate() {
        if got != exp {
            return Err(fail(format!(
                "record {i}: file says key {:#x} remoteness {}, re-derived key {:#x} remoteness {}",
                got.0, got.1, exp.0, exp.1
            )));
        }
    }
    Ok(records.len() as u64)
}
