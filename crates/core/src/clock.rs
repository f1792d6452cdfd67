//! Time as an input. The engines never read a clock: a search that paces
//! itself (how often to poll for a stop, when to save, whether two
//! threads are faster than one) or gives up at a deadline asks the
//! [`Clock`] its caller handed it, through its
//! [`Progress`](crate::progress::Progress) context or a [`Deadline`].
//! The system's clock is read here and nowhere else below the jobs, so a
//! test can run an engine on a clock it controls, and the layers test can
//! check that no engine file reads the time.

use std::fmt;
use std::time::{Duration, Instant};

/// A source of the current time.
pub trait Clock: Sync {
    /// The time now. Successive calls never go backwards.
    fn now(&self) -> Instant;
}

/// The system's monotonic clock ([`Instant::now`]).
#[derive(Clone, Copy, Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now(&self) -> Instant {
        Instant::now()
    }
}

/// A time after which a search gives up, with the clock that tells when
/// it has come.
#[derive(Clone, Copy)]
pub struct Deadline {
    at: Instant,
    clock: &'static dyn Clock,
}

impl Deadline {
    /// The deadline `at`, as `clock` tells time.
    pub fn at(at: Instant, clock: &'static dyn Clock) -> Deadline {
        Deadline { at, clock }
    }

    /// The deadline `budget` from now on `clock`, or `None` when that
    /// time cannot be represented (a budget of centuries).
    pub fn after(budget: Duration, clock: &'static dyn Clock) -> Option<Deadline> {
        clock
            .now()
            .checked_add(budget)
            .map(|at| Deadline { at, clock })
    }

    /// Whether the deadline has passed.
    pub fn passed(&self) -> bool {
        self.clock.now() >= self.at
    }

    /// The instant of the deadline.
    pub fn instant(&self) -> Instant {
        self.at
    }
}

impl fmt::Debug for Deadline {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Deadline").field("at", &self.at).finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::OnceLock;

    /// A clock that moves only when told: `start` plus `ticks` ms.
    struct Manual {
        start: OnceLock<Instant>,
        ticks: AtomicU64,
    }

    impl Clock for Manual {
        fn now(&self) -> Instant {
            *self.start.get_or_init(Instant::now)
                + Duration::from_millis(self.ticks.load(Ordering::Relaxed))
        }
    }

    static MANUAL: Manual = Manual {
        start: OnceLock::new(),
        ticks: AtomicU64::new(0),
    };

    #[test]
    fn a_deadline_passes_when_its_clock_says_so() {
        let d = Deadline::after(Duration::from_millis(10), &MANUAL).unwrap();
        assert!(!d.passed());
        MANUAL.ticks.store(9, Ordering::Relaxed);
        assert!(!d.passed());
        MANUAL.ticks.store(10, Ordering::Relaxed);
        assert!(d.passed());
        assert_eq!(d.instant(), MANUAL.now());
        assert!(Deadline::after(Duration::MAX, &SystemClock).is_none());
        assert!(Deadline::at(SystemClock.now(), &SystemClock).passed());
    }
}
