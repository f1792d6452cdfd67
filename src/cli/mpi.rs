//! `mpirun -n K grundy monorail solve ...` (or `srun` under Slurm): the
//! Monorail solve across MPI ranks ([`grundy::games::monorail::distributed`]),
//! gathered on rank 0 into one memo in bounded batches; rank 0 writes the
//! same datasets as a single-process run. Needs the cargo feature `mpi`.

/// Ranks of the MPI job this process was started in, from the launcher's
/// environment: Open MPI's `OMPI_COMM_WORLD_SIZE`, `PMI_SIZE` (MPICH's
/// Hydra, Slurm's `srun --mpi=pmi2`), or under `srun --mpi=pmix` (which
/// sets `PMIX_RANK`) Slurm's `SLURM_STEP_NUM_TASKS`. `None` when no MPI
/// launcher started this process.
pub fn launched_ranks() -> Option<usize> {
    let var = |v: &str| -> Option<usize> { std::env::var(v).ok()?.parse().ok() };
    var("OMPI_COMM_WORLD_SIZE")
        .or_else(|| var("PMI_SIZE"))
        .or_else(|| {
            std::env::var_os("PMIX_RANK")
                .and_then(|_| var("SLURM_STEP_NUM_TASKS").or_else(|| var("SLURM_NTASKS")))
        })
}

/// Refuses to run as one of several MPI ranks in a build without the `mpi`
/// feature (each rank would solve alone and write the same files).
///
/// # Errors
/// One line saying how to build with MPI.
pub fn refuse_without_feature() -> anyhow::Result<()> {
    match launched_ranks() {
        Some(k) if k > 1 && !cfg!(feature = "mpi") => anyhow::bail!(
            "this grundy was built without MPI support but was started as one of {k} MPI ranks; build it with `cargo build --release --features mpi` (needs an MPI library such as Debian's libopenmpi-dev, and libclang-dev)"
        ),
        _ => Ok(()),
    }
}

#[cfg(feature = "mpi")]
pub use with_mpi::solve;

#[cfg(feature = "mpi")]
mod with_mpi {
    use super::super::progress::Bars;
    use anyhow::{bail, Context};
    use grundy::dataset::monorail::Summary;
    use grundy::dataset::monorail_rank_checkpoint::{self, RankCheckpoint};
    use grundy::games::monorail::distributed::{gather_memo, solve_rank, RankJournal};
    use grundy::games::monorail::loop_table::LoopTable;
    use grundy::games::monorail::rules::Rules;
    use grundy::games::monorail::solve::Solved;
    use grundy::games::monorail::transport::mpi_world::MpiTransport;
    use grundy::games::monorail::transport::Transport;
    use grundy::jobs::monorail::ExternalSolve;
    use std::cell::RefCell;
    use std::path::Path;

    /// A 40-bit digest of this process's arguments, equal on every rank of
    /// a consistent launch.
    fn arguments_digest() -> u64 {
        let args: Vec<String> = std::env::args().skip(1).collect();
        let h = blake3::hash(args.join("\0").as_bytes());
        let b = h.as_bytes();
        u64::from_le_bytes([b[0], b[1], b[2], b[3], b[4], 0, 0, 0])
    }

