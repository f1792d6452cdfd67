//! The full solve: the nimber of every position reachable from a root.
//!
//! Positions are identified up to the four symmetries of the station
//! ([`canonical_key`]); symmetric positions have equal nimbers, so each
//! class is solved once. The search is a depth-first mex recursion over a
//! [`CompactMemo`] shared by all threads; the root's options are shared out
//! among the threads with rayon. At each position the options' keys are
//! computed first and their memo slots touched together, so the cache
//! misses of one position's probes overlap instead of queueing.
//!
//! Whatever the thread count, the memo ends holding exactly the reachable
//! classes with their nimbers, so everything read out of it in key order
//! is deterministic.
//!
//! Every value stored is also handed to an optional [`Journal`] (the
//! checkpoint), in batches; a memo pre-filled from a journal resumes the
//! solve where it stopped. The solve stops early, storing nothing more,
//! when the memo fills, a nimber does not fit it, or the stop flag is set.
//!
//! While solving it checks the lemma behind the paper's rule change
//! (Grabman, "A Genius Solution", section 2): every completable position
//! that is not a finished loop has a legal move that keeps it completable.
//! In this search the options of a position *are* its moves that keep it
//! completable, so the check is that no unfinished position has none.

use super::loop_table::LoopTable;
use super::memo::CompactMemo;
use super::memo_size::{grown, max_tiles, memo_for};
use super::moves::{canonical_key, is_complete, options, Entry, OptionScratch};
use super::position::Position;
use super::solved::{Packing, Solved, SortedChunk, StartOption};
use grundy_core::clock::Clock;
use grundy_core::error::{Error, Result};
use grundy_core::progress::Progress;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Receives every value the solve stores, in batches of `(canonical key,
/// nimber)`; the checkpoint of a long run.
pub trait Journal: Sync {
    /// Keeps a batch: records ascending by key, no key twice.
    ///
    /// # Errors
    /// Whatever keeping it fails with; the solve then stops with it.
    fn record(&self, batch: &SortedChunk) -> Result<()>;
    /// The longest a stored value may wait in a thread's batch.
    fn interval(&self) -> Duration;
    /// The clock that times [`interval`](Journal::interval): the solve
    /// reads no clock itself.
    fn clock(&self) -> &dyn Clock;
}

/// Values per journal batch at most.
const BATCH: usize = 1 << 22;

/// A position's options with their canonical keys and memo places: the
/// working space of one depth of the solve and of `verify`'s walk.
#[derive(Default)]
pub(crate) struct OptionBuffers {
    /// The options' entries, option `j` at `out[bounds[j]..bounds[j + 1]]`.
    pub(crate) out: Vec<Entry>,
    /// Option boundaries in `out`.
    pub(crate) bounds: Vec<usize>,
    scratch: OptionScratch,
    /// Option `j`'s canonical key.
    pub(crate) keys: Vec<u64>,
    /// Option `j`'s place in the memo ([`CompactMemo::locate`]).
    pub(crate) places: Vec<(u64, u32)>,
}

impl OptionBuffers {
    /// Fills the buffers with the options of `entries`, their keys and
    /// places, and touches every option's home slot before any is probed
    /// (independent loads whose misses overlap). Returns the number of
    /// options.
    pub(crate) fn fill(
        &mut self,
        table: &LoopTable,
        entries: &[Entry],
        memo: &CompactMemo,
    ) -> usize {
        self.out.clear();
        options(
            table,
            entries,
            &mut self.out,
            &mut self.bounds,
            &mut self.scratch,
        );
        self.keys.clear();
        self.keys.extend(
            self.bounds
                .windows(2)
                .map(|w| canonical_key(table, &self.out[w[0]..w[1]])),
        );
        self.places.clear();
        self.places
            .extend(self.keys.iter().map(|&k| memo.locate(k)));
        let mut touched = 0u32;
        for &(home, _) in &self.places {
            touched ^= memo.touch(home as usize);
        }
        std::hint::black_box(touched);
        self.keys.len()
    }

    /// Option `j`'s entries.
    pub(crate) fn option(&self, j: usize) -> &[Entry] {
        &self.out[self.bounds[j]..self.bounds[j + 1]]
    }
}

#[derive(Default)]
struct Buffers {
    opts: OptionBuffers,
    values: Vec<u16>,
}

