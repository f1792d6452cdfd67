//! Computing a nim-sequence with either engine, resumably: the computation
//! can stop at any heap size (when its progress context asks it to) and
//! continue later from the values already found.

use crate::octal::engine::naive;
use crate::octal::engine::paired::{self, Pairing, Twin};
use crate::octal::engine::repeating::RepeatingEngine;
use crate::octal::engine::sparse::{SparseEngine, Stats};
use crate::octal::engine::values::{Value, Values};
use crate::octal::theory::code::OctalCode;
use grundy_core::progress::Progress;
use std::time::{Duration, Instant};

/// Which engine computes the values.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Engine {
    /// The reference: every option enumerated ([`naive`]).
    Naive,
    /// The fast engine ([`crate::octal::engine::sparse`]; for a code with a repeating
    /// part, [`crate::octal::engine::repeating`], or the naive engine when its block
    /// splits into three heaps).
    Sparse,
}

impl Engine {
    /// `naive` or `sparse`.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Naive => "naive",
            Engine::Sparse => "sparse",
        }
    }
}

/// A checkpointed computation waits at least this many times as long as
/// its last save took before saving again.
pub const SAVE_SHARE: u32 = 20;

/// How often (in heap sizes) progress is reported, and a stop request
/// polled at most ([`Poll`]).
const STRIDE: usize = 1024;

/// The time a run aims to leave between two polls for a stop: a heap size
/// can take from tens of nanoseconds (Kayles) to seconds (a code that
/// splits into three heaps, far out), so a count of heaps alone cannot
/// bound it (0.FFF's strides of 1,024 heaps took 5 s each near n = 6,000).
const POLL_TIME: Duration = Duration::from_millis(10);

/// When a run next polls for a stop: every heap size at first, then twice
/// as far apart each time the last poll was more than a quarter of
/// [`POLL_TIME`] ago, up to [`STRIDE`], and half as far once it was more
/// than `POLL_TIME`. A stop is seen about `POLL_TIME`, or one heap, after
/// it is asked for; a poll costs a clock read (about 25 ns) and a call.
struct Poll {
    next: usize,
    every: usize,
    last: Instant,
}

impl Poll {
    fn new(n: usize, progress: &dyn Progress) -> Poll {
        Poll {
            next: n + 1,
            every: 1,
            last: progress.clock().now(),
        }
    }

    /// Whether a stop is asked for, polled at heap size `n`, the next poll
    /// set from the time since the last.
    fn stop(&mut self, n: usize, progress: &dyn Progress) -> bool {
        let now = progress.clock().now();
        let spent = now.duration_since(self.last);
        self.last = now;
        if spent > POLL_TIME {
            self.every = (self.every / 2).max(1);
        } else if spent < POLL_TIME / 4 {
            self.every = (self.every * 2).min(STRIDE);
        }
        self.next = n + self.every;
        progress.stop_requested()
    }
}

/// The state of the fast engine chosen for a code: the sparse engine for
/// finite codes (it reads the code's finitely many digits and must never
/// see a repeating part), the repeating engine for codes with one, none
/// when the naive engine does the work.
#[derive(Clone, Debug)]
enum Fast {
    /// With the twin of paired runs ([`crate::octal::engine::paired`]), once made.
    Sparse(Box<SparseEngine>, Option<Box<Twin>>),
    Repeating(Box<RepeatingEngine>),
    None,
}

impl Fast {
    /// The engine state for `code`: the one place an engine is chosen.
    fn for_code(code: &OctalCode, engine: Engine) -> Fast {
        if code.is_finite() {
            return Fast::Sparse(Box::new(SparseEngine::new(code)), None);
        }
        match (engine, RepeatingEngine::new(code)) {
            (Engine::Sparse, Some(e)) => Fast::Repeating(Box::new(e)),
            _ => Fast::None,
        }
    }
}

