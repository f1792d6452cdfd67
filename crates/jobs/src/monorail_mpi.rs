//! `mpirun -n K grundy monorail solve ...` (or `srun` under Slurm): the
//! Monorail solve across MPI ranks
//! ([`grundy_games::monorail::distributed`]), gathered on rank 0 into one
//! memo in bounded batches; rank 0 then runs the single-process pipeline
//! ([`super::monorail::run`]) on it and writes the same datasets. The
//! ranks first agree that they were started with the same arguments and
//! that rank 0 can write the output; with a checkpoint every rank resumes
//! from and writes to `OUT/checkpoint/mpi/`. Needs the cargo feature `mpi`.

use super::monorail::{ExternalSolve, SolveJob};
use crate::mpi_transport::MpiTransport;
use grundy_core::error::Error;
use grundy_core::progress::Progress;
use grundy_dataset::monorail::Summary;
use grundy_dataset::monorail_rank_checkpoint::{self, RankCheckpoint};
use grundy_dataset::writable::check_out_dir;
use grundy_games::monorail::cost::{chunk_records, start_classes};
use grundy_games::monorail::distributed::gather::gather_memo;
use grundy_games::monorail::distributed::{solve_rank, RankJournal, RankResult};
use grundy_games::monorail::loop_table::LoopTable;
use grundy_games::monorail::rules::Rules;
use grundy_games::monorail::solved::Solved;
use grundy_games::monorail::transport::Transport;
use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// One rank's part of a distributed Monorail solve.
pub struct MpiSolveJob<'a> {
    /// Tile count `T`.
    pub tiles: usize,
    /// Dataset directory (written by rank 0).
    pub out: &'a Path,
    /// Report directory, if a report is wanted.
    pub reports: Option<&'a Path>,
    /// Worker threads (for the report).
    pub threads: usize,
    /// The command line, for the report (`mpirun -n K` is put before it).
    pub command: String,
    /// Checkpoint at common round boundaries at least this far apart, in
    /// `OUT/checkpoint/mpi/` (a file system all ranks share).
    pub checkpoint: Option<Duration>,
    /// Run even when the estimate exceeds the memory available.
    pub force: bool,
    /// This process's arguments: every rank must have the same.
    pub arguments: &'a [String],
    /// Receives this rank's one-line account of its solve (classes owned,
    /// words sent, time, peak memory) once its search ends.
    pub on_rank_done: &'a dyn Fn(&str),
}

/// Why a distributed solve stopped.
#[derive(Debug, thiserror::Error)]
pub enum MpiError {
    /// MPI did not start.
    #[error("cannot initialise MPI")]
    Initialise,
    /// The ranks' arguments differ.
    #[error("rank {rank} of {size}: the ranks were started with different arguments")]
    DifferentArguments {
        /// This rank.
        rank: usize,
        /// The ranks.
        size: usize,
    },
    /// Rank 0 cannot write the output (said on the other ranks; rank 0
    /// returns its own error).
    #[error("rank {rank} of {size}: stopping, rank 0 cannot write {}", out.display())]
    RankZeroCannotWrite {
        /// This rank.
        rank: usize,
        /// The ranks.
        size: usize,
        /// The output directory.
        out: PathBuf,
    },
    /// The solve, a checkpoint or a write failed.
    #[error(transparent)]
    Run(#[from] Error),
}

/// A 40-bit digest of `arguments`, equal on every rank of a consistent
/// launch.
fn arguments_digest(arguments: &[String]) -> u64 {
    let h = blake3::hash(arguments.join("\0").as_bytes());
    let b = h.as_bytes();
    u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], 0, 0, 0])
}

/// Runs this rank's part of the solve. Rank 0 writes the datasets and
/// report (as [`super::monorail::run`]) and returns the summary; the other
/// ranks return `None`. With a checkpoint, rank 0 removes it once the
/// datasets are written.
///
/// # Errors
/// MPI that cannot start, ranks started with different arguments, an
/// output directory rank 0 cannot write (every rank stops), a corrupt or
/// foreign checkpoint, a failed solve or write.
pub fn run(job: &MpiSolveJob<'_>, progress: &dyn Progress) -> Result<Option<Summary>, MpiError> {
    let universe = mpi::initialize().ok_or(MpiError::Initialise)?;
    let mut t = MpiTransport::new(universe.world());
    agree(job, &mut t)?;
    let rank = Rank {
        job,
        rank: t.rank(),
        size: t.size(),
        started: Instant::now(),
        dir: monorail_rank_checkpoint::dir_for(job.out),
    };
    if rank.rank != 0 {
        let table = LoopTable::new(&Rules::new(job.tiles)?);
        let r = rank.solve(&table, &mut t)?;
        gather_memo(&mut t, &table, r.memo)?;
        return Ok(None);
    }
    let s = rank.write_gathered(t, progress)?;
    rank.remove_checkpoint()?;
    Ok(Some(s))
}

