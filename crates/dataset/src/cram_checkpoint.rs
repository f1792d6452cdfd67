//! The checkpoint of a long Cram search: the values of its table
//! ([`grundy_games::cram::Snapshot`]), written whole from time to time to
//! `DIR/cram-table.bin.zst` and read back when the search is run again
//! with the same `--checkpoint DIR`.
//!
//! Every value of the table is an exact nimber of a region, whenever it
//! was taken, so a search that starts from them gives the same answer as
//! one that does not, only sooner.
//!
//! Format: the shared frame of [`super::stream`] (zstd; a bincode header
//! with fixed-width little-endian integers and a BLAKE3 digest of the
//! whole stream), magic `GRUNDYCR`, version 1. Header fields in order:
//! `magic: [u8; 8]`, `version: u32`, `board: String` (the board's picture,
//! `.` empty and `#` filled, rows joined by `/`), `narrow: u64` (records of
//! 9 bytes: a `u64` canonical form, then its nimber), `wide: u64` (records
//! of 17 bytes: a `u128` canonical form, then its nimber), `digest: [u8;
//! 32]`; then the narrow records, then the wide ones, each form
//! little-endian. The file is written to a temporary name and renamed,
//! so an interruption at any moment leaves the last whole checkpoint.

use super::atomic::write_atomic;
use super::stream;
use grundy_core::error::{Error, Result};
use grundy_games::cram::{Restore, Snapshot, TableView};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The magic bytes opening the decompressed stream.
pub const MAGIC: [u8; 8] = *b"GRUNDYCR";
/// The current format version.
pub const VERSION: u32 = 1;

/// The checkpoint header.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// [`MAGIC`].
    pub magic: [u8; 8],
    /// [`VERSION`].
    pub version: u32,
    /// The board's picture.
    pub board: String,
    /// Records of `u64` forms.
    pub narrow: u64,
    /// Records of `u128` forms.
    pub wide: u64,
    /// BLAKE3 digest of the content (see [`super::stream`]).
    pub digest: [u8; 32],
}

crate::frame_header!(Header, MAGIC, VERSION);

/// The checkpoint file in `dir`.
pub fn path(dir: &Path) -> PathBuf {
    dir.join("cram-table.bin.zst")
}

/// Records of values a run of a read.
const RUN: usize = 1 << 16;

/// Writes the checkpoint of a search of `board` (its picture) holding
/// the values of `table` into `dir`, atomically. The values are read
/// from the table where they lie, twice (once for the digest, once to
/// compress), never copied whole; the compression runs on the cores the
/// search waits with.
///
/// # Errors
/// [`Error::Io`] naming the file when it cannot be written (or when the
/// table changed while it was read, which its view rules out).
pub fn write(dir: &Path, board: &str, table: &TableView<'_>) -> Result<()> {
    let (narrow, wide) = table.counts();
    let header = Header {
        magic: MAGIC,
        version: VERSION,
        board: board.to_string(),
        narrow,
        wide,
        digest: [0; 32],
    };
    let workers = std::thread::available_parallelism().map_or(1, |n| n.get().min(8)) as u32;
    write_atomic(&path(dir), |w| {
        stream::write_framed_with(w, 3, workers, header, |sink| {
            let mut buf = Vec::with_capacity(1 << 16);
            let mut counted = (0u64, 0u64);
            {
                let mut record = |key: &[u8], value: u8| -> std::io::Result<()> {
                    buf.extend_from_slice(key);
                    buf.push(value);
                    if buf.len() >= 1 << 16 {
                        sink(&buf)?;
                        buf.clear();
                    }
                    Ok(())
                };
                table.for_each_narrow(|k, v| {
                    counted.0 += 1;
                    record(&k.to_le_bytes(), v)
                })?;
                table.for_each_wide(|k, v| {
                    counted.1 += 1;
                    record(&k.to_le_bytes(), v)
                })?;
            }
            if counted != (narrow, wide) {
                return Err(std::io::Error::other(format!(
                    "the table changed while it was written ({counted:?} values, then {:?})",
                    (narrow, wide)
                )));
            }
            sink(&buf)
        })
    })
}

/// Reads the checkpoint in `dir` of a search of `board` (its picture)
/// into `into`, a run of values at a time (never all of them held
/// twice): the number of values read, or `None` when there is none.
/// What `into` was given before an error is not to be used: the digest
/// is checked at the end.
///
/// # Errors
/// [`Error::CorruptDataset`] for a file that fails its digest, is of
/// another format or version, ends early or has trailing bytes, holds a
/// canonical form of no cells, or is the checkpoint of another board;
/// [`Error::Io`] when it cannot be read.
pub fn read_into(dir: &Path, board: &str, into: &mut dyn Restore) -> Result<Option<u64>> {
    let file = path(dir);
    if !file.exists() {
        return Ok(None);
    }
    let (h, mut r) = stream::open::<Header>(&file)?;
    if h.board != board {
        return Err(stream::corrupt(
            &file,
            format!("it is the checkpoint of board {}, not of {board}", h.board),
        ));
    }
    into.reserve(h.narrow, h.wide);
    let mut run = Snapshot::default();
    read_forms(&mut r, &file, h.narrow, into, &mut run, |s| &mut s.narrow)?;
    run.narrow.clear();
    read_forms(&mut r, &file, h.wide, into, &mut run, |s| &mut s.wide)?;
    r.finish(&file, "the records")?;
    Ok(Some(h.narrow.saturating_add(h.wide)))
}