/// What a position's remoteness needs of its options, gathered as they
/// are valued ([`super::remoteness`]): a P-position lasts one move more
/// than its longest option, an N-position one more than its shortest
/// P-option, a position without options (a finished loop) 0 moves.
#[derive(Clone, Copy)]
struct Remote {
    /// The largest remoteness of an option, plus one (0: no option).
    longest: u16,
    /// The least remoteness of a P-option, plus one (`u16::MAX`: none).
    shortest_p: u16,
}

impl Default for Remote {
    fn default() -> Remote {
        Remote {
            longest: 0,
            shortest_p: u16::MAX,
        }
    }
}

impl Remote {
    /// Takes in an option of nimber `v` and remoteness `r`.
    #[inline]
    fn fold(&mut self, v: u16, r: u16) {
        let after = r.saturating_add(1);
        self.longest = self.longest.max(after);
        if v == 0 {
            self.shortest_p = self.shortest_p.min(after);
        }
    }

    /// The remoteness of the position, of nimber `v`.
    #[inline]
    fn of(self, v: u16) -> u16 {
        if v == 0 {
            self.longest
        } else {
            // An N-position has a P-option (its nimber is the mex).
            self.shortest_p
        }
    }
}

/// A thread's journal batch and when it was last flushed. Values are kept
/// packed into one integer each where they fit (half the memory streamed
/// through the cache, and a faster sort), else as `(key, nimber)`.
struct Batch {
    /// Keys this worker stored and has not yet added to the memo's count.
    uncounted: u64,
    packing: Option<Packing>,
    words: Vec<u64>,
    /// `(key, nimber, 0)` (the journal keeps no remoteness).
    plain: Vec<(u64, u16, u8)>,
    /// When the batch was last flushed, on the journal's clock (`None`
    /// without a journal).
    since: Option<Instant>,
    stores: u32,
}

impl Batch {
    fn len(&self) -> usize {
        self.words.len() + self.plain.len()
    }

    #[inline]
    fn push(&mut self, key: u64, v: u16) {
        match self.packing {
            Some(p) => self.words.push(p.pack(key, v, 0)),
            None => self.plain.push((key, v, 0)),
        }
    }

    /// The batch sorted by key without duplicates, emptying it (its buffer
    /// comes back with [`Batch::reuse`]).
    fn take_sorted(&mut self) -> SortedChunk {
        match self.packing {
            Some(p) => {
                let mut w = std::mem::take(&mut self.words);
                w.sort_unstable();
                w.dedup_by_key(|r| *r >> 16);
                SortedChunk::Packed(p, w)
            }
            None => {
                let mut v = std::mem::take(&mut self.plain);
                v.sort_unstable();
                v.dedup_by_key(|r| r.0);
                SortedChunk::Plain(v)
            }
        }
    }

    /// Takes back the buffer of a chunk from [`Batch::take_sorted`], empty.
    fn reuse(&mut self, chunk: SortedChunk) {
        match chunk {
            SortedChunk::Packed(_, mut w) => {
                w.clear();
                self.words = w;
            }
            SortedChunk::Plain(mut v) => {
                v.clear();
                self.plain = v;
            }
        }
    }
}

/// A thread's working state: one set of buffers per depth and its journal
/// batch.
struct Worker {
    bufs: Vec<Buffers>,
    batch: Batch,
}

/// A worker whose journal batch is flushed when it is dropped (rayon drops
/// a task group's state when the group ends).
struct Flushing<'s, 'a>(&'s Solver<'a>, Worker);

impl Drop for Flushing<'_, '_> {
    fn drop(&mut self) {
        self.0.flush(&mut self.1.batch);
    }
}

/// Not yet known, in a value buffer.
const UNKNOWN: u16 = u16::MAX;

struct Solver<'a> {
    table: &'a LoopTable,
    memo: &'a CompactMemo,
    /// Set from the progress context's stop request (polled five times a
    /// second), read by the workers without a virtual call.
    stopped: AtomicBool,
    journal: Option<&'a dyn Journal>,
    error: Mutex<Option<Error>>,
    failed: AtomicBool,
    counterexample: Mutex<Option<String>>,
    progress_done: AtomicU64,
    /// Whether each class's remoteness is kept too, in the memo's
    /// companions (when the memo carries them).
    remoteness: bool,
}

