//! Two heaps at a time on two threads, for codes whose next heap reads the
//! last value only as one option (Officers, 0.6: removing one token and
//! leaving one heap; see [`SparseEngine::speculates`]).
//!
//! `G(n + 1) = mex({G(n)} ∪ O)`, where the other options `O` read only
//! `G(0..n)`. So `G(n + 1)` can be computed while `G(n)` is: it is
//! `mex(O)` unless `G(n)` is exactly that value (then it is the next
//! missing value). A second engine, the *twin*, fed the same values as the
//! first and kept between runs with its own copy of the sequence, computes
//! `mex(O)` for heap `n + 1` on a second thread while the first engine
//! computes heap `n`; when `G(n)` arrives the twin checks that it changes
//! neither the answer nor the path the step took
//! ([`SparseEngine::settle`]) and otherwise computes `G(n + 1)` again. On
//! Officers to `n = 2^22` the guess stands for all but 1,139 of 4,144,899
//! heaps.
//!
//! Each engine does exactly what the one-thread engine does for its own
//! heaps, and both take the same steps (the choice of a step depends only
//! on the values so far), so the values, and [`crate::octal::engine::sparse::Stats`]
//! summed over both, are those of one thread. The two threads hand each
//! other one value a step through an atomic word each, spinning, since a
//! step takes about a microsecond: a rayon join costs about as much.
//!
//! That needs two cores free. When the machine has other work, a thread
//! often waits for one that is not running, and a paired run can be much
//! slower than one thread (0.6 to 2^22 beside a busy-looping process: 6.9
//! to 8.4 s paired, 4.2 to 4.4 s on one thread). So the pace of paired runs, in
//! heaps a second over windows of `WINDOW`, is compared from time to time
//! with one thread's, and the faster is kept for a while ([`Pairing`]).
//! The values are the same either way.