/// Reads `count` records of forms `K` (little-endian, then a nimber byte)
/// from `r`, a run at a time: each run is put in the vector `of` picks in
/// `run` (emptied first) and given to `into`.
///
/// # Errors
/// As [`stream::Reader::read_runs`]; [`Error::CorruptDataset`] for a form
/// of no cells.
fn read_forms<K: Form>(
    r: &mut stream::Reader,
    file: &Path,
    count: u64,
    into: &mut dyn Restore,
    run: &mut Snapshot,
    of: impl Fn(&mut Snapshot) -> &mut Vec<(K, u8)>,
) -> Result<()> {
    let width = K::BYTES + 1;
    r.read_runs(file, count, width, RUN, |raw| {
        let forms = of(run);
        forms.clear();
        for c in raw.chunks_exact(width) {
            let k = K::from_le(&c[..K::BYTES]);
            if k == K::default() {
                return Err(Error::CorruptDataset {
                    path: file.to_path_buf(),
                    reason: "a canonical form of no cells".into(),
                });
            }
            forms.push((k, c[K::BYTES]));
        }
        into.restore(run);
        Ok(())
    })
}

/// A canonical form as the file stores it.
trait Form: Copy + Default + PartialEq {
    /// Its bytes in the file.
    const BYTES: usize;
    /// The form of `bytes` (little-endian, [`Self::BYTES`] of them).
    fn from_le(bytes: &[u8]) -> Self;
}

impl Form for u64 {
    const BYTES: usize = 8;
    fn from_le(bytes: &[u8]) -> u64 {
        u64::from_le_bytes(bytes.try_into().unwrap_or_default())
    }
}

impl Form for u128 {
    const BYTES: usize = 16;
    fn from_le(bytes: &[u8]) -> u128 {
        u128::from_le_bytes(bytes.try_into().unwrap_or_default())
    }
}

/// Reads the checkpoint in `dir` of a search of `board` (its picture)
/// whole: `None` when there is none. For small checkpoints and tests; a
/// search reads its own with [`read_into`].
///
/// # Errors
/// As [`read_into`].
pub fn read(dir: &Path, board: &str) -> Result<Option<Snapshot>> {
    let mut s = Snapshot::default();
    Ok(read_into(dir, board, &mut s)?.map(|_| s))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_other_board_and_damage() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(read(dir.path(), "..").unwrap(), None);
        let s = Snapshot {
            narrow: vec![(5, 1), (u64::MAX, 7)],
            wide: vec![(u128::MAX >> 1, 3)],
        };
        write(dir.path(), "../..", &TableView::of(&s)).unwrap();
        assert_eq!(read(dir.path(), "../..").unwrap(), Some(s.clone()));
        let e = read(dir.path(), "...").unwrap_err().to_string();
        assert!(e.contains("checkpoint of board ../.., not of ..."), "{e}");
        // A value edited and recompressed: the digest refuses it.
        let f = path(dir.path());
        let raw = zstd::decode_all(std::fs::File::open(&f).unwrap()).unwrap();
        let mut edited = raw.clone();
        let last = edited.len() - 1;
        edited[last] ^= 1;
        std::fs::write(&f, zstd::encode_all(&edited[..], 3).unwrap()).unwrap();
        assert!(read(dir.path(), "../..").is_err());
    }

    /// What a reader was told, and the lengths of the runs it was given.
    #[derive(Default)]
    struct Runs {
        claimed: (u64, u64),
        got: Snapshot,
        lengths: Vec<usize>,
    }

    impl Restore for Runs {
        fn reserve(&mut self, narrow: u64, wide: u64) {
            self.claimed = (narrow, wide);
        }
        fn restore(&mut self, run: &Snapshot) {
            self.lengths.push(run.narrow.len() + run.wide.len());
            self.got.restore(run);
        }
    }

    #[test]
    fn a_large_checkpoint_is_read_a_run_at_a_time() {
        let dir = tempfile::tempdir().unwrap();
        let n = 2 * RUN as u64 + 5;
        let s = Snapshot {
            narrow: (1..=n).map(|k| (k * 0x9E37_79B9, (k % 7) as u8)).collect(),
            wide: (1..=3u128).map(|k| (k << 70, 2)).collect(),
        };
        write(dir.path(), "..", &TableView::of(&s)).unwrap();
        let mut runs = Runs::default();
        assert_eq!(read_into(dir.path(), "..", &mut runs).unwrap(), Some(n + 3));
        assert_eq!(runs.claimed, (n, 3));
        assert_eq!(runs.got, s);
        assert_eq!(runs.lengths, [RUN, RUN, 5, 3]);
        // Cut short: the count named is the file's, not a run's.
        let f = path(dir.path());
        let raw = zstd::decode_all(std::fs::File::open(&f).unwrap()).unwrap();
        let cut = &raw[..raw.len() - 17 * 3 - 9 * 4];
        std::fs::write(&f, zstd::encode_all(cut, 3).unwrap()).unwrap();
        let e = read(dir.path(), "..").unwrap_err().to_string();
        assert!(
            e.contains(&format!("ends after {} of its {n} records", n - 4)),
            "{e}"
        );
    }

    #[test]
    fn a_form_of_no_cells_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        let s = Snapshot {
            narrow: vec![(5, 1), (0, 2)],
            wide: vec![],
        };
        write(dir.path(), "..", &TableView::of(&s)).unwrap();
        let e = read(dir.path(), "..").unwrap_err().to_string();
        assert!(e.contains("a canonical form of no cells"), "{e}");
    }
}
