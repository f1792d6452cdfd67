//! The checkpoint of a long Monorail solve: a directory of chunk files,
//! each a small positions table (the `GRUNDYMR` format of
//! [`super::monorail_positions`], records sorted) holding values the solve stored.
//!
//! Chunks are written whole, to a temporary file renamed into place
//! ([`super::atomic::write_atomic`]), so an interruption at any moment, even
//! `kill -9`, leaves only complete chunks (and perhaps a stray `.tmp`
//! file, which is ignored). Resuming loads every chunk into the memo; each
//! is checked as any table is (zstd checksum, magic, version, the BLAKE3
//! digest, ascending keys) and its header must name the same tile count and
//! loop count as the run resuming it, so a corrupt or foreign checkpoint is
//! refused, never trusted.
//!
//! Chunk names are `chunk-NNNNNNNN.bin.zst`, numbered in the order written.

use super::monorail_positions::{read_table_chunks, write_table_streamed};
use grundy_core::clock::{Clock, SystemClock};
use grundy_core::error::{Error, Result};
use grundy_core::progress::Progress;
use grundy_games::monorail::memo::CompactMemo;
use grundy_games::monorail::solve::Journal;
use grundy_games::monorail::solved::SortedChunk;
use rayon::prelude::*;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// The checkpoint directory of a run writing its dataset to `out`.
pub fn dir_for(out: &Path) -> PathBuf {
    out.join("checkpoint")
}

/// A checkpoint directory being written.
#[derive(Debug)]
pub struct ChunkJournal {
    dir: PathBuf,
    tiles: u32,
    loops: u64,
    next: AtomicU64,
    interval: Duration,
}

/// The chunk files of `dir`, in order.
fn chunk_files(dir: &Path) -> Result<Vec<(u64, PathBuf)>> {
    let mut out = Vec::new();
    let entries = match std::fs::read_dir(dir) {
        Ok(e) => e,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(out),
        Err(e) => {
            return Err(Error::Io {
                action: "cannot read",
                path: dir.to_path_buf(),
                source: e,
            })
        }
    };
    for entry in entries {
        let entry = entry.map_err(Error::io("cannot read", dir))?;
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if let Some(n) = name
            .strip_prefix("chunk-")
            .and_then(|r| r.strip_suffix(".bin.zst"))
            .and_then(|n| n.parse::<u64>().ok())
        {
            out.push((n, entry.path()));
        }
    }
    out.sort();
    Ok(out)
}

impl ChunkJournal {
    /// A journal writing chunks into `dir` (created when the first chunk
    /// is written), numbered after any already there, for a solve of
    /// `tiles` tiles and `loops` loops, flushing each thread's values at
    /// least every `interval`.
    ///
    /// # Errors
    /// [`Error::Io`] if `dir` exists but cannot be listed.
    pub fn new(dir: &Path, tiles: u32, loops: u64, interval: Duration) -> Result<ChunkJournal> {
        let next = chunk_files(dir)?
            .last()
            .map_or(0, |(n, _)| n.saturating_add(1));
        Ok(ChunkJournal {
            dir: dir.to_path_buf(),
            tiles,
            loops,
            next: AtomicU64::new(next),
            interval,
        })
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Loads every chunk into `memo`, returning the number of chunks and of
    /// records read.
    ///
    /// # Errors
    /// [`Error::CorruptDataset`] naming the chunk that is corrupt, is for
    /// another game (tile or loop count) or holds a nimber the memo cannot;
    /// [`Error::Io`] if one cannot be read.
    pub fn load(&self, memo: &CompactMemo, progress: &dyn Progress) -> Result<(u64, u64)> {
        let files = chunk_files(&self.dir)?;
        progress.phase("load checkpoint", files.len() as u64);
        let mut records = 0u64;
        for (_, path) in &files {
            let refuse = |reason: String| Error::CorruptDataset {
                path: path.clone(),
                reason: format!("{reason}; delete {} to start over", self.dir.display()),
            };
            // Whether the error is this loop's own refusal, already worded
            // for the checkpoint, rather than the chunk reader's.
            let mut refused = false;
            read_table_chunks(path, |h, chunk| {
                if h.tiles != self.tiles || h.loops != self.loops {
                    refused = true;
                    return Err(refuse(format!(
                        "checkpoint chunk is for T = {} with {} loops, not T = {} with {} loops",
                        h.tiles, h.loops, self.tiles, self.loops
                    )));
                }
                if let Some(&(k, v)) = chunk.iter().find(|r| r.1 > memo.max_value()) {
                    refused = true;
                    return Err(refuse(format!("record {k:#x} has nimber {v}, too large")));
                }
                // Each insert is a cache miss: in parallel.
                chunk.par_chunks(4096).for_each(|c| memo.insert_batch(c));
                records = records.saturating_add(chunk.len() as u64);
                Ok(())
            })
            .map_err(|e| match e {
                Error::CorruptDataset { path, reason } if !refused => Error::CorruptDataset {
                    path,
                    reason: format!(
                        "corrupt checkpoint chunk: {reason}; delete {} to start over",
                        self.dir.display()
                    ),
                },
                Error::Undecodable { path, what, source } => Error::Undecodable {
                    path,
                    what: format!(
                        "corrupt checkpoint chunk (delete {} to start over): {what}",
                        self.dir.display()
                    ),
                    source,
                },
                other => other,
            })?;
            progress.advance(1);
        }
        progress.finish_phase();
        Ok((files.len() as u64, records))
    }

    /// Removes the directory and everything in it (after a finished run).
    ///
    /// # Errors
    /// [`Error::Io`] if it cannot be removed.
    pub fn remove(&self) -> Result<()> {
        match std::fs::remove_dir_all(&self.dir) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(Error::Io {
                action: "cannot remove",
                path: self.dir.clone(),
                source: e,
            }),
        }
    }
}

impl Journal for ChunkJournal {
    fn record(&self, batch: &SortedChunk) -> Result<()> {
        let n = self.next.fetch_add(1, Ordering::Relaxed);
        let path = self.dir.join(format!("chunk-{n:08}.bin.zst"));
        super::atomic::write_atomic(&path, |w| {
            write_table_streamed(w, self.tiles, self.loops, batch.len() as u64, 1, |put| {
                batch.for_each_piece(put)
            })
        })
    }

    fn interval(&self) -> Duration {
        self.interval
    }
    fn clock(&self) -> &dyn Clock {
        &SystemClock
    }
}