use crate::octal::engine::sparse::{SparseEngine, Stats};
use crate::octal::engine::values::{Value, Values};
use grundy_core::clock::Clock;
use grundy_core::progress::Progress;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A paired run starts only with at least this many heap sizes to go (a
/// thread is started per run).
pub const MIN_RUN: usize = 1024;

/// Spins (a `pause` each, tens of nanoseconds) on a word before yielding
/// the thread while waiting: tens of microseconds, many heaps; past that
/// the other thread is likely not running (the machine has other work),
/// and spinning on would take its core. On 0.6 to 2^21 beside a process
/// that keeps one core busy: 5.40 s with 1,024 spins, 6.58 s with 65,536
/// (and 3.68 s on one thread: a paired run needs two free cores); 128,
/// 1,024 and 8,192 take the same time on an idle machine.
const SPINS: u32 = 1024;

/// Paired runs, and heaps computed one at a time, are timed over windows
/// of about this much of their time. The first window of a paired run is
/// not timed: its second thread, just started, often shares the first's
/// core for a while (0.6 near n = 10^6 on a lightly loaded machine: 29,000
/// heaps a second in a run's first 50 ms, 1.2 million after).
const WINDOW: Duration = Duration::from_millis(25);

/// How long a choice between paired runs and one thread holds before it is
/// looked at again: first this long, twice as long each time the same
/// choice is made again, up to [`MAX_HOLD`] ([`MAX_SOLO_HOLD`]).
const HOLD: Duration = Duration::from_secs(1);

/// The longest hold of paired runs: a wrong choice (a window timed while
/// the machine was less busy than since) holds no longer than this, and a
/// paired window slower than the one thread it was chosen over ends it
/// sooner.
const MAX_HOLD: Duration = Duration::from_secs(4);

/// The longest hold of one thread: a look costs about two windows at the
/// slower pace of paired runs, a copy of the sequence for the twin (0.6
/// near n = 4·10^6: under 10 ms) and a thread started, and holding one
/// thread too long never makes a run slower than one thread.
const MAX_SOLO_HOLD: Duration = Duration::from_secs(8);

/// What a computation's runs do now ([`Pairing`]).
#[derive(Clone, Copy, Debug)]
enum Mode {
    /// Paired runs, not judged before `until` (at once when `None`).
    Paired { until: Option<Instant> },
    /// One heap at a time for a window, to compare its pace with
    /// `paired`, the heaps a second of the last paired window.
    Probe { paired: f64 },
    /// One heap at a time until `until`.
    Solo { until: Instant },
}

/// How a computation's paired runs went, kept between runs: whether they
/// run now, the current window (its time and heaps), the pace of one
/// thread last measured, and how long the next choice holds.
///
/// Paired runs start at once. After their first timed window, and after
/// each hold, the run ends, one thread computes for a window, and the
/// faster pace is kept for a hold (`HOLD` to `MAX_HOLD`, or to
/// `MAX_SOLO_HOLD` for one thread; a paired window slower than the one
/// thread it was chosen over ends a paired hold early). After one thread's hold, paired runs are tried again and their
/// window compared with one thread's last. So paired runs go on while they
/// pay, at the cost of a window of one thread every few seconds on an idle
/// machine, and on a machine without a second core free of two windows of
/// paired runs every few seconds.
#[derive(Clone, Debug)]
pub struct Pairing {
    mode: Mode,
    /// Paired time left untimed since paired runs resumed (the first
    /// [`WINDOW`] of it).
    warming: Duration,
    /// Time in the current window.
    wall: Duration,
    /// Heaps computed in the current window.
    heaps: usize,
    /// Where and when the current window of one thread began.
    solo_from: Option<(usize, Instant)>,
    /// Heaps a second of one thread's last window.
    solo_pace: Option<f64>,
    /// Heaps a second of the one thread the current paired runs were
    /// chosen over (0 before a comparison).
    floor: f64,
    /// The hold of the next choice, and whether the last was paired.
    hold: Duration,
    last_paired: Option<bool>,
    /// The heap size at which [`Pairing::allows`] next reads the clock.
    next_look: usize,
    /// Paired runs ended because one thread was faster.
    fallbacks: u64,
    /// Whether windows are judged at all (tests of the pairing itself
    /// turn it off, so that it runs on a loaded machine).
    judged: bool,
}

impl Default for Pairing {
    fn default() -> Self {
        Pairing {
            mode: Mode::Paired { until: None },
            warming: WINDOW,
            wall: Duration::ZERO,
            heaps: 0,
            solo_from: None,
            solo_pace: None,
            floor: 0.0,
            hold: HOLD,
            last_paired: None,
            next_look: 0,
            fallbacks: 0,
            judged: true,
        }
    }
}

impl Pairing {
    /// The record of a computation whose paired runs never end for a busy
    /// machine (for tests of the pairing itself).
    #[cfg(test)]
    pub(crate) fn unjudged() -> Pairing {
        Pairing {
            judged: false,
            ..Pairing::default()
        }
    }

    /// Paired runs that ended because one thread computed faster (the
    /// machine had no second core free), each followed by heaps computed
    /// one at a time.
    pub fn fallbacks(&self) -> u64 {
        self.fallbacks
    }

    /// Whether heaps go one at a time now, on this thread alone: one
    /// thread was faster (or is being timed), so the pool's other thread
    /// is given no work either.
    pub fn solo(&self) -> bool {
        !matches!(self.mode, Mode::Paired { .. })
    }

    /// The hold of a choice (paired or not) made now: doubled when it is
    /// the last choice again.
    fn hold(&mut self, paired: bool, now: Instant) -> Instant {
        let cap = if paired { MAX_HOLD } else { MAX_SOLO_HOLD };
        self.hold = if self.last_paired == Some(paired) {
            (self.hold * 2).min(cap)
        } else {
            HOLD
        };
        self.last_paired = Some(paired);
        if !paired {
            self.fallbacks += 1;
        }
        now + self.hold
    }

    /// Whether a paired run may start at heap size `n` (called before
    /// every heap computed one at a time, reading `clock` every
    /// [`MIN_RUN`] of them): times one thread's windows, and ends a probe
    /// or a hold of one thread.
    pub fn allows(&mut self, n: usize, clock: &dyn Clock) -> bool {
        if let Mode::Paired { .. } = self.mode {
            self.solo_from = None;
            return true;
        }
        let Some((from, since)) = self.solo_from else {
            self.solo_from = Some((n, clock.now()));
            self.next_look = n.saturating_add(MIN_RUN);
            return false;
        };
        if n < self.next_look {
            return false;
        }
        self.next_look = n.saturating_add(MIN_RUN);
        let now = clock.now();
        let wall = now.duration_since(since);
        if wall < WINDOW {
            return false;
        }
        let pace = n.saturating_sub(from) as f64 / wall.as_secs_f64();
        self.solo_pace = Some(pace);
        self.solo_from = Some((n, now));
        match self.mode {
            Mode::Probe { paired } if paired > pace => {
                let until = self.hold(true, now);
                self.floor = pace;
                self.resume(Some(until));
                true
            }
            Mode::Probe { .. } => {
                let until = self.hold(false, now);
                self.mode = Mode::Solo { until };
                false
            }
            Mode::Solo { until } if now >= until => {
                // Paired runs are tried, and judged after a window.
                self.resume(Some(now));
                true
            }
            _ => false,
        }
    }

    /// Paired runs from now on, judged from `until` (after a window that
    /// is not timed).
    fn resume(&mut self, until: Option<Instant>) {
        self.mode = Mode::Paired { until };
        self.warming = WINDOW;
        self.wall = Duration::ZERO;
        self.heaps = 0;
    }

    /// Adds `wall` and `heaps` of a paired run to the window (once the
    /// untimed start is over); when the window is full and the hold over,
    /// judges it. True when the run should end: to time one thread, or
    /// because one thread was faster.
    fn judge(&mut self, wall: Duration, heaps: usize, now: Instant) -> bool {
        if !self.judged {
            return false;
        }
        if self.warming > Duration::ZERO {
            self.warming = self.warming.saturating_sub(wall);
            return false;
        }
        self.wall += wall;
        self.heaps += heaps;
        if self.wall < WINDOW {
            return false;
        }
        let pace = self.heaps as f64 / self.wall.as_secs_f64();
        self.wall = Duration::ZERO;
        self.heaps = 0;
        let Mode::Paired { until } = self.mode else {
            return false;
        };
        // A hold of paired runs is cut short by a window slower than the
        // one thread they were chosen over (a process started meanwhile).
        if until.is_some_and(|u| now < u) && pace >= self.floor {
            return false;
        }
        // Just after one thread's hold, its last window is the comparison.
        match self
            .solo_pace
            .take()
            .filter(|_| self.last_paired == Some(false))
        {
            Some(solo) if solo >= pace => {
                let until = self.hold(false, now);
                self.mode = Mode::Solo { until };
            }
            Some(solo) => {
                let until = self.hold(true, now);
                self.floor = solo;
                self.mode = Mode::Paired { until: Some(until) };
                return false;
            }
            None => self.mode = Mode::Probe { paired: pace },
        }
        true
    }
}

/// How often (in heap sizes) the leader of a paired run polls for a stop
/// and reads the clock for its windows: every 0.1 ms on an idle machine, 3
/// ms at the pace of a busy one.
const LOOK: usize = 128;

/// The second engine and its copy of the sequence, kept between runs.
#[derive(Clone, Debug)]
pub struct Twin {
    engine: SparseEngine,
    values: Values,
}

impl Twin {
    /// What the twin computed: its share of the work.
    pub fn stats(&self) -> Stats {
        self.engine.stats()
    }

    /// The twin's guesses that stood and that did not
    /// ([`SparseEngine::guesses`]).
    pub fn guesses(&self) -> [u64; 2] {
        self.engine.guesses()
    }
}

/// Whether a paired run is worth starting at `n` towards `len`: the code
/// speculates, the engine is in sparse mode, a second thread exists.
pub fn worth<T: Value>(engine: &mut SparseEngine, g: &[T], len: usize) -> bool {
    if !engine.speculates() || rayon::current_num_threads() < 2 {
        return false;
    }
    engine.ready(g);
    engine.pairable(g.len(), len) && len - g.len() >= MIN_RUN
}

/// Appends values to `g` until it has `len`, the engine leaves sparse
/// mode, a value does not fit `T` (returned, with any computed after it,
/// as [`crate::octal::engine::sequence`]'s loop returns them), `progress` asks to stop
/// (polled every `stride` heap sizes, each reported), or `pairing` ends
/// the run (to time one thread, or because one thread was faster: the
/// caller goes on one heap at a time until [`Pairing::allows`] a paired
/// run again). `twin` is reused if
/// it is in step with `g`, else made again from `a` (its counters are
/// first added to `a`'s). `a`'s rare batch is left holding the rows of
/// one parity: call [`SparseEngine::set_heap_parity`]`(None)` before
/// computing with it alone.
pub fn run<T: Value>(
    a: &mut SparseEngine,
    twin: &mut Option<Box<Twin>>,
    g: &mut Vec<T>,
    len: usize,
    stride: usize,
    progress: &dyn Progress,
    pairing: &mut Pairing,
) -> Vec<u32> {
    let in_step = match twin {
        Some(t) => match T::store_of(&mut t.values) {
            Some(gb) => gb.len() == g.len() && gb.last() == g.last(),
            None => false,
        },
        None => false,
    };
    if !in_step {
        retire(a, twin);
        let mut engine = a.clone();
        engine.clear_stats();
        *twin = Some(Box::new(Twin {
            engine,
            values: T::into_values(g.clone()),
        }));
    }
    let Some(t) = twin.as_deref_mut() else {
        unreachable!("a twin was just made")
    };
    let Twin { engine: b, values } = t;
    let Some(gb) = T::store_of(values) else {
        unreachable!("the twin's store holds T")
    };
    let first = g.len();
    a.set_solo(true);
    b.set_solo(true);
    a.set_heap_parity(Some(first % 2));
    b.set_heap_parity(Some((first + 1) % 2));
    let to_b = AtomicU64::new(NOTHING);
    let to_a = AtomicU64::new(NOTHING);
    let flags = Flags::default();
    let left = std::thread::scope(|s| {
        let b_side = Side {
            first,
            lead: false,
            out: &to_a,
            inbox: &to_b,
            flags: &flags,
        };
        let helper = s.spawn(move || play(b_side, b, gb, len, None));
        let a_side = Side {
            first,
            lead: true,
            out: &to_b,
            inbox: &to_a,
            flags: &flags,
        };
        let lead = Lead {
            progress,
            stride,
            pairing,
            since: progress.clock().now(),
            from: first,
        };
        let left = play(a_side, a, g, len, Some(lead));
        if let Err(e) = helper.join() {
            std::panic::resume_unwind(e);
        }
        left
    });
    // The parities stay set, and the batches with them, for the next run
    // (a run of `extend_saving` is 4,096 heaps).
    a.set_solo(false);
    if let Some(t) = twin.as_deref_mut() {
        t.engine.set_solo(false);
    }
    if twin.as_ref().is_some_and(|t| t.values.len() != g.len()) {
        retire(a, twin);
    }
    left
}

/// Drops the twin, adding its counters to `a`'s.
pub fn retire(a: &mut SparseEngine, twin: &mut Option<Box<Twin>>) {
    if let Some(t) = twin.take() {
        a.add_stats(t.stats(), t.guesses());
    }
}

/// No message yet (no heap size has this tag).
const NOTHING: u64 = u64::MAX;

/// What both threads share besides their message words.
#[derive(Default)]
struct Flags {
    /// Set with the last message of a run that ends before `len` (a stop
    /// request, full mode, a value too large for the store): the thread
    /// that reads it stops where the poster stopped.
    quit: AtomicBool,
    /// A thread panicked: the other stops waiting.
    dead: AtomicBool,
}

/// One thread's place in a paired run: heaps `first`, `first + 2`, … are
/// the leader's, the others the follower's; `out` carries this thread's
/// values, `inbox` the other's.
#[derive(Clone, Copy)]
struct Side<'a> {
    first: usize,
    lead: bool,
    out: &'a AtomicU64,
    inbox: &'a AtomicU64,
    flags: &'a Flags,
}

