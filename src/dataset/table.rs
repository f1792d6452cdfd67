//! The solved-positions table: bincode records in a zstd stream.
//!
//! Layout of the decompressed stream (all integers little-endian, fixed
//! width: bincode 2 with `standard().with_fixed_int_encoding()`):
//!
//! | field | type | meaning |
//! |---|---|---|
//! | `magic` | 8 bytes | `GRUNDYMR` |
//! | `version` | u32 | format version, currently 1 |
//! | `tiles` | u32 | tile count `T` |
//! | `loops` | u64 | number of loops (rows of `loops.csv`) |
//! | `records` | u64 | number of records that follow |
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
pub const VERSION: u32 = 1;

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
}

use super::stream::{self, config};

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
    let mut z = zstd::Encoder::new(w, level)?;
    let header = Header {
        magic: MAGIC,
        version: VERSION,
        tiles,
        loops,
        records: records.len() as u64,
    };
    let enc = |e: bincode::error::EncodeError| std::io::Error::other(e.to_string());
    bincode::serde::encode_into_std_write(header, &mut z, config()).map_err(enc)?;
    let mut buf = Vec::with_capacity(10 << 16);
    for chunk in records.chunks(1 << 16) {
        buf.clear();
        for &(k, v) in chunk {
            bincode::serde::encode_into_std_write((k, v), &mut buf, config()).map_err(enc)?;
        }
        z.write_all(&buf)?;
    }
    z.finish()?;
    Ok(())
}

/// Reads a table file.
///
/// # Errors
/// [`Error::Io`] if the file cannot be opened; [`Error::CorruptDataset`] if
/// it is not a zstd stream, has the wrong magic or version, ends early, has
/// trailing bytes, or its keys are not strictly ascending.
pub fn read_table(path: &Path) -> Result<(Header, Vec<(u64, u16)>)> {
    let corrupt = |reason: String| stream::corrupt(path, reason);
    let (header, mut r) = stream::open(path, MAGIC, VERSION, |h: &Header| (h.magic, h.version))?;
    let n = header.records;
    let mut records = Vec::with_capacity(n.min(1 << 28) as usize);
    let mut rec = [0u8; 10];
    for i in 0..n {
        r.read_exact(&mut rec)
            .map_err(|e| corrupt(format!("ends after {i} of {n} records ({e})")))?;
        let k = u64::from_le_bytes(rec[..8].try_into().expect("8 bytes"));
        let v = u16::from_le_bytes([rec[8], rec[9]]);
        if let Some(&(prev, _)) = records.last() {
            if k <= prev {
                return Err(corrupt(format!(
                    "record {i}: key {k:#x} does not follow {prev:#x} in ascending order"
                )));
            }
        }
        records.push((k, v));
    }
    stream::expect_end(&mut r, path, &format!("{n} records"))?;
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
