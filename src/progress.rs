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
    /// A short note on the current phase (for instance the memory in
    /// use), shown beside it until replaced.
    fn note(&self, _text: &str) {}
}

/// The sink that ignores everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProgress;

impl Progress for NoProgress {}

/// Peak resident memory of this process so far, in MiB (Linux `VmHWM`);
/// `None` where that cannot be read.
pub fn peak_mib() -> Option<f64> {
    status_mib("VmHWM:")
}

/// Resident memory of this process now, in MiB (Linux `VmRSS`).
pub fn resident_mib() -> Option<f64> {
    status_mib("VmRSS:")
}

fn status_mib(field: &str) -> Option<f64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(field))?;
    let kb: f64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb / 1024.0)
}