impl Solver<'_> {
    #[inline]
    fn halted(&self) -> bool {
        self.memo.is_full()
            || self.memo.overflowed()
            || self.stopped.load(Ordering::Relaxed)
            || self.failed.load(Ordering::Relaxed)
    }

    fn fail(&self, e: Error) {
        let mut slot = self.error.lock().unwrap_or_else(|p| p.into_inner());
        slot.get_or_insert(e);
        self.failed.store(true, Ordering::Relaxed);
    }

    fn worker(&self) -> Worker {
        let depth = self.table.loops.iter().map(|l| l.len()).max().unwrap_or(0) + 3;
        Worker {
            bufs: (0..depth).map(|_| Buffers::default()).collect(),
            batch: Batch {
                uncounted: 0,
                packing: Packing::of(self.memo, false),
                words: Vec::new(),
                plain: Vec::new(),
                since: self.journal.map(|j| j.clock().now()),
                stores: 0,
            },
        }
    }

    fn flush(&self, b: &mut Batch) {
        self.memo.count_new(std::mem::take(&mut b.uncounted));
        if let Some(j) = self.journal {
            b.since = Some(j.clock().now());
        }
        if b.len() == 0 {
            return;
        }
        let chunk = b.take_sorted();
        if let Some(j) = self.journal {
            if let Err(e) = j.record(&chunk) {
                self.fail(e);
            }
        }
        b.reuse(chunk);
    }

    fn store(&self, key: u64, place: (u64, u32), v: u16, r: u16, b: &mut Batch) {
        // Counted per worker, added to the memo's count every 256 keys
        // (and at every flush): no shared counter per insert.
        let new = if self.remoteness {
            match super::remoteness::companion(r) {
                Some(c) => self.memo.insert_uncounted_with(place, v, c),
                None => {
                    self.fail(super::remoteness::too_remote(r));
                    false
                }
            }
        } else {
            self.memo.insert_uncounted(place, v)
        };
        b.uncounted += u64::from(new);
        if b.uncounted >= 256 {
            self.memo.count_new(std::mem::take(&mut b.uncounted));
        }
        let Some(j) = self.journal else { return };
        b.push(key, v);
        b.stores = b.stores.wrapping_add(1);
        if b.len() >= BATCH
            || (b.stores % 4096 == 0
                && b.since
                    .is_some_and(|s| j.clock().now().duration_since(s) >= j.interval()))
        {
            self.flush(b);
        }
    }

    /// The nimber and remoteness of the position `entries` (canonical key
    /// `key`, located in the memo at `place`), known to be missing from the
    /// memo when called. The remoteness is 0 when the solve keeps none
    /// ([`Solver::remoteness`]).
    fn value(
        &self,
        entries: &[Entry],
        key: u64,
        place: (u64, u32),
        bufs: &mut [Buffers],
        batch: &mut Batch,
    ) -> (u16, u16) {
        if self.halted() {
            return (0, 0);
        }
        let (buf, rest) = bufs
            .split_first_mut()
            .expect("buffers cover the longest play");
        let n = buf.opts.fill(self.table, entries, self.memo);
        if n == 0 && !is_complete(self.table, entries) {
            self.lemma_fails(entries);
        }
        let mut remote = Remote::default();
        buf.values.clear();
        for &p in &buf.opts.places {
            let v = match self.memo.find_at(p) {
                Some((i, v)) => {
                    self.fold_stored(&mut remote, i, v);
                    v
                }
                None => UNKNOWN,
            };
            buf.values.push(v);
        }
        // Whether an option was solved here yet: only then can a later
        // option found missing above have been stored since (by this
        // thread; another thread's store found late costs a repeated
        // solve, never a wrong value).
        let mut recursed = false;
        for j in 0..n {
            if buf.values[j] == UNKNOWN {
                // Solved meanwhile, as an option of an earlier option?
                match recursed
                    .then(|| self.memo.find_at(buf.opts.places[j]))
                    .flatten()
                {
                    Some((i, v)) => {
                        self.fold_stored(&mut remote, i, v);
                        buf.values[j] = v;
                    }
                    None => {
                        let (v, r) = self.value(
                            buf.opts.option(j),
                            buf.opts.keys[j],
                            buf.opts.places[j],
                            rest,
                            batch,
                        );
                        remote.fold(v, r);
                        buf.values[j] = v;
                        recursed = true;
                    }
                }
            }
        }
        let v = mex16(&buf.values);
        if self.halted() {
            return (0, 0);
        }
        let r = if self.remoteness { remote.of(v) } else { 0 };
        self.store(key, place, v, r, batch);
        (v, r)
    }

    /// Folds the remoteness kept in slot `i` (of nimber `v`) into `remote`,
    /// when the solve keeps remoteness.
    #[inline]
    fn fold_stored(&self, remote: &mut Remote, i: usize, v: u16) {
        if self.remoteness {
            remote.fold(v, self.stored_remoteness(i, v));
        }
    }

    /// The remoteness kept in slot `i` (of nimber `v`), waiting for the
    /// thread that stored the nimber to write it (the next instructions of
    /// that thread, so the wait is short).
    fn stored_remoteness(&self, i: usize, v: u16) -> u16 {
        let mut spins = 0u32;
        loop {
            let c = self.memo.companion(i);
            if c != 0 {
                return super::remoteness::from_companion(c, v);
            }
            spins = spins.saturating_add(1);
            if spins < 64 {
                std::hint::spin_loop();
            } else {
                std::thread::yield_now();
            }
        }
    }

    /// Solves every option of `entries` as its own parallel task (the
    /// position itself is then solved by the caller from a warm memo).
    fn split(&self, entries: &[Entry]) {
        let mut b = OptionBuffers::default();
        b.fill(self.table, entries, self.memo);
        let mut tasks: Vec<(u64, usize)> = b.keys.iter().copied().zip(0..).collect();
        tasks.sort_unstable();
        tasks.dedup_by_key(|t| t.0);
        tasks.par_iter().for_each_init(
            || Flushing(self, self.worker()),
            |w, &(k, j)| {
                if self.memo.get_at(b.places[j]).is_none() {
                    let Worker { bufs, batch } = &mut w.1;
                    self.value(b.option(j), k, b.places[j], bufs, batch);
                }
            },
        );
        let mut w = Flushing(self, self.worker());
        let Worker { bufs, batch } = &mut w.1;
        let k = canonical_key(self.table, entries);
        let place = self.memo.locate(k);
        if self.memo.get_at(place).is_none() {
            self.value(entries, k, place, bufs, batch);
        }
    }

    #[cold]
    fn lemma_fails(&self, entries: &[Entry]) {
        let p = Position::from_tiles(self.table.tiles(entries[0].0, entries[0].1))
            .map(|p| p.to_string())
            .unwrap_or_default();
        let mut c = self
            .counterexample
            .lock()
            .unwrap_or_else(|e| e.into_inner());
        c.get_or_insert(p);
    }
}