impl Side<'_> {
    fn mine(&self, h: usize) -> bool {
        ((h - self.first) % 2 == 0) == self.lead
    }

    /// Posts `G(h) = v` (the tag is `h` modulo 2^32: the other thread
    /// reads each message before the next is posted).
    fn post(&self, h: usize, v: u32) {
        self.out.store(
            ((h as u64 & 0xffff_ffff) << 32) | u64::from(v),
            Ordering::Release,
        );
    }

    /// Posts the last message: the run ends at `h` (its value is not kept).
    fn quit(&self, h: usize, v: u32) {
        self.flags.quit.store(true, Ordering::Release);
        self.post(h, v);
    }

    /// The other thread's `G(h)`, or `None` if it quit there or panicked.
    fn take(&self, h: usize) -> Option<u32> {
        let tag = h as u64 & 0xffff_ffff;
        let mut spins = 0u32;
        loop {
            let x = self.inbox.load(Ordering::Acquire);
            if x != NOTHING && x >> 32 == tag {
                return (!self.flags.quit.load(Ordering::Acquire)).then_some(x as u32);
            }
            if self.flags.dead.load(Ordering::Acquire) {
                return None;
            }
            if spins < SPINS {
                spins += 1;
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }
}

/// Sets `dead` if its thread unwinds, so that the other stops waiting.
struct DeadOnPanic<'a>(&'a AtomicBool);

