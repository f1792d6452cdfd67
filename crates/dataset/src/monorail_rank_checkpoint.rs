//! The checkpoint of a distributed Monorail solve
//! ([`grundy_games::monorail::distributed`]): every rank's solved classes,
//! written in chunks at common round boundaries, and a manifest of the
//! chunks that make a consistent snapshot.
//!
//! **Files** (directory `OUT/checkpoint/mpi/`, on a file system every rank
//! sees): `rank-R-chunk-NNNNNNNN.bin.zst`, the classes rank `R` solved since
//! its previous chunk, each a small positions table (the `GRUNDYMR` format
//! of [`super::monorail_positions`]: zstd, BLAKE3 digest, ascending keys, the
//! tile and loop counts in the header), written to a temporary file and
//! renamed; and `committed.json`, the manifest ([`Manifest`]), rewritten
//! the same way by rank 0.
//!
//! **Consistency.** A class is solved only after every option's value is
//! known, and a value reaches another rank only after its owner solved it.
//! So if every rank writes what it solved up to the same round boundary,
//! the union of the chunks is closed: with a class it holds the values of
//! all its options. Ranks decide together (rank 0's clock, one global sum
//! per round) when to write; each writes its chunk, then tells rank 0 its
//! name, and rank 0 adds the names of that boundary to the manifest. A job
//! killed at any moment leaves a manifest naming complete boundaries only;
//! chunks it does not name (written after its last update) are deleted when
//! the job is resubmitted, never read.
//!
//! **Resuming** with the same number of ranks, each rank reads its own
//! chunks; with another number, every rank reads every chunk and keeps the
//! classes it now owns ([`grundy_games::monorail::distributed::owner`]). The
//! resumed solve starts from the start position again, but every class in
//! the snapshot is answered from memory at once, so only the classes not
//! yet solved are searched.

use super::atomic::{write_atomic, write_bytes};
use super::monorail_positions::{read_table_chunks, write_table_streamed};
use grundy_core::error::{Error, Result};
use grundy_games::monorail::distributed::{owner, RankJournal};
use grundy_games::monorail::transport::Transport;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// The manifest's file name.
pub const MANIFEST: &str = "committed.json";

/// The checkpoint directory of a distributed run writing its dataset to
/// `out`.
pub fn dir_for(out: &Path) -> PathBuf {
    super::monorail_checkpoint::dir_for(out).join("mpi")
}

/// `committed.json`: what a resubmitted job may read.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Manifest {
    /// Tile count of the solve.
    pub tiles: u32,
    /// Loop count of its table.
    pub loops: u64,
    /// Ranks that wrote every chunk listed (each chunk then holds only the
    /// classes its rank owns under that count), or 0 when chunks of
    /// different rank counts are mixed.
    pub ranks: usize,
    /// Round boundaries committed.
    pub boundaries: u64,
    /// The chunk file names, in the order committed.
    pub chunks: Vec<String>,
}

/// One rank's side of the checkpoint.
#[derive(Debug)]
pub struct RankCheckpoint {
    dir: PathBuf,
    tiles: u32,
    loops: u64,
    rank: usize,
    size: usize,
    interval: Duration,
    last: Instant,
    next: u64,
    /// Rank 0's copy of the manifest (the others keep theirs unchanged).
    manifest: Manifest,
    /// Bytes of chunk files this rank wrote.
    pub bytes_written: u64,
}

fn chunk_name(rank: usize, n: u64) -> String {
    format!("rank-{rank}-chunk-{n:08}.bin.zst")
}

/// `(rank, number)` of a chunk file name.
fn parse_chunk_name(name: &str) -> Option<(usize, u64)> {
    let rest = name.strip_prefix("rank-")?.strip_suffix(".bin.zst")?;
    let (r, n) = rest.split_once("-chunk-")?;
    Some((r.parse().ok()?, n.parse().ok()?))
}

