//! The solved-positions table: bincode records in a zstd stream.
//!
//! Layout of the decompressed stream (all integers little-endian, fixed
//! width: bincode 2 with `standard().with_fixed_int_encoding()`):
//!
//! | field | type | meaning |
//! |---|---|---|
//! | `magic` | 8 bytes | `GRUNDYMR` |
//! | `version` | u32 | format version, currently 2 |
//! | `tiles` | u32 | tile count `T` |
//! | `loops` | u64 | number of loops (rows of `loops.csv`) |
//! | `records` | u64 | number of records that follow |
//! | `digest` | 32 bytes | BLAKE3 of the stream with this field zeroed (offset 32; see [`super::stream`]) |
//! | records | `records` × 10 bytes | `key: u64`, `nimber: u16` |
//!
//! Records are sorted by `key`, strictly ascending. A key names one
//! position class up to the station's symmetries: loop id `key >> 32` (the
//! `id` column of `loops.csv`) and `key & 0xFFFF_FFFF`, a mask over that
//! loop's tiles in cycle order (bit `k` set = tile `k` placed, tile 0 at
//! `(2,0)`). The key stored is the least over the class's four images, each
//! image keyed by the least id of a loop containing it.

use crate::error::Result;
use serde::{Deserialize, Serialize};
use std::io::{Read, Write};
use std::path::Path;

/// The magic bytes opening the decompressed stream.
pub const MAGIC: [u8; 8] = *b"GRUNDYMR";
/// The current format version.
pub const VERSION: u32 = 2;

/// The table header.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// [`MAGIC`].
    pub magic: [u8; 8],
    /// [`VERSION`].
    pub version: u32,
    /// Tile count `T`.
    pub tiles: u32,
    /// Number of loops.
    pub loops: u64,
    /// Number of records.
    pub records: u64,
    /// BLAKE3 digest of the content (see [`super::stream`]).
    pub digest: [u8; 32],
}

crate::frame_header!(Header, MAGIC, VERSION);

use super::stream;

/// Writes the table (header and `records`, which must be sorted) to `w`
/// through zstd at `level`.
///
/// # Errors
/// Any I/O error of `w`.
pub fn write_table(
    w: &mut dyn Write,
    tiles: u32,
    loops: u64,
    records: &[(u64, u16)],
    level: i32,
) -> std::io::Result<()> {
    let header = Header {
        magic: MAGIC,
        version: VERSION,
        tiles,
        loops,
        records: records.len() as u64,
        digest: [0; 32],
    };
    stream::write_framed(w, level, header, |sink| {
        let mut buf = Vec::with_capacity(RECORD_BYTES << 16);
        for chunk in records.chunks(1 << 16) {
            buf.clear();
            for &(k, v) in chunk {
                buf.extend_from_slice(&k.to_le_bytes());
                buf.extend_from_slice(&v.to_le_bytes());
            }
            sink(&buf)?;
        }
        Ok(())
    })
}

/// Bytes per record: key u64, nimber u16.
pub const RECORD_BYTES: usize = 10;

/// Reads a table file.
///
/// # Errors
/// [`Error::Io`] if the file cannot be opened; [`Error::CorruptDataset`] if
/// it is not a zstd stream, has the wrong magic or version, ends early, has
/// trailing bytes, or its keys are not strictly ascending.
pub fn read_table(path: &Path) -> Result<(Header, Vec<(u64, u16)>)> {
    let corrupt = |reason: String| stream::corrupt(path, reason);
    let (header, mut r) = stream::open::<Header>(path)?;
    let n = header.records;
    let mut records: Vec<(u64, u16)> = Vec::new();
    let mut block = vec![0u8; RECORD_BYTES << 16];
    let mut done = 0u64;
    while done < n {
        let take = (n - done).min(1 << 16) as usize;
        let bytes = &mut block[..take * RECORD_BYTES];
        r.read_exact(bytes)
            .map_err(|e| corrupt(format!("ends after {done} of {n} records ({e})")))?;
        for (j, rec) in bytes.chunks_exact(RECORD_BYTES).enumerate() {
            let mut key = [0u8; 8];
            key.copy_from_slice(&rec[..8]);
            let k = u64::from_le_bytes(key);
            let v = u16::from_le_bytes([rec[8], rec[9]]);
            if let Some(&(prev, _)) = records.last() {
                if k <= prev {
                    return Err(corrupt(format!(
                        "record {}: key {k:#x} does not follow {prev:#x} in ascending order",
                        done + j as u64
                    )));
                }
            }
            records.push((k, v));
        }
        done += take as u64;
    }
    r.finish(path, &format!("{n} records"))?;
    Ok((header, records))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_corruption() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.bin.zst");
        let recs = vec![(1u64, 0u16), (5, 3), (1 << 40 | 7, 300)];
        let mut bytes = Vec::new();
        write_table(&mut bytes, 8, 18, &recs, 3).unwrap();
        std::fs::write(&path, &bytes).unwrap();
        let (h, back) = read_table(&path).unwrap();
        assert_eq!(back, recs);
        assert_eq!((h.tiles, h.loops, h.records), (8, 18, 3));
        std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
        let e = read_table(&path).unwrap_err().to_string();
        assert!(e.contains("corrupt dataset"), "{e}");
        std::fs::write(&path, b"not zstd at all").unwrap();
        assert!(read_table(&path).is_err());
    }
}
