//! `mpirun -n K grundy monorail solve ...` (or `srun` under Slurm): the
//! Monorail solve across MPI ranks ([`grundy::games::monorail::distributed`]),
//! gathered on rank 0, which writes the same datasets as a single-process
//! run. Needs the cargo feature `mpi`.

/// Ranks of the MPI job this process was started in, from the launcher's
/// environment: Open MPI's `OMPI_COMM_WORLD_SIZE`, or `PMI_SIZE` (MPICH's
/// Hydra, Slurm's `srun --mpi=pmi2`). `None` when no MPI launcher started
/// this process.
pub fn launched_ranks() -> Option<usize> {
    ["OMPI_COMM_WORLD_SIZE", "PMI_SIZE"]
        .iter()
        .find_map(|v| std::env::var(v).ok()?.parse().ok())
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
    use grundy::games::monorail::distributed::{gather_classes, solve_rank};
    use grundy::games::monorail::rules::Rules;
    use grundy::games::monorail::solve::Solved;
    use grundy::games::monorail::table::LoopTable;
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
    /// other ranks return `None`.
    ///
    /// # Errors
    /// MPI that cannot start, ranks started with different arguments, an
    /// output directory rank 0 cannot write (every rank stops), a failed
    /// solve or write.
    pub fn solve(
        tiles: usize,
        out: &Path,
        reports: Option<&Path>,
        threads: usize,
        bars: &Bars,
        command: String,
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
        let report = |r: &grundy::games::monorail::distributed::RankResult| {
            eprintln!(
                "rank {rank} of {size}: {} classes owned, {} words ({} bytes) sent in {} rounds, solved in {:.2} s",
                r.classes.len(),
                r.words_sent,
                r.words_sent * 8,
                r.rounds,
                started.elapsed().as_secs_f64()
            );
        };
        if rank != 0 {
            let table = LoopTable::new(&Rules::new(tiles)?);
            let r = solve_rank(&table, &mut t)?;
            report(&r);
            gather_classes(&mut t, &r.classes)?;
            return Ok(None);
        }
        let transport = RefCell::new(t);
        let distributed = |table: &LoopTable| -> grundy::Result<Solved> {
            let mut t = transport.borrow_mut();
            let r = solve_rank(table, &mut *t)?;
            report(&r);
            let all = gather_classes(&mut *t, &r.classes)?.unwrap_or_default();
            Solved::from_classes(table, &all)
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
        )?;
        Ok(Some(s))
    }
}