/// The mex of small values.
#[inline]
pub(crate) fn mex16(values: &[u16]) -> u16 {
    let mut small = 0u64;
    let mut large = false;
    for &v in values {
        if v < 64 {
            small |= 1 << v;
        } else {
            large = true;
        }
    }
    let low = (!small).trailing_zeros() as u16;
    if low < 64 || !large {
        return low;
    }
    let mut seen: Vec<u16> = values.to_vec();
    seen.sort_unstable();
    seen.dedup();
    let mut m = 0u16;
    for v in seen {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    m
}

/// How a solve ended when it did not finish.
#[derive(Debug)]
pub enum Halt {
    /// The memo filled (or a probe ran too long): rebuild it larger and
    /// solve again.
    Full,
    /// A nimber did not fit the memo's value field: rebuild it with more
    /// slots (more value bits).
    Overflow,
    /// The progress context asked to stop.
    Stopped,
    /// The journal failed, or the lemma check found a counterexample.
    Failed(Error),
}

/// Solves every position reachable from `root` (its entries, ascending by
/// loop id) into `memo`, which may already hold some of them (from a
/// journal) but nothing else. Runs on the current rayon pool.
///
/// Progress: phase `solve` counting classes stored, against
/// `expected_classes`.
///
/// # Errors
/// A [`Halt`] saying why the solve stopped early, with the memo, which then
/// holds only correct values, every one of which was given to the journal.
pub fn solve_into(
    table: &LoopTable,
    root: &[Entry],
    memo: CompactMemo,
    journal: Option<&dyn Journal>,
    expected_classes: u64,
    progress: &dyn Progress,
) -> std::result::Result<Solved, Box<(Halt, CompactMemo)>> {
    let solver = Solver {
        table,
        memo: &memo,
        stopped: AtomicBool::new(progress.stop_requested()),
        journal,
        error: Mutex::new(None),
        failed: AtomicBool::new(false),
        counterexample: Mutex::new(None),
        progress_done: AtomicU64::new(memo.len()),
        remoteness: memo.has_companions(),
    };
    let mut w = solver.worker();
    let opts = root_options(table, root, &memo, &mut w.bufs[0].opts);
    let classes = first_move_classes(table, &opts);
    progress.phase("solve", expected_classes.max(memo.len()));
    progress.advance(memo.len());
    solver.solve_first_moves(&classes, &opts, progress);
    let start_nimber = solver.root_value(root, &mut w);
    progress.finish_phase();
    let halt = solver.halt();
    drop(solver);
    if let Some(h) = halt {
        return Err(Box::new((h, memo)));
    }
    let start_options = start_options(table, opts, &memo);
    let mut solved = Solved {
        memo,
        start_nimber,
        start_options,
        start_remoteness: None,
    };
    if solved.memo.has_companions() {
        solved.start_remoteness = solved.remoteness(canonical_key(table, root));
    }
    Ok(solved)
}

/// The root's options (every first move, not reduced by symmetry), in the
/// order of [`options`], filled through `buf` (the first depth's buffers).
fn root_options(
    table: &LoopTable,
    root: &[Entry],
    memo: &CompactMemo,
    buf: &mut OptionBuffers,
) -> Vec<Vec<Entry>> {
    let n = buf.fill(table, root, memo);
    (0..n).map(|j| buf.option(j).to_vec()).collect()
}

/// The symmetry classes of the first moves `opts`, one `(canonical key,
/// index in opts)` each, in the order they are solved: largest first (most
/// loops still completable), then by key.
fn first_move_classes(table: &LoopTable, opts: &[Vec<Entry>]) -> Vec<(u64, usize)> {
    let mut classes: Vec<(u64, usize)> = opts
        .iter()
        .enumerate()
        .map(|(i, o)| (canonical_key(table, o), i))
        .collect();
    classes.sort_unstable();
    classes.dedup_by_key(|c| c.0);
    classes.sort_by_key(|&(k, i)| (std::cmp::Reverse(opts[i].len()), k));
    classes
}

/// Each first move's `(nimber, entries)` as a [`StartOption`], its value
/// read from the finished memo.
fn start_options(table: &LoopTable, opts: Vec<Vec<Entry>>, memo: &CompactMemo) -> Vec<StartOption> {
    opts.into_iter()
        .map(|entries| {
            let k = canonical_key(table, &entries);
            let nimber = memo.get(k).expect("every option was solved");
            StartOption {
                entries,
                canonical_key: k,
                nimber,
            }
        })
        .collect()
}

impl Solver<'_> {
    /// Solves the first-move `classes` (indices into `opts`) in parallel,
    /// reporting the memo's count to `progress` five times a second
    /// meanwhile.
    fn solve_first_moves(
        &self,
        classes: &[(u64, usize)],
        opts: &[Vec<Entry>],
        progress: &dyn Progress,
    ) {
        let (done, ticks) = std::sync::mpsc::channel::<()>();
        std::thread::scope(|s| {
            // Progress from the memo's count, five times a second, until the
            // sender is dropped.
            s.spawn(move || {
                while let Err(std::sync::mpsc::RecvTimeoutError::Timeout) =
                    ticks.recv_timeout(Duration::from_millis(200))
                {
                    let now = self.memo.len();
                    let before = self.progress_done.swap(now, Ordering::Relaxed);
                    progress.advance(now.saturating_sub(before));
                    if progress.stop_requested() {
                        self.stopped.store(true, Ordering::Relaxed);
                    }
                    if let Some(mib) = progress.resident_mib() {
                        progress.note(&format!("memory {:.2} GiB", mib / 1024.0));
                    }
                }
            });
            // Two levels of parallel tasks: each first move's options are
            // shared out too, so no thread idles while another finishes the
            // last large first move.
            classes.par_iter().for_each(|&(k, i)| {
                if self.memo.get(k).is_none() {
                    self.split(&opts[i]);
                }
            });
            drop(done);
        });
    }

    /// The root's value: from the memo, or solved now from the warm memo
    /// with `w`'s buffers (its batch flushed after).
    fn root_value(&self, root: &[Entry], w: &mut Worker) -> u16 {
        let root_key = canonical_key(self.table, root);
        match self.memo.get(root_key) {
            Some(v) => v,
            None => {
                let Worker { bufs, batch } = w;
                let mut deeper: Vec<Buffers> = std::mem::take(bufs);
                let (v, _) = self.value(
                    root,
                    root_key,
                    self.memo.locate(root_key),
                    &mut deeper,
                    batch,
                );
                self.flush(batch);
                v
            }
        }
    }

    /// Why the solve stopped early, if it did: the journal's error first,
    /// then a counterexample to the lemma, then the memo's overflow or
    /// fill, then the stop flag.
    fn halt(&self) -> Option<Halt> {
        if let Some(e) = self.error.lock().unwrap_or_else(|p| p.into_inner()).take() {
            Some(Halt::Failed(e))
        } else if let Some(p) = self
            .counterexample
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
        {
            Some(Halt::Failed(Error::CheckFailed {
                what: "monorail solve".into(),
                reason: format!(
                    "lemma fails: position {p} is completable and unfinished but has no move keeping it completable"
                ),
            }))
        } else if self.memo.overflowed() {
            Some(Halt::Overflow)
        } else if self.memo.is_full() {
            Some(Halt::Full)
        } else if self.stopped.load(Ordering::Relaxed) {
            Some(Halt::Stopped)
        } else {
            None
        }
    }
}