impl Drop for DeadOnPanic<'_> {
    fn drop(&mut self) {
        if std::thread::panicking() {
            self.0.store(true, Ordering::Release);
        }
    }
}

/// What the leader of a paired run has besides its side: the progress
/// it reports every `stride` heap sizes, and the record it times the run
/// in, from `since` on.
struct Lead<'a> {
    progress: &'a dyn Progress,
    stride: usize,
    pairing: &'a mut Pairing,
    /// When and at which heap size the leader last judged.
    since: Instant,
    from: usize,
}

impl Lead<'_> {
    /// Whether the run should end here, at heap size `n`: a stop is asked
    /// for, or the window just judged ends it ([`Pairing::judge`]).
    fn ends(&mut self, n: usize) -> bool {
        let now = self.progress.clock().now();
        let wall = now.duration_since(self.since);
        let heaps = n.saturating_sub(self.from);
        self.since = now;
        self.from = n;
        let judged = self.pairing.judge(wall, heaps, now);
        self.progress.stop_requested() || judged
    }
}

/// One thread of a paired run. Each heap is computed by its owner: while
/// the other thread computes heap `n`, this one guesses its heap `n + 1`
/// ([`SparseEngine::speculate`]), then settles the guess with `G(n)`;
/// a heap whose guess is not allowed (a review of the mask falls there)
/// is computed once `G(n)` is in. The leader reports progress, polls
/// stops and times the run (before its own heaps, every [`LOOK`]) and
/// returns what did not fit `T`.
fn play<T: Value>(
    side: Side<'_>,
    e: &mut SparseEngine,
    g: &mut Vec<T>,
    len: usize,
    mut lead: Option<Lead<'_>>,
) -> Vec<u32> {
    let _guard = DeadOnPanic(&side.flags.dead);
    let mut mark = lead
        .as_ref()
        .map_or(usize::MAX, |l| (g.len() / l.stride + 1) * l.stride);
    let mut poll = false;
    let mut look = lead.as_ref().map_or(usize::MAX, |_| g.len() + LOOK);
    while g.len() < len {
        let n = g.len();
        if let Some(l) = &lead {
            while mark <= n {
                l.progress.advance(l.stride as u64);
                mark += l.stride;
            }
            if look <= n {
                look = n + LOOK;
                poll = true;
            }
        }
        e.ready(g);
        if side.mine(n) {
            let stop = poll && lead.as_mut().is_some_and(|l| l.ends(n));
            poll = false;
            if e.mask() == 0 || stop {
                side.quit(n, 0);
                return Vec::new();
            }
            let v = e.next_value(g);
            match T::from_u32(v) {
                Some(x) => {
                    side.post(n, v);
                    g.push(x);
                }
                None => {
                    // The leader returns it to be stored wider (the
                    // follower stops at n); the follower's copy would be
                    // out of step, and is made again.
                    if side.lead {
                        side.quit(n, v);
                    } else {
                        side.post(n, v);
                    }
                    return vec![v];
                }
            }
            continue;
        }
        let guess = e.pairable(n, len).then(|| e.speculate(g));
        let Some(v) = side.take(n) else {
            if let Some(guess) = guess {
                e.abandon(guess, false);
            }
            return Vec::new();
        };
        e.push_value(g, v);
        let Some(x) = T::from_u32(v) else {
            // Only a follower's value can fail to fit: the leader's run
            // ends here.
            return vec![v];
        };
        g.push(x);
        let Some(guess) = guess else {
            continue;
        };
        // The leader's own heap n + 1 is next: a stop, or a busy machine,
        // ends the run before it (as before a heap computed plainly). In
        // a steady run every heap of the leader's is settled here.
        if poll {
            poll = false;
            if lead.as_mut().is_some_and(|l| l.ends(n + 1)) {
                e.abandon(guess, false);
                side.quit(n + 1, 0);
                return Vec::new();
            }
        }
        let w = match e.settle(guess, v) {
            Some(w) => w,
            None => e.next_value(g),
        };
        side.post(n + 1, w);
        match T::from_u32(w) {
            Some(y) => g.push(y),
            None => return vec![w],
        }
    }
    if let Some(l) = &lead {
        while mark <= g.len() {
            l.progress.advance(l.stride as u64);
            mark += l.stride;
        }
    }
    Vec::new()
}