/// A nim-sequence under construction.
#[derive(Clone, Debug)]
pub struct Computation {
    code: OctalCode,
    engine: Engine,
    values: Values,
    fast: Fast,
    /// Whether the sparse engine has read `values` ([`SparseEngine::absorb`]):
    /// a resumed computation hands them over only when it first computes,
    /// so one that only reads values it was given (a census code settled
    /// from its family's values) never builds the engine's copy of them.
    absorbed: bool,
    /// Heaps may be computed two at a time on two threads.
    paired: bool,
    /// How the paired runs went (whether the machine let them pay).
    pairing: Pairing,
}

impl Computation {
    /// Starts from nothing.
    pub fn new(code: OctalCode, engine: Engine) -> Computation {
        Computation::resume(code, engine, Values::default())
    }

    /// Continues from `values` (`values.get(n)` = G(n)), for instance read
    /// from a checkpoint. The values are trusted; check them first with
    /// [`check_tail`](Self::check_tail) if they come from outside. The
    /// engine reads them when it is first asked for more
    /// ([`extend_to`](Self::extend_to)); until then they cost only their
    /// own memory.
    pub fn resume(code: OctalCode, engine: Engine, values: Values) -> Computation {
        Computation {
            fast: Fast::for_code(&code, engine),
            absorbed: values.is_empty(),
            code,
            engine,
            values,
            paired: false,
            pairing: Pairing::default(),
        }
    }

    /// Hands the values to the sparse engine if it has not read them yet
    /// (the repeating engine reads them itself when next asked).
    fn absorb(&mut self) {
        if std::mem::replace(&mut self.absorbed, true) {
            return;
        }
        if let Fast::Sparse(sparse, _) = &mut self.fast {
            match &self.values {
                Values::U8(v) => sparse.absorb(v),
                Values::U16(v) => sparse.absorb(v),
                Values::U32(v) => sparse.absorb(v),
            }
        }
    }

    /// Lets the sparse engine compute heaps two at a time on two threads
    /// of its own ([`crate::octal::engine::paired`]) when the code allows it and the
    /// current rayon pool has two threads or more: for a computation that
    /// has the machine to itself (not one of many run in parallel, where
    /// the threads would compete). The values and [`Stats`] do not change.
    /// Where the machine has no second core free, paired runs end and
    /// heaps go on one at a time while that is faster ([`paired::Pairing`]).
    pub fn with_paired(mut self, on: bool) -> Computation {
        self.paired = on;
        self
    }

    /// Paired, and never judged busy (for tests of the pairing itself).
    #[cfg(test)]
    pub(crate) fn always_paired(mut self) -> Computation {
        self.paired = true;
        self.pairing = Pairing::unjudged();
        self
    }

    /// Paired runs that ended because one thread computed faster (the
    /// machine had no second core free; [`with_paired`](Self::with_paired)).
    pub fn paired_fallbacks(&self) -> u64 {
        self.pairing.fallbacks()
    }

    /// Recomputes the last `count` values with the naive engine from the
    /// values before them and returns the first heap size that disagrees,
    /// if any: a cheap guard against a corrupt checkpoint.
    pub fn check_tail(&self, count: usize) -> Option<usize> {
        fn inner<T: Value>(code: &OctalCode, g: &[T], count: usize) -> Option<usize> {
            let from = g.len().saturating_sub(count);
            let mut seen = Vec::new();
            (from..g.len()).find(|&n| !naive::is_value(code, &g[..n], g[n].get(), &mut seen))
        }
        match &self.values {
            Values::U8(v) => inner(&self.code, v, count),
            Values::U16(v) => inner(&self.code, v, count),
            Values::U32(v) => inner(&self.code, v, count),
        }
    }

    /// The code.
    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// The engine.
    pub fn engine(&self) -> Engine {
        self.engine
    }

    /// The values so far: `values().get(n)` = G(n) for `n < values().len()`.
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// The values, consuming the computation.
    pub fn into_values(self) -> Values {
        self.values
    }

