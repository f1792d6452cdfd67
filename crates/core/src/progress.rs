//! Progress reporting and cancellation, as one context the search pushes
//! into and polls: the search core knows nothing of terminals or signals.

use crate::clock::{Clock, SystemClock};
use std::sync::atomic::{AtomicBool, Ordering};

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
    /// Whether the run has been asked to stop (Ctrl-C, SIGTERM, a server
    /// shutting down). A long computation polls this between units of work
    /// and, when it turns true, returns early with everything it kept still
    /// valid, so the run can save its progress. Never, by default.
    fn stop_requested(&self) -> bool {
        false
    }
    /// The resident memory of this process now, in MiB, for a long
    /// computation to show beside its progress: the engines read no
    /// machine state themselves, so the caller's context answers (the
    /// command line's reads Linux's `VmRSS`). `None`, by default.
    fn resident_mib(&self) -> Option<f64> {
        None
    }
    /// The clock a computation paces itself by (how often it polls for a
    /// stop, when it saves): the engines read no clock themselves, so the
    /// caller's context answers. The system's, by default.
    fn clock(&self) -> &dyn Clock {
        &SystemClock
    }
}

/// A progress sink with a stop flag: reports go to `inner`, and
/// [`Progress::stop_requested`] reads `stop` (set from another thread or a
/// signal handler).
#[derive(Clone, Copy)]
pub struct Stoppable<'a> {
    inner: &'a dyn Progress,
    stop: &'a AtomicBool,
}

impl<'a> Stoppable<'a> {
    /// Reports to `inner`; a stop is requested once `stop` is set.
    pub fn new(inner: &'a dyn Progress, stop: &'a AtomicBool) -> Self {
        Stoppable { inner, stop }
    }
}

impl Progress for Stoppable<'_> {
    fn phase(&self, name: &str, total: u64) {
        self.inner.phase(name, total);
    }
    fn advance(&self, n: u64) {
        self.inner.advance(n);
    }
    fn finish_phase(&self) {
        self.inner.finish_phase();
    }
    fn note(&self, text: &str) {
        self.inner.note(text);
    }
    fn stop_requested(&self) -> bool {
        self.stop.load(Ordering::Relaxed) || self.inner.stop_requested()
    }
    fn resident_mib(&self) -> Option<f64> {
        self.inner.resident_mib()
    }
    fn clock(&self) -> &dyn Clock {
        self.inner.clock()
    }
}

/// A view of another context that passes on only its stop requests: for
/// inner work whose own units would muddle the outer progress (the census
/// reports codes, not the heap sizes of each code).
#[derive(Clone, Copy)]
pub struct StopOnly<'a>(pub &'a dyn Progress);

impl Progress for StopOnly<'_> {
    fn stop_requested(&self) -> bool {
        self.0.stop_requested()
    }
    fn clock(&self) -> &dyn Clock {
        self.0.clock()
    }
}

/// The sink that ignores everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoProgress;

impl Progress for NoProgress {}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicU64;

    struct Count(AtomicU64);
    impl Progress for Count {
        fn advance(&self, n: u64) {
            self.0.fetch_add(n, Ordering::Relaxed);
        }
    }

    #[test]
    fn stop_travels_with_progress() {
        let count = Count(AtomicU64::new(0));
        let stop = AtomicBool::new(false);
        let s = Stoppable::new(&count, &stop);
        s.advance(3);
        assert!(!s.stop_requested());
        stop.store(true, Ordering::Relaxed);
        assert!(s.stop_requested());
        // A nested view sees the outer stop, but reports nothing.
        let inner = StopOnly(&s);
        inner.advance(5);
        assert!(inner.stop_requested());
        assert_eq!(count.0.load(Ordering::Relaxed), 3);
        assert!(!NoProgress.stop_requested());
        assert!(Stoppable::new(&s, &AtomicBool::new(false)).stop_requested());
    }
}