#[cfg(test)]
mod tests {
    use crate::octal::{Computation, Engine, OctalCode, Values};
    use grundy_core::progress::{NoProgress, Progress};
    use std::sync::atomic::{AtomicU64, Ordering};

    /// Asks to stop once `next` heap sizes are reported, until resumed.
    struct StopEvery {
        every: u64,
        seen: AtomicU64,
        next: AtomicU64,
    }

    impl StopEvery {
        fn resume(&self) {
            let seen = self.seen.load(Ordering::Relaxed);
            self.next.store(seen + self.every, Ordering::Relaxed);
        }
    }

    impl Progress for StopEvery {
        fn advance(&self, n: u64) {
            self.seen.fetch_add(n, Ordering::Relaxed);
        }
        fn stop_requested(&self) -> bool {
            self.seen.load(Ordering::Relaxed) >= self.next.load(Ordering::Relaxed)
        }
    }

    fn on(threads: usize, f: impl FnOnce() -> Computation + Send) -> Computation {
        rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap()
            .install(f)
    }

    /// Officers computed in pairs of heaps on two threads gives the values
    /// and the work counters of one thread, in one run, in runs stopped
    /// every few thousand heaps and resumed (the twin is kept between
    /// them), and across the widening of the store from one byte to two
    /// (values pass 255 near n = 120,000): the twin is made again. Some
    /// guesses fail on the way and are computed again.
    #[test]
    fn pairs_of_heaps_equal_one_thread() {
        let code: OctalCode = "0.6".parse().unwrap();
        let len = 160_001;
        let one = on(1, || {
            let mut c = Computation::new(code.clone(), Engine::Sparse);
            assert!(c.extend_to(len, &NoProgress));
            c
        });
        assert_eq!(one.guesses(), [0, 0]);
        assert!(matches!(one.values(), Values::U16(_)), "values pass 255");
        // (Never judged busy: the test is of pairs, also on a loaded
        // machine.)
        let whole = on(2, || {
            let mut c = Computation::new(code.clone(), Engine::Sparse).always_paired();
            assert!(c.extend_to(len, &NoProgress));
            c
        });
        assert_eq!(whole.values(), one.values());
        assert_eq!(whole.stats(), one.stats());
        let [stood, failed] = whole.guesses();
        assert!(
            stood > 70_000 && failed > 0,
            "{stood} stood, {failed} failed"
        );
        let stopped = on(2, || {
            let mut c = Computation::new(code.clone(), Engine::Sparse).always_paired();
            let progress = StopEvery {
                every: 7 * 1024,
                seen: AtomicU64::new(0),
                next: AtomicU64::new(7 * 1024),
            };
            let mut runs = 0;
            while !c.extend_to(len, &progress) {
                runs += 1;
                progress.resume();
            }
            assert!(runs > 10, "{runs} runs");
            c
        });
        assert_eq!(stopped.values(), one.values());
        assert_eq!(stopped.stats(), one.stats());
    }