    /// How the sparse engine worked (zero for the naive engine and for
    /// codes with a repeating part).
    pub fn stats(&self) -> Stats {
        match &self.fast {
            Fast::Sparse(s, twin) => {
                let mut stats = s.stats();
                if let Some(t) = twin {
                    stats += t.stats();
                }
                stats
            }
            _ => Stats::default(),
        }
    }

    /// Heap sizes computed two at a time on two threads
    /// ([`crate::octal::engine::paired`]) whose guessed value stood, and those computed
    /// again.
    pub fn guesses(&self) -> [u64; 2] {
        match &self.fast {
            Fast::Sparse(s, twin) => {
                let [mut stood, mut failed] = s.guesses();
                if let Some(t) = twin {
                    stood += t.guesses()[0];
                    failed += t.guesses()[1];
                }
                [stood, failed]
            }
            _ => [0, 0],
        }
    }

    /// Heap sizes whose value is rare under the sparse engine's mask (0
    /// for codes with a repeating part).
    pub fn rare_count(&self) -> usize {
        match &self.fast {
            Fast::Sparse(s, _) => s.rare_count(),
            _ => 0,
        }
    }

    /// The fast engine's current mask (0: full mode or naive engine), over
    /// the engine's keys (see [`crate::octal::engine::sparse`]: the value, or for codes
    /// whose splits all remove an even or all an odd number of tokens, twice
    /// the value plus the parity of the heap).
    pub fn mask(&self) -> u32 {
        match &self.fast {
            Fast::Sparse(s, _) => s.mask(),
            _ => 0,
        }
    }

    /// Computes values until `len` of them (heap sizes `0..len`) are known
    /// or `progress` asks to stop. Reports one unit of progress per heap size.
    /// Returns whether `len` was reached; when stopped, every value kept is
    /// final and the computation can continue with another call.
    pub fn extend_to(&mut self, len: usize, progress: &dyn Progress) -> bool {
        if self.values.len() >= len {
            return true;
        }
        self.absorb();
        self.values.reserve(len.saturating_sub(self.values.len()));
        while self.values.len() < len {
            if progress.stop_requested() {
                return false;
            }
            let overflow = match (&mut self.values, self.engine) {
                (Values::U8(v), e) => run(
                    &self.code,
                    e,
                    &mut self.fast,
                    v,
                    len,
                    progress,
                    self.paired.then_some(&mut self.pairing),
                ),
                (Values::U16(v), e) => run(
                    &self.code,
                    e,
                    &mut self.fast,
                    v,
                    len,
                    progress,
                    self.paired.then_some(&mut self.pairing),
                ),
                (Values::U32(v), e) => run(
                    &self.code,
                    e,
                    &mut self.fast,
                    v,
                    len,
                    progress,
                    self.paired.then_some(&mut self.pairing),
                ),
            };
            for &v in &overflow {
                self.values.push(v);
                progress.advance(1);
            }
        }
        true
    }
}

impl Computation {
    /// Like [`extend_to`](Self::extend_to), but hands the values so far to
    /// `save` every `every` (at a multiple of 4096 heap sizes), when `len`
    /// is reached, and when stopped. Returns whether `len` was reached
    /// (false: stopped, and the values were saved). Saving rewrites the
    /// whole sequence, so the wait after a save is at least
    /// [`SAVE_SHARE`] times as long as that save took: saves cost at most
    /// about 5 % of the run (a billion values take seconds to write).
    ///
    /// # Errors
    /// Whatever `save` returns; the computation can continue after it.
    pub fn extend_saving(
        &mut self,
        len: usize,
        every: Duration,
        save: &mut dyn FnMut(&Values) -> grundy_core::Result<()>,
        progress: &dyn Progress,
    ) -> grundy_core::Result<bool> {
        let clock = progress.clock();
        let mut last_save = clock.now();
        let mut wait = every;
        loop {
            let step = self.values.len().saturating_add(4096).min(len);
            let done = self.extend_to(step, progress);
            let finished = self.values.len() >= len;
            let interrupted = !finished && (!done || progress.stop_requested());
            if interrupted || finished || clock.now().duration_since(last_save) >= wait {
                let start = clock.now();
                save(&self.values)?;
                last_save = clock.now();
                wait = every.max(last_save.duration_since(start).saturating_mul(SAVE_SHARE));
            }
            if interrupted {
                return Ok(false);
            }
            if finished {
                return Ok(true);
            }
        }
    }
}

