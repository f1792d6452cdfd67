//! The Monorail positions table (`positions.bin.zst`, magic `GRUNDYMR`):
//! bincode records in a zstd stream.
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

use grundy_core::error::Result;
use grundy_games::monorail::loop_table::LoopTable;
use std::io::{Read, Write};
use std::path::Path;

/// The magic bytes opening the decompressed stream.
pub const MAGIC: [u8; 8] = *b"GRUNDYMR";
/// The current format version.
pub const VERSION: u32 = 2;

/// Defines a keyed table's header struct, named by the argument (magic,
/// version, tile count, loop count, record count, digest: the layout
/// above) over the calling module's `MAGIC` and `VERSION`, with its
/// [`super::stream::FrameHeader`] and [`KeyedHeader`] implementations; the
/// positions and remoteness tables differ only in those constants.
macro_rules! keyed_header {
    ($name:ident) => {
        /// The table header.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
        pub struct $name {
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

        $crate::frame_header!($name, MAGIC, VERSION);

        impl $crate::monorail_positions::KeyedHeader for $name {
            fn blank(tiles: u32, loops: u64, records: u64) -> $name {
                $name {
                    magic: MAGIC,
                    version: VERSION,
                    tiles,
                    loops,
                    records,
                    digest: [0; 32],
                }
            }
            fn records(&self) -> u64 {
                self.records
            }
        }
    };
}
pub(crate) use keyed_header;

keyed_header!(Header);

/// A header of a keyed Monorail table: `(canonical key, u16 value)`
/// records sorted by key after this header's fields (the positions table
/// and the remoteness table, [`super::monorail_remoteness`], share the
/// layout and differ in magic and meaning of the value).
pub trait KeyedHeader: super::stream::FrameHeader {
    /// A header for `records` records of a `tiles`-tile game of `loops`
    /// loops, digest zeroed.
    fn blank(tiles: u32, loops: u64, records: u64) -> Self;
    /// Number of records that follow.
    fn records(&self) -> u64;
}

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
    write_table_streamed(w, tiles, loops, records.len() as u64, level, |put| {
        records.chunks(1 << 16).try_for_each(put)
    })
}

/// Writes a table of `count` records given by `records`, which must hand
/// every record to its argument, in ascending key order, in chunks of any
/// size, and exactly the same way each time it is called: it is called
/// twice, once for the digest and once for the bytes, so no more than a
/// chunk need be in memory. The output equals [`write_table`]'s on the same
/// records.
///
/// # Errors
/// Any I/O error of `w` or of `records`; [`std::io::ErrorKind::InvalidData`]
/// if `records` gives other than `count` records.
pub fn write_table_streamed<R>(
    w: &mut dyn Write,
    tiles: u32,
    loops: u64,
    count: u64,
    level: i32,
    records: R,
) -> std::io::Result<()>
where
    R: Fn(&mut dyn FnMut(&[(u64, u16)]) -> std::io::Result<()>) -> std::io::Result<()>,
{
    write_keyed::<Header, R>(w, tiles, loops, count, level, records)
}

/// [`write_table_streamed`] for any keyed table: the header `H` then the
/// records.
///
/// # Errors
/// As [`write_table_streamed`].
pub fn write_keyed<H: KeyedHeader, R>(
    w: &mut dyn Write,
    tiles: u32,
    loops: u64,
    count: u64,
    level: i32,
    records: R,
) -> std::io::Result<()>
where
    R: Fn(&mut dyn FnMut(&[(u64, u16)]) -> std::io::Result<()>) -> std::io::Result<()>,
{
    write_keyed_with::<H, R>(w, tiles, loops, count, level, 0, records)
}

/// [`write_keyed`] compressed by `workers` zstd worker threads
/// ([`stream::write_framed_with`]: the same bytes for any `workers >= 1`).
///
/// # Errors
/// As [`write_table_streamed`].
pub fn write_keyed_with<H: KeyedHeader, R>(
    w: &mut dyn Write,
    tiles: u32,
    loops: u64,
    count: u64,
    level: i32,
    workers: u32,
    records: R,
) -> std::io::Result<()>
where
    R: Fn(&mut dyn FnMut(&[(u64, u16)]) -> std::io::Result<()>) -> std::io::Result<()>,
{
    let header = H::blank(tiles, loops, count);
    stream::write_framed_with(w, level, workers, header, |sink| {
        let mut buf = Vec::with_capacity(RECORD_BYTES << 16);
        let mut given = 0u64;
        records(&mut |chunk: &[(u64, u16)]| {
            for part in chunk.chunks(1 << 16) {
                buf.clear();
                for &(k, v) in part {
                    buf.extend_from_slice(&k.to_le_bytes());
                    buf.extend_from_slice(&v.to_le_bytes());
                }
                sink(&buf)?;
            }
            given += chunk.len() as u64;
            Ok(())
        })?;
        if given != count {
            return Err(std::io::Error::new(
                std::io::ErrorKind::InvalidData,
                format!("{given} records given for a table of {count}"),
            ));
        }
        Ok(())
    })
}

/// The zstd level of the tables a solve writes (positions and
/// remoteness): level 2 writes the 16-tile positions table smaller and
/// faster than level 3 (9.98 MB in 0.24 s against 10.13 MB in 0.28 s, zstd
/// 1.5 on one thread of this project's 2-core machine). The format does
/// not depend on it.
pub const TABLE_LEVEL: i32 = 2;