    /// Beside threads keeping every core busy (two a core), the paired
    /// threads often wait for one that is not running and go slower than
    /// one thread: paired runs end and heaps go on one at a time, with the
    /// values and work counters of one thread.
    #[test]
    fn a_busy_machine_ends_paired_runs_with_the_same_values() {
        use std::sync::atomic::AtomicBool;
        let code: OctalCode = "0.6".parse().unwrap();
        let len = 200_001;
        let one = on(1, || {
            let mut c = Computation::new(code.clone(), Engine::Sparse);
            assert!(c.extend_to(len, &NoProgress));
            c
        });
        let hogs = 2 * std::thread::available_parallelism().map_or(2, |n| n.get());
        let stop = AtomicBool::new(false);
        let busy = std::thread::scope(|s| {
            for _ in 0..hogs {
                s.spawn(|| {
                    while !stop.load(Ordering::Relaxed) {
                        std::hint::spin_loop();
                    }
                });
            }
            let c = on(2, || {
                let mut c = Computation::new(code.clone(), Engine::Sparse).with_paired(true);
                assert!(c.extend_to(len, &NoProgress));
                c
            });
            stop.store(true, Ordering::Relaxed);
            c
        });
        assert_eq!(busy.values(), one.values());
        assert_eq!(busy.stats(), one.stats());
        assert!(busy.paired_fallbacks() > 0, "no paired run ended");
    }