/// Solves from `root` in memory, growing the memo as needed: the plain
/// entry point for solves without a checkpoint (`show`, tests, small T).
/// Every class's remoteness is kept too ([`Solved::remoteness`]).
///
/// # Errors
/// [`Error::CheckFailed`] if the paper's lemma fails at a position
/// (the message names it), which a correct game never does;
/// [`Error::Stopped`] when `progress` asks to stop.
pub fn solve_from_expecting(
    table: &LoopTable,
    root: &[Entry],
    expected_classes: f64,
    progress: &dyn Progress,
) -> Result<Solved> {
    let mut memo = memo_for(table, expected_classes).with_companions();
    loop {
        match solve_into(table, root, memo, None, expected_classes as u64, progress) {
            Ok(s) => return Ok(s),
            Err(stopped) => {
                let (halt, old) = *stopped;
                let factor = match halt {
                    Halt::Full => 2,
                    Halt::Overflow => 4,
                    Halt::Stopped => return Err(Error::Stopped),
                    Halt::Failed(e) => return Err(e),
                };
                memo = grown(table, &old, factor);
            }
        }
    }
}

/// Solves every position reachable from the start of `table`'s game, in
/// memory (no checkpoint).
///
/// # Errors
/// As [`solve_from_expecting`].
pub fn solve(table: &LoopTable, progress: &dyn Progress) -> Result<Solved> {
    let classes = super::cost::start_classes(max_tiles(table) as usize).unwrap_or(1024.0);
    solve_from_expecting(table, &super::moves::start(table), classes, progress)
}