/// Bytes per record: key u64, nimber u16.
pub const RECORD_BYTES: usize = 10;

/// Why a positions table's header does not fit the loop table of the
/// rules of its tile count (`None` when its loop count is theirs).
pub fn loops_mismatch(header: &Header, table: &LoopTable) -> Option<String> {
    (header.loops != table.len() as u64).then(|| {
        format!(
            "header says {} loops, the rules give {}",
            header.loops,
            table.len()
        )
    })
}

/// Reads a table file.
///
/// # Errors
/// [`Error::Io`](grundy_core::Error::Io) if the file cannot be opened;
/// [`Error::CorruptDataset`](grundy_core::Error::CorruptDataset) if
/// it is not a zstd stream, has the wrong magic or version, ends early, has
/// trailing bytes, or its keys are not strictly ascending.
pub fn read_table(path: &Path) -> Result<(Header, Vec<(u64, u16)>)> {
    let mut records: Vec<(u64, u16)> = Vec::new();
    let header = read_table_chunks(path, |_, chunk| {
        records.extend_from_slice(chunk);
        Ok(())
    })?;
    Ok((header, records))
}

/// Reads a table file chunk by chunk, handing `f` the header and each chunk
/// of records (at most 65 536) in file order, so memory stays bounded
/// whatever the table's size. The whole file is checked as
/// [`read_table`] checks it, but `f` sees the records before the digest at
/// the end is checked: keep nothing `f` built if this returns an error.
///
/// # Errors
/// As [`read_table`], and the first error of `f`.
pub fn read_table_chunks<F>(path: &Path, f: F) -> Result<Header>
where
    F: FnMut(&Header, &[(u64, u16)]) -> Result<()>,
{
    read_keyed_chunks::<Header, F>(path, f)
}

/// [`read_table_chunks`] for any keyed table with header `H`.
///
/// # Errors
/// As [`read_table`] (the magic and version are `H`'s), and the first error
/// of `f`.
pub fn read_keyed_chunks<H: KeyedHeader, F>(path: &Path, mut f: F) -> Result<H>
where
    F: FnMut(&H, &[(u64, u16)]) -> Result<()>,
{
    let corrupt = |reason: String| stream::corrupt(path, reason);
    let (header, mut r) = stream::open::<H>(path)?;
    let n = header.records();
    let mut chunk: Vec<(u64, u16)> = Vec::new();
    let mut block = vec![0u8; RECORD_BYTES << 16];
    let mut done = 0u64;
    let mut prev: Option<u64> = None;
    while done < n {
        let take = (n - done).min(1 << 16) as usize;
        let bytes = &mut block[..take * RECORD_BYTES];
        r.read_exact(bytes).map_err(|e| {
            stream::undecodable(path, format!("ends after {done} of {n} records"), e)
        })?;
        chunk.clear();
        for (j, rec) in bytes.chunks_exact(RECORD_BYTES).enumerate() {
            let mut key = [0u8; 8];
            key.copy_from_slice(&rec[..8]);
            let k = u64::from_le_bytes(key);
            let v = u16::from_le_bytes([rec[8], rec[9]]);
            if let Some(p) = prev {
                if k <= p {
                    return Err(corrupt(format!(
                        "record {}: key {k:#x} does not follow {p:#x} in ascending order",
                        done + j as u64
                    )));
                }
            }
            prev = Some(k);
            chunk.push((k, v));
        }
        f(&header, &chunk)?;
        done += take as u64;
    }
    r.finish(path, &format!("{n} records"))?;
    Ok(header)
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
        let mut streamed = Vec::new();
        write_table_streamed(&mut streamed, 8, 18, 3, 3, |put| {
            put(&recs[..1])?;
            put(&[])?;
            put(&recs[1..])
        })
        .unwrap();
        assert_eq!(
            streamed, bytes,
            "the streaming writer writes the same bytes"
        );
        let mut short = Vec::new();
        let e = write_table_streamed(&mut short, 8, 18, 4, 3, |put| put(&recs)).unwrap_err();
        assert!(
            e.to_string().contains("3 records given for a table of 4"),
            "{e}"
        );
        std::fs::write(&path, b"not zstd at all").unwrap();
        assert!(read_table(&path).is_err());
    }

    /// The multithreaded writer writes the same bytes for 1, 2 or 5
    /// workers (zstd's streaming multithreaded output does not depend on
    /// their number), which read back as the records.
    #[test]
    fn worker_count_does_not_change_the_bytes() {
        // About 10 MB of records: several zstd jobs.
        let recs: Vec<(u64, u16)> = (0..1_000_000u64)
            .map(|i| (i * 3 + (i * i) % 3, ((i * 2654435761) >> 7) as u16 % 13))
            .collect();
        let write = |workers: u32| {
            let mut bytes = Vec::new();
            write_keyed_with::<Header, _>(
                &mut bytes,
                16,
                23162,
                recs.len() as u64,
                3,
                workers,
                |put| recs.chunks(7777).try_for_each(&mut *put),
            )
            .unwrap();
            bytes
        };
        let one = write(1);
        assert_eq!(write(2), one);
        assert_eq!(write(5), one);
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("t.bin.zst");
        std::fs::write(&path, &one).unwrap();
        assert_eq!(read_table(&path).unwrap().1, recs);
    }
}