impl RankCheckpoint {
    /// Opens the checkpoint in `dir` for rank `rank` of `size`, solving
    /// `tiles` tiles with `loops` loops and writing at least `interval`
    /// apart; returns it with the classes of the committed snapshot this
    /// rank owns (ascending by key, as read). Rank 0 deletes the chunks the
    /// manifest does not name. Every rank calls it before the solve's first
    /// exchange.
    ///
    /// # Errors
    /// [`Error::Io`] for a directory or file that cannot be made or read;
    /// [`Error::CorruptDataset`] naming the file for a manifest or chunk
    /// that is corrupt or of another game (tile or loop count), or a chunk
    /// the manifest names that is missing.
    pub fn open(
        dir: &Path,
        tiles: u32,
        loops: u64,
        rank: usize,
        size: usize,
        interval: Duration,
    ) -> Result<(RankCheckpoint, Vec<(u64, u16)>)> {
        std::fs::create_dir_all(dir).map_err(Error::io("cannot create", dir))?;
        let path = dir.join(MANIFEST);
        let refuse = |path: &Path, reason: String| Error::CorruptDataset {
            path: path.to_path_buf(),
            reason: format!("{reason}; delete {} to start over", dir.display()),
        };
        let manifest = read_manifest(dir, tiles, loops, size)?;
        if rank == 0 {
            let entries = std::fs::read_dir(dir).map_err(Error::io("cannot read", dir))?;
            for entry in entries {
                let entry = entry.map_err(Error::io("cannot read", dir))?;
                let name = entry.file_name().to_string_lossy().into_owned();
                if parse_chunk_name(&name).is_some() && !manifest.chunks.contains(&name) {
                    std::fs::remove_file(entry.path())
                        .map_err(Error::io("cannot remove", &entry.path()))?;
                }
            }
        }
        let same_ranks = manifest.ranks == size;
        let mut mine = Vec::new();
        for name in &manifest.chunks {
            let Some((r, _)) = parse_chunk_name(name) else {
                return Err(refuse(&path, format!("{name:?} is not a chunk name")));
            };
            if same_ranks && r != rank {
                continue;
            }
            let file = dir.join(name);
            if !file.exists() {
                return Err(refuse(&path, format!("it names {name}, which is missing")));
            }
            read_table_chunks(&file, |h, chunk| {
                if (h.tiles, h.loops) != (tiles, loops) {
                    return Err(refuse(
                        &file,
                        format!(
                            "a chunk of T = {} with {} loops, not T = {tiles} with {loops} loops",
                            h.tiles, h.loops
                        ),
                    ));
                }
                mine.extend(chunk.iter().filter(|&&(k, _)| owner(k, size) == rank));
                Ok(())
            })?;
        }
        let next = manifest
            .chunks
            .iter()
            .filter_map(|n| parse_chunk_name(n))
            .filter(|&(r, _)| r == rank)
            .map(|(_, n)| n.saturating_add(1))
            .max()
            .unwrap_or(0);
        Ok((
            RankCheckpoint {
                dir: dir.to_path_buf(),
                tiles,
                loops,
                rank,
                size,
                interval,
                last: Instant::now(),
                next,
                manifest,
                bytes_written: 0,
            },
            mine,
        ))
    }

    /// At a round boundary (every rank calls it, collectively): when rank
    /// 0's interval has passed or `force`, writes `fresh` (classes this
    /// rank solved since its last chunk; emptied) as a chunk and commits
    /// the boundary. Returns whether a boundary was committed.
    ///
    /// # Errors
    /// [`Error::Io`] for a chunk or manifest that cannot be written; the
    /// transport's errors.
    fn store_boundary(
        &mut self,
        t: &mut dyn Transport,
        fresh: &mut Vec<(u64, u16)>,
        force: bool,
    ) -> Result<bool> {
        let due = self.rank == 0 && (force || self.last.elapsed() >= self.interval);
        if t.all_sum(u64::from(due))? == 0 {
            return Ok(false);
        }
        let written = if fresh.is_empty() {
            u64::MAX
        } else {
            fresh.sort_unstable();
            let n = self.next;
            let path = self.dir.join(chunk_name(self.rank, n));
            write_atomic(&path, |w| {
                write_table_streamed(w, self.tiles, self.loops, fresh.len() as u64, 1, |put| {
                    put(fresh.as_slice())
                })
            })?;
            self.bytes_written = self
                .bytes_written
                .saturating_add(std::fs::metadata(&path).map_or(0, |m| m.len()));
            self.next = n.saturating_add(1);
            fresh.clear();
            n
        };
        let mut outbox = vec![Vec::new(); self.size];
        outbox[0] = vec![self.rank as u64, written];
        let inbox = t.all_to_all(outbox)?;
        if self.rank == 0 {
            let m = &mut self.manifest;
            if m.ranks != self.size && !m.chunks.is_empty() {
                m.ranks = 0;
            } else if m.chunks.is_empty() {
                m.ranks = self.size;
            }
            for w in inbox.chunks_exact(2) {
                if w[1] != u64::MAX {
                    m.chunks.push(chunk_name(w[0] as usize, w[1]));
                }
            }
            m.boundaries = m.boundaries.saturating_add(1);
            let text = serde_json::to_string_pretty(m).map_err(|e| Error::Undecodable {
                path: self.dir.join(MANIFEST),
                what: "cannot encode the manifest".into(),
                source: Box::new(e),
            })?;
            write_bytes(&self.dir.join(MANIFEST), text.as_bytes())?;
        }
        self.last = Instant::now();
        Ok(true)
    }

