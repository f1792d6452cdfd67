//! How this process was launched: as one of several MPI ranks (`mpirun`,
//! `srun`) or alone. A build without the `mpi` feature refuses to run as
//! one of several ranks: each would solve alone and write the same files.

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

/// A build without the `mpi` feature started as one of `ranks` MPI ranks.
#[derive(Debug, thiserror::Error)]
#[error(
    "this grundy was built without MPI support but was started as one of {ranks} MPI ranks; build it with `cargo build --release --features mpi` (needs an MPI library such as Debian's libopenmpi-dev, and libclang-dev)"
)]
pub struct WithoutMpi {
    /// The ranks launched.
    pub ranks: usize,
}

/// Refuses to run as one of several MPI ranks in a build without the `mpi`
/// feature.
///
/// # Errors
/// [`WithoutMpi`], saying how to build with MPI.
pub fn refuse_without_feature() -> Result<(), WithoutMpi> {
    match launched_ranks() {
        Some(ranks) if ranks > 1 && !cfg!(feature = "mpi") => Err(WithoutMpi { ranks }),
        _ => Ok(()),
    }
}