/// Solves every position reachable from `root`.
///
/// # Errors
/// As [`solve_from_expecting`].
pub fn solve_from(table: &LoopTable, root: &[Entry], progress: &dyn Progress) -> Result<Solved> {
    solve_from_expecting(table, root, 1024.0, progress)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monorail::moves::start;
    use crate::monorail::rules::Rules;
    use grundy_core::progress::NoProgress;

    /// A memo far too small fills, grows, and ends with the same table as
    /// a large one.
    #[test]
    fn a_full_memo_grows_with_the_same_result() {
        let rules = Rules::new(10).unwrap();
        let table = LoopTable::new(&rules);
        let small = solve_from_expecting(&table, &start(&table), 10.0, &NoProgress).unwrap();
        let large = solve_from_expecting(&table, &start(&table), 1e5, &NoProgress).unwrap();
        assert_eq!(small.positions(), large.positions());
        assert_eq!(small.start_nimber, 10);
        assert_eq!(small.classes(), 4854);
    }

    #[test]
    fn mex_of_small_values() {
        assert_eq!(mex16(&[]), 0);
        assert_eq!(mex16(&[1, 0, 3]), 2);
        let all: Vec<u16> = (0..70).collect();
        assert_eq!(mex16(&all), 70);
        assert_eq!(mex16(&[0, 1, 100]), 2);
    }
}