    /// The directory.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// Bytes of all chunk files in the directory now.
    pub fn volume(&self) -> u64 {
        std::fs::read_dir(&self.dir)
            .map(|entries| {
                entries
                    .filter_map(|e| e.ok())
                    .filter(|e| parse_chunk_name(&e.file_name().to_string_lossy()).is_some())
                    .filter_map(|e| e.metadata().ok())
                    .map(|m| m.len())
                    .sum()
            })
            .unwrap_or(0)
    }
}

/// The manifest in `dir`, or a fresh one for `size` ranks when there is
/// none yet.
///
/// # Errors
/// [`Error::Io`] when it cannot be read; [`Error::Undecodable`] or
/// [`Error::CorruptDataset`] for a manifest that is not one, or of another
/// game.
fn read_manifest(dir: &Path, tiles: u32, loops: u64, size: usize) -> Result<Manifest> {
    let path = dir.join(MANIFEST);
    match std::fs::read(&path) {
        Ok(bytes) => {
            let m: Manifest = serde_json::from_slice(&bytes).map_err(|e| Error::Undecodable {
                path: path.clone(),
                what: format!(
                    "not a checkpoint manifest (delete {} to start over)",
                    dir.display()
                ),
                source: Box::new(e),
            })?;
            if (m.tiles, m.loops) != (tiles, loops) {
                return Err(Error::CorruptDataset {
                    path,
                    reason: format!(
                        "a checkpoint of T = {} with {} loops, not T = {tiles} with {loops} loops; delete {} to start over",
                        m.tiles,
                        m.loops,
                        dir.display()
                    ),
                });
            }
            Ok(m)
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(Manifest {
            tiles,
            loops,
            ranks: size,
            boundaries: 0,
            chunks: Vec::new(),
        }),
        Err(e) => Err(Error::io("cannot read", &path)(e)),
    }
}

impl RankJournal for RankCheckpoint {
    /// At a round boundary (every rank calls it, collectively): when rank
    /// 0's interval has passed or `force`, writes `fresh` (classes this
    /// rank solved since its last chunk; emptied) as a chunk and commits
    /// the boundary in the manifest.
    ///
    /// # Errors
    /// [`Error::Io`] for a chunk or manifest that cannot be written; the
    /// transport's errors.
    fn boundary(
        &mut self,
        t: &mut dyn Transport,
        fresh: &mut Vec<(u64, u16)>,
        force: bool,
    ) -> Result<bool> {
        self.store_boundary(t, fresh, force)
    }

    fn bytes_written(&self) -> u64 {
        self.bytes_written
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chunk_names_round_trip() {
        assert_eq!(chunk_name(3, 17), "rank-3-chunk-00000017.bin.zst");
        assert_eq!(parse_chunk_name(&chunk_name(3, 17)), Some((3, 17)));
        assert_eq!(parse_chunk_name("chunk-00000001.bin.zst"), None);
        assert_eq!(parse_chunk_name("rank-x-chunk-1.bin.zst"), None);
    }

    fn manifest(dir: &Path, m: &Manifest) {
        std::fs::write(dir.join(MANIFEST), serde_json::to_string(m).unwrap()).unwrap();
    }

    #[test]
    fn a_foreign_or_broken_checkpoint_is_refused() {
        let d = tempfile::tempdir().unwrap();
        let every = Duration::from_secs(1);
        let mut m = Manifest {
            tiles: 14,
            loops: 100,
            ranks: 2,
            boundaries: 1,
            chunks: vec![],
        };
        manifest(d.path(), &m);
        let e = RankCheckpoint::open(d.path(), 12, 100, 0, 2, every).unwrap_err();
        assert!(e.to_string().contains("not T = 12 with 100 loops"), "{e}");
        m.tiles = 12;
        m.chunks = vec![chunk_name(1, 0)];
        manifest(d.path(), &m);
        let e = RankCheckpoint::open(d.path(), 12, 100, 1, 2, every).unwrap_err();
        assert!(e.to_string().contains("which is missing"), "{e}");
        std::fs::write(d.path().join(MANIFEST), "{").unwrap();
        let e = RankCheckpoint::open(d.path(), 12, 100, 0, 2, every).unwrap_err();
        assert!(e.to_string().contains("not a checkpoint manifest"), "{e}");
    }

    #[test]
    fn chunks_the_manifest_does_not_name_are_deleted() {
        let d = tempfile::tempdir().unwrap();
        let stray = d.path().join(chunk_name(1, 3));
        std::fs::write(&stray, b"cut short").unwrap();
        let other = d.path().join("notes.txt");
        std::fs::write(&other, b"kept").unwrap();
        let (c, known) =
            RankCheckpoint::open(d.path(), 12, 100, 0, 2, Duration::from_secs(1)).unwrap();
        assert!(known.is_empty());
        assert!(!stray.exists());
        assert!(other.exists());
        assert_eq!(c.volume(), 0);
    }
}

/// The distributed engine run through this checkpoint: a job killed
/// part-way resumes (the engine's own tests run without files).
#[cfg(test)]
mod resume_tests {
    use super::*;
    use grundy_core::progress::NoProgress;
    use grundy_games::monorail::distributed::{solve_local, solve_rank, RankResult};
    use grundy_games::monorail::loop_table::LoopTable;
    use grundy_games::monorail::rules::Rules;
    use grundy_games::monorail::solve::solve;
    use grundy_games::monorail::solved::Solved;

    /// The loop table of T = `t`, its single-process solve, and that
    /// solve's classes ascending by key.
    fn single_process(t: usize) -> (LoopTable, Solved, Vec<(u64, u16)>) {
        let table = LoopTable::new(&Rules::new(t).unwrap());
        let single = solve(&table, &NoProgress).unwrap();
        let mut classes = single.positions();
        classes.sort_unstable();
        (table, single, classes)
    }

    /// A transport that fails on every rank at the same collective call,
    /// as a job killed part-way.
    struct FailAt {
        inner: grundy_games::monorail::transport::LocalTransport,
        calls: usize,
        fail_at: usize,
    }

    impl Transport for FailAt {
        fn rank(&self) -> usize {
            self.inner.rank()
        }
        fn size(&self) -> usize {
            self.inner.size()
        }
        fn all_to_all(&mut self, outbox: Vec<Vec<u64>>) -> Result<Vec<u64>> {
            self.calls += 1;
            if self.calls == self.fail_at {
                return Err(Error::CheckFailed {
                    what: "test".into(),
                    reason: "killed".into(),
                });
            }
            self.inner.all_to_all(outbox)
        }
        fn all_sum(&mut self, value: u64) -> Result<u64> {
            self.inner.all_sum(value)
        }
    }

    /// Runs `ranks` ranks with a checkpoint in `dir` (a boundary every
    /// round), failing them all at the `fail_at`-th exchange if not 0.
    fn run_checkpointed(
        table: &LoopTable,
        dir: &std::path::Path,
        ranks: usize,
        fail_at: usize,
    ) -> Vec<Result<RankResult>> {
        let group = grundy_games::monorail::transport::LocalTransport::group(ranks);
        std::thread::scope(|s| {
            let handles: Vec<_> = group
                .into_iter()
                .map(|inner| {
                    s.spawn(move || {
                        let mut t = FailAt {
                            inner,
                            calls: 0,
                            fail_at,
                        };
                        let (mut c, known) = RankCheckpoint::open(
                            dir,
                            12,
                            table.len() as u64,
                            t.rank(),
                            ranks,
                            std::time::Duration::ZERO,
                        )?;
                        solve_rank(table, &mut t, Some(&mut c as &mut dyn RankJournal), known)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        })
    }

    /// A job killed part-way resumes from its checkpoint, with the same or
    /// another number of ranks, and ends with the single-process table.
    #[test]
    fn a_killed_job_resumes_from_its_checkpoint() {
        let (table, single, want) = single_process(12);
        for (first, second) in [(3, 3), (3, 2), (1, 4)] {
            let dir = tempfile::tempdir().unwrap();
            // With a boundary every round, a round makes two exchanges:
            // fail half-way.
            let rounds = solve_local(&table, first).unwrap()[0].rounds as usize;
            assert!(rounds >= 4, "{rounds} rounds");
            let killed = run_checkpointed(&table, dir.path(), first, rounds);
            assert!(
                killed.iter().all(|r| r.is_err()),
                "{first} ranks were not stopped"
            );
            // Chunks written after the last commit would be deleted; the
            // committed ones are read back.
            let results = run_checkpointed(&table, dir.path(), second, 0);
            let mut all = Vec::new();
            let mut resumed = 0;
            for r in results {
                let r = r.unwrap();
                assert_eq!(r.start_nimber, single.start_nimber);
                resumed += r.resumed;
                all.extend_from_slice(&r.classes());
            }
            all.sort_unstable();
            assert!(resumed > 0, "{first} then {second} ranks: nothing resumed");
            assert!(resumed < want.len());
            assert_eq!(all, want, "{first} then {second} ranks");
        }
    }
}