/// Checks across the ranks that they were started with the same arguments
/// and that rank 0 can write the output; every rank stops if not.
fn agree(job: &MpiSolveJob<'_>, t: &mut dyn Transport) -> Result<(), MpiError> {
    let (rank, size) = (t.rank(), t.size());
    let digest = arguments_digest(job.arguments);
    if t.all_sum(digest)? != digest * size as u64 {
        return Err(MpiError::DifferentArguments { rank, size });
    }
    let problem = if rank == 0 {
        check_out_dir(job.out)
            .and_then(|()| job.reports.map_or(Ok(()), check_out_dir))
            .err()
    } else {
        None
    };
    if t.all_sum(u64::from(problem.is_some()))? > 0 {
        return Err(problem.map_or_else(
            || MpiError::RankZeroCannotWrite {
                rank,
                size,
                out: job.out.to_path_buf(),
            },
            MpiError::Run,
        ));
    }
    Ok(())
}

/// One rank of the job.
struct Rank<'j, 'a> {
    job: &'j MpiSolveJob<'a>,
    rank: usize,
    size: usize,
    started: Instant,
    /// The ranks' checkpoint directory.
    dir: PathBuf,
}

impl Rank<'_, '_> {
    /// This rank's search (resumed from its checkpoint, if any), reported
    /// through [`MpiSolveJob::on_rank_done`].
    fn solve(&self, table: &LoopTable, t: &mut dyn Transport) -> grundy_core::Result<RankResult> {
        let opened = self
            .job
            .checkpoint
            .map(|every| {
                RankCheckpoint::open(
                    &self.dir,
                    self.job.tiles as u32,
                    table.len() as u64,
                    self.rank,
                    self.size,
                    every,
                )
            })
            .transpose()?;
        let (mut c, known) = opened.map_or((None, Vec::new()), |(c, k)| (Some(c), k));
        let r = solve_rank(
            table,
            t,
            c.as_mut().map(|c| c as &mut dyn RankJournal),
            known,
        )?;
        (self.job.on_rank_done)(&self.line(&r));
        Ok(r)
    }

    /// The rank's account of its search.
    fn line(&self, r: &RankResult) -> String {
        let resumed = if r.resumed > 0 {
            format!(", {} of them resumed from the checkpoint", r.resumed)
        } else {
            String::new()
        };
        let written = if self.job.checkpoint.is_some() {
            format!(", {} bytes of checkpoint written", r.checkpoint_bytes)
        } else {
            String::new()
        };
        // The peak when the search ended (before rank 0 gathers the table;
        // with ranks as threads, all of them together).
        let peak = match crate::memory::peak_mib() {
            Some(s) => format!(", peak RSS {s:.0} MiB searching"),
            None => String::new(),
        };
        format!(
            "rank {} of {}: {} classes owned{resumed}, {} words ({} bytes) sent in {} rounds{written}, {} other ranks' values received, at most {} cached at once ({} MiB cache, emptied {} times), at most {} classes pending, solved in {:.2} s{peak}\n",
            self.rank,
            self.size,
            r.owned(),
            r.words_sent,
            r.words_sent * 8,
            r.rounds,
            r.remote_received,
            r.remote_cached,
            r.remote_cache_bytes >> 20,
            r.remote_flushes,
            r.peak_pending,
            self.started.elapsed().as_secs_f64()
        )
    }

    /// Rank 0: the single-process pipeline, its solve done by every rank
    /// and gathered here.
    fn write_gathered(
        &self,
        t: MpiTransport,
        progress: &dyn Progress,
    ) -> grundy_core::Result<Summary> {
        let transport = RefCell::new(t);
        let distributed = |table: &LoopTable| -> grundy_core::Result<Solved> {
            let mut t = transport.borrow_mut();
            let r = self.solve(table, &mut *t)?;
            let all = gather_memo(&mut *t, table, r.memo)?.ok_or_else(|| Error::CheckFailed {
                what: "distributed monorail solve".into(),
                reason: "rank 0 gathered no table".into(),
            })?;
            Solved::from_memo(table, all)
        };
        let job = self.job;
        check_out_dir(job.out)?;
        if let Some(r) = job.reports {
            check_out_dir(r)?;
        }
        let solve = SolveJob {
            solver: Some(ExternalSolve(&distributed)),
            tiles: job.tiles,
            out: job.out,
            reports: job.reports,
            threads: job.threads,
            command: format!("mpirun -n {} {}", self.size, job.command),
            checkpoint: None,
            chunk_records: chunk_records(start_classes(job.tiles)?),
            force: job.force,
        };
        Ok(super::monorail::run(&solve, progress)?.summary)
    }

    /// The dataset replaced OUT whole, with its checkpoint; a checkpoint
    /// elsewhere is removed here, and OUT/checkpoint/ with it when nothing
    /// else is in it.
    fn remove_checkpoint(&self) -> grundy_core::Result<()> {
        if self.job.checkpoint.is_some() && self.dir.exists() {
            std::fs::remove_dir_all(&self.dir)
                .map_err(Error::io("cannot remove the checkpoint", &self.dir))?;
            if let Some(parent) = self.dir.parent() {
                let _ = std::fs::remove_dir(parent);
            }
        }
        Ok(())
    }
}