/// Appends values to `g` until it has `len`, a value does not fit `T`
/// (returned, with any computed after it), or a stop is requested (polled
/// as [`Poll`] says, at least every [`STRIDE`] values); with `pairing`,
/// two heaps at a time where [`paired::worth`] and the pairing's record
/// ([`Pairing::allows`]) say so.
fn run<T: Value>(
    code: &OctalCode,
    engine: Engine,
    fast: &mut Fast,
    g: &mut Vec<T>,
    len: usize,
    progress: &dyn Progress,
    mut pairing: Option<&mut Pairing>,
) -> Vec<u32> {
    let mut poll = Poll::new(g.len(), progress);
    while g.len() < len {
        if let (Engine::Sparse, Fast::Sparse(sparse, twin), Some(pairing)) =
            (engine, &mut *fast, pairing.as_deref_mut())
        {
            if pairing.allows(g.len(), progress.clock()) && paired::worth(sparse, g, len) {
                let before = g.len();
                let left = paired::run(sparse, twin, g, len, STRIDE, progress, pairing);
                if !left.is_empty() || progress.stop_requested() {
                    return left;
                }
                if g.len() > before {
                    continue;
                }
            }
        }
        if let Fast::Sparse(sparse, _) = &mut *fast {
            // After a paired run: every heap again; and while one thread
            // is faster than two (no second core free), no work for the
            // pool's other thread either.
            sparse.set_heap_parity(None);
            sparse.set_solo(pairing.as_deref().is_some_and(Pairing::solo));
        }
        let (vs, count) = match (engine, &mut *fast) {
            (Engine::Sparse, Fast::Sparse(sparse, _)) if g.len() + 1 < len => sparse.next_values(g),
            (Engine::Sparse, Fast::Sparse(sparse, _)) => ([sparse.next_value(g), 0], 1),
            (Engine::Sparse, Fast::Repeating(r)) => ([r.next_value(g.as_slice()), 0], 1),
            _ => ([naive::next_value(code, g.as_slice()), 0], 1),
        };
        for (i, &v) in vs[..count].iter().enumerate() {
            let Some(x) = T::from_u32(v) else {
                // The caller widens the store and appends the rest.
                return vs[i..count].to_vec();
            };
            g.push(x);
        }
        if g.len() % STRIDE < count {
            progress.advance(STRIDE as u64);
        }
        if g.len() >= poll.next && poll.stop(g.len(), progress) {
            return Vec::new();
        }
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_core::progress::{NoProgress, Stoppable};
    use std::sync::atomic::AtomicBool;

    #[test]
    fn stops_and_resumes_to_the_same_values() {
        let code: OctalCode = "0.6".parse().unwrap();
        let mut whole = Computation::new(code.clone(), Engine::Sparse);
        assert!(whole.extend_to(5000, &NoProgress));
        let mut part = Computation::new(code.clone(), Engine::Sparse);
        part.extend_to(1234, &NoProgress);
        let mut again = Computation::resume(code, Engine::Sparse, part.into_values());
        assert_eq!(again.check_tail(10), None);
        again.extend_to(5000, &NoProgress);
        assert_eq!(again.values(), whole.values());
        let stop = AtomicBool::new(true);
        assert!(!again.extend_to(6000, &Stoppable::new(&NoProgress, &stop)));
        assert_eq!(again.values().len(), 5000);
    }
}
