//! Progress reporting, as a sink the search pushes into: the search core
//! knows nothing of terminals.

/// Receives progress from long computations. Every method has a no-op
/// default, so [`NoProgress`] is the trivial sink.
pub trait Progress: Sync {
    /// A new phase starts, with `total` units of work (0 when unknown).
    fn phase(&self, _name: &str, _total: u64) {}
    /// `n` more units of the current phase are done.
    fn advance(&self, _n: u64) {}
    /// The current phase is over.
    fn finish_phase(&self) {}
}

/// The sink that ignores everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProgress;

impl Progress for NoProgress {}
