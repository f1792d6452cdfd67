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
use grundy_games::cram::Snapshot;
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

/// Writes the checkpoint of a search of `board` (its picture) holding
/// `snapshot` into `dir`, atomically.
///
/// # Errors
/// [`Error::Io`] naming the file when it cannot be written.
pub fn write(dir: &Path, board: &str, snapshot: &Snapshot) -> Result<()> {
    let header = Header {
        magic: MAGIC,
        version: VERSION,
        board: board.to_string(),
        narrow: snapshot.narrow.len() as u64,
        wide: snapshot.wide.len() as u64,
        digest: [0; 32],
    };
    write_atomic(&path(dir), |w| {
        stream::write_framed(w, 3, header, |sink| {
            let mut buf = Vec::with_capacity(1 << 16);
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
                for &(k, v) in &snapshot.narrow {
                    record(&k.to_le_bytes(), v)?;
                }
                for &(k, v) in &snapshot.wide {
                    record(&k.to_le_bytes(), v)?;
                }
            }
            sink(&buf)
        })
    })
}

/// Reads the checkpoint in `dir` of a search of `board` (its picture):
/// `None` when there is none.
///
/// # Errors
/// [`Error::CorruptDataset`] for a file that fails its digest, is of
/// another format or version, ends early or has trailing bytes, or is
/// the checkpoint of another board; [`Error::Io`] when it cannot be read.
pub fn read(dir: &Path, board: &str) -> Result<Option<Snapshot>> {
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
    let narrow = r.read_records(&file, h.narrow, 9)?;
    let wide = r.read_records(&file, h.wide, 17)?;
    r.finish(&file, "the records")?;
    let u64_at = |c: &[u8]| u64::from_le_bytes(c[..8].try_into().unwrap_or_default());
    let u128_at = |c: &[u8]| u128::from_le_bytes(c[..16].try_into().unwrap_or_default());
    let snapshot = Snapshot {
        narrow: narrow.chunks(9).map(|c| (u64_at(c), c[8])).collect(),
        wide: wide.chunks(17).map(|c| (u128_at(c), c[16])).collect(),
    };
    if snapshot.narrow.iter().any(|e| e.0 == 0) || snapshot.wide.iter().any(|e| e.0 == 0) {
        return Err(Error::CorruptDataset {
            path: file,
            reason: "a canonical form of no cells".into(),
        });
    }
    Ok(Some(snapshot))
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
        write(dir.path(), "../..", &s).unwrap();
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
}