    /// Runs this rank's part of the solve of T = `tiles`. Rank 0 writes the
    /// datasets and report (as `solve_into`) and returns the summary; the
    /// other ranks return `None`. With `checkpoint`, every rank resumes
    /// from and writes to `OUT/checkpoint/mpi/` (a file system all ranks
    /// share), at least that far apart; rank 0 removes it once the
    /// datasets are written.
    ///
    /// # Errors
    /// MPI that cannot start, ranks started with different arguments, an
    /// output directory rank 0 cannot write (every rank stops), a corrupt
    /// or foreign checkpoint, a failed solve or write.
    #[allow(clippy::too_many_arguments)]
    pub fn solve(
        tiles: usize,
        out: &Path,
        reports: Option<&Path>,
        threads: usize,
        bars: &Bars,
        command: String,
        checkpoint: Option<std::time::Duration>,
        force: bool,
    ) -> anyhow::Result<Option<Summary>> {
        let universe = mpi::initialize().context("cannot initialise MPI")?;
        let mut t = MpiTransport::new(universe.world());
        let (rank, size) = (t.rank(), t.size());
        let digest = arguments_digest();
        if t.all_sum(digest)? != digest * size as u64 {
            bail!("rank {rank} of {size}: the ranks were started with different arguments");
        }
        let problem = if rank == 0 {
            use super::super::monorail::check_out_dir;
            check_out_dir(out)
                .and_then(|()| reports.map_or(Ok(()), check_out_dir))
                .err()
        } else {
            None
        };
        if t.all_sum(u64::from(problem.is_some()))? > 0 {
            return Err(problem.unwrap_or_else(|| {
                anyhow::anyhow!(
                    "rank {rank} of {size}: stopping, rank 0 cannot write {}",
                    out.display()
                )
            }));
        }
        let started = std::time::Instant::now();
        let dir = monorail_rank_checkpoint::dir_for(out);
        // The rank's checkpoint and the committed classes it owns.
        type Opened = Option<(RankCheckpoint, Vec<(u64, u16)>)>;
        let open = |table: &LoopTable| -> grundy::Result<Opened> {
            checkpoint
                .map(|every| {
                    RankCheckpoint::open(&dir, tiles as u32, table.len() as u64, rank, size, every)
                })
                .transpose()
        };
        let report = |r: &grundy::games::monorail::distributed::RankResult| {
            let resumed = if r.resumed > 0 {
                format!(", {} of them resumed from the checkpoint", r.resumed)
            } else {
                String::new()
            };
            let written = if checkpoint.is_some() {
                format!(", {} bytes of checkpoint written", r.checkpoint_bytes)
            } else {
                String::new()
            };
            // The peak when the search ended (before rank 0 gathers the
            // table).
            let peak = match r.search_peak_mib {
                Some(s) => format!(", peak RSS {s:.0} MiB searching"),
                None => String::new(),
            };
            let line = format!(
                "rank {rank} of {size}: {} classes owned{resumed}, {} words ({} bytes) sent in {} rounds{written}, {} other ranks' values received, at most {} cached at once ({} MiB cache, emptied {} times), at most {} classes pending, solved in {:.2} s{peak}\n",
                r.owned(),
                r.words_sent,
                r.words_sent * 8,
                r.rounds,
                r.remote_received,
                r.remote_cached,
                r.remote_cache_bytes >> 20,
                r.remote_flushes,
                r.peak_pending,
                started.elapsed().as_secs_f64()
            );
            // One write, so that the ranks' lines do not interleave.
            let _ = std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes());
        };
        let solve_here = |table: &LoopTable, t: &mut dyn Transport| {
            let (mut c, known) = open(table)?.map_or((None, Vec::new()), |(c, k)| (Some(c), k));
            solve_rank(
                table,
                t,
                c.as_mut().map(|c| c as &mut dyn RankJournal),
                known,
            )
        };
        if rank != 0 {
            let table = LoopTable::new(&Rules::new(tiles)?);
            let r = solve_here(&table, &mut t)?;
            report(&r);
            gather_memo(&mut t, &table, r.memo)?;
            return Ok(None);
        }
        let transport = RefCell::new(t);
        let distributed = |table: &LoopTable| -> grundy::Result<Solved> {
            let mut t = transport.borrow_mut();
            let r = solve_here(table, &mut *t)?;
            report(&r);
            let all = gather_memo(&mut *t, table, r.memo)?.ok_or_else(|| {
                grundy::Error::VerificationFailed {
                    path: "distributed monorail solve".into(),
                    reason: "rank 0 gathered no table".into(),
                }
            })?;
            Solved::from_memo(table, all)
        };
        let command = format!("mpirun -n {size} {command}");
        let s = super::super::monorail::solve_into(
            tiles,
            out,
            reports,
            threads,
            bars,
            command,
            None,
            Some(ExternalSolve(&distributed)),
            force,
        )?;
        // The dataset replaced OUT whole, with its checkpoint; a checkpoint
        // elsewhere is removed here.
        if checkpoint.is_some() && dir.exists() {
            std::fs::remove_dir_all(&dir)
                .with_context(|| format!("cannot remove the checkpoint {}", dir.display()))?;
            // OUT/checkpoint/ itself, when nothing else is in it.
            if let Some(parent) = dir.parent() {
                let _ = std::fs::remove_dir(parent);
            }
        }
        Ok(Some(s))
    }
}