    /// Codes whose next heap reads the last value in more ways than one
    /// option (Grundy's game splits it off; 0.77 takes one or two tokens
    /// from it), or read two split sets (0.66), or do not read it at all
    /// (0.16: the pairs of the one-thread engine serve them) are not
    /// paired, and codes without a split neither.
    #[test]
    fn only_codes_with_one_reading_of_the_last_value() {
        for (code, pairs) in [
            ("0.6", true),
            ("0.61", true),
            ("0.62", true),
            ("0.66", false),
            ("0.16", false),
            ("4!.0", false),
            ("0.77", false),
            ("0.07", false),
            ("0.3", false),
            ("0.37", true),
        ] {
            let c: OctalCode = code.parse().unwrap();
            let e = super::SparseEngine::new(&c);
            assert_eq!(e.speculates(), pairs, "{code}");
        }
    }

    /// A clock the test moves by hand: `base` plus `ms` milliseconds.
    struct Hand {
        base: std::time::Instant,
        ms: AtomicU64,
    }

    impl grundy_core::clock::Clock for Hand {
        fn now(&self) -> std::time::Instant {
            self.base + std::time::Duration::from_millis(self.ms.load(Ordering::Relaxed))
        }
    }

    /// The choice between paired runs and one thread follows the clock it
    /// is given: a paired window is judged after an untimed one, one
    /// thread is then timed for a window, the faster is held for `HOLD`,
    /// and paired runs are tried again after it.
    #[test]
    fn the_pairing_follows_its_clock() {
        use super::{Pairing, HOLD, MIN_RUN, WINDOW};
        use grundy_core::clock::Clock;
        let hand = Hand {
            base: std::time::Instant::now(),
            ms: AtomicU64::new(0),
        };
        let at = |ms: u64| {
            hand.ms.store(ms, Ordering::Relaxed);
            hand.now()
        };
        let mut p = Pairing::default();
        assert!(!p.solo());
        // The first window is not timed; the second, at 40,000 heaps a
        // second, ends the run to time one thread.
        assert!(!p.judge(WINDOW, 1000, at(25)));
        assert!(p.judge(WINDOW, 1000, at(50)));
        assert!(p.solo());
        // One thread: 2,048 heaps in 50 ms is 40,960 a second, faster.
        let n = 5000;
        at(100);
        assert!(!p.allows(n, &hand));
        at(110);
        assert!(!p.allows(n + MIN_RUN, &hand), "a window is not over");
        at(150);
        assert!(!p.allows(n + 2 * MIN_RUN, &hand));
        assert_eq!(p.fallbacks(), 1);
        // Held for HOLD, then paired runs are tried again.
        let hold = HOLD.as_millis() as u64;
        at(150 + hold - 1);
        assert!(!p.allows(n + 3 * MIN_RUN, &hand));
        at(150 + hold + 30);
        assert!(p.allows(n + 4 * MIN_RUN, &hand));
        assert!(!p.solo());
    }
}
