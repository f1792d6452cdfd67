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
use super::moves::{canonical_key, is_complete, options, Entry, OptionScratch};
use super::position::Position;
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

/// One option of the root with its value.
#[derive(Clone, Debug)]
pub struct StartOption {
    /// The option's compatible loops with masks, ascending by loop id.
    pub entries: Vec<Entry>,
    /// The option's canonical key.
    pub canonical_key: u64,
    /// Its nimber.
    pub nimber: u16,
}

/// The result of a solve: the memo holding every class reachable from the
/// root, and the root's value and options.
pub struct Solved {
    /// Every reachable position class with its nimber. Keys are decoded
    /// with [`LoopTable`]: loop `key >> 32`, tiles `key as u32` as a mask
    /// over that loop's tiles.
    pub memo: CompactMemo,
    /// The root's nimber.
    pub start_nimber: u16,
    /// Every option of the root (not reduced by symmetry), in the order of
    /// [`options`].
    pub start_options: Vec<StartOption>,
    /// The root's remoteness when every class's remoteness is kept in the
    /// memo's companions (computed in the solve, or afterwards by
    /// [`super::remoteness::fill_remoteness`]); `None` when it is not.
    pub start_remoteness: Option<u16>,
}

impl std::fmt::Debug for Solved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Solved")
            .field("classes", &self.memo.len())
            .field("start_nimber", &self.start_nimber)
            .finish_non_exhaustive()
    }
}

impl Solved {
    /// A solved table from its classes (`(canonical key, nimber)`, any
    /// order, each class once), as gathered from the ranks of a
    /// distributed solve: the memo holding them, and the start's value and
    /// options looked up in it.
    ///
    /// # Errors
    /// [`Error::VerificationFailed`] if the start or one of its options is
    /// missing, or the start's stored value is not the mex of its options'.
    pub fn from_classes(table: &LoopTable, classes: &[(u64, u16)]) -> Result<Solved> {
        let memo = memo_for(table, classes.len() as f64);
        memo.insert_batch(classes);
        if memo.len() != classes.len() as u64 || memo.overflowed() {
            return Err(Error::VerificationFailed {
                path: "gathered monorail table".into(),
                reason: format!(
                    "{} classes gathered but {} stored (a class twice, or a value too large)",
                    classes.len(),
                    memo.len()
                ),
            });
        }
        Solved::from_memo(table, memo)
    }

    /// A solved table from a memo holding every class reachable from the
    /// start (as gathered from the ranks of a distributed solve), with the
    /// start's value and options looked up in it.
    ///
    /// # Errors
    /// As [`Solved::from_classes`].
    pub fn from_memo(table: &LoopTable, memo: CompactMemo) -> Result<Solved> {
        let missing = |what: String| Error::VerificationFailed {
            path: "gathered monorail table".into(),
            reason: format!("{what} is missing"),
        };
        let root = super::moves::start(table);
        let start_nimber = memo
            .get(canonical_key(table, &root))
            .ok_or_else(|| missing("the start".into()))?;
        let mut out = Vec::new();
        let mut bounds = Vec::new();
        options(
            table,
            &root,
            &mut out,
            &mut bounds,
            &mut OptionScratch::default(),
        );
        let mut start_options = Vec::with_capacity(bounds.len().saturating_sub(1));
        for w in bounds.windows(2) {
            let entries = out[w[0]..w[1]].to_vec();
            let key = canonical_key(table, &entries);
            let nimber = memo
                .get(key)
                .ok_or_else(|| missing(format!("option {key:#x} of the start")))?;
            start_options.push(StartOption {
                entries,
                canonical_key: key,
                nimber,
            });
        }
        let values: Vec<u16> = start_options.iter().map(|o| o.nimber).collect();
        if mex16(&values) != start_nimber {
            return Err(Error::VerificationFailed {
                path: "gathered monorail table".into(),
                reason: format!(
                    "the start holds *{start_nimber}, the mex of its options' values is *{}",
                    mex16(&values)
                ),
            });
        }
        Ok(Solved {
            memo,
            start_nimber,
            start_options,
            start_remoteness: None,
        })
    }

    /// The stored nimber of a canonical key.
    pub fn nimber(&self, canonical_key: u64) -> Option<u16> {
        self.memo.get(canonical_key)
    }

    /// The stored remoteness of a canonical key, if the memo keeps it
    /// ([`Solved::start_remoteness`]) and the class is stored.
    pub fn remoteness(&self, canonical_key: u64) -> Option<u16> {
        let (i, v) = self.memo.find(canonical_key)?;
        match self.memo.companion(i) {
            0 => None,
            c => Some(super::remoteness::from_companion(c, v)),
        }
    }

    /// Number of position classes solved.
    pub fn classes(&self) -> u64 {
        self.memo.len()
    }

    /// Every `(key, remoteness)`, ascending by key, when the table keeps
    /// remoteness ([`Solved::start_remoteness`]); 16 bytes a class in
    /// memory (the sizes `serve`, `play` and tests use).
    pub fn remoteness_records(&self) -> Option<Vec<(u64, u16)>> {
        self.start_remoteness?;
        let mut v = Vec::with_capacity(usize::try_from(self.memo.len()).unwrap_or(0));
        let collected: std::result::Result<(), std::convert::Infallible> = self
            .for_each_sorted_remoteness(u64::MAX, |chunk| {
                v.extend_from_slice(chunk);
                Ok(())
            });
        let Ok(()) = collected;
        Some(v)
    }

    /// Every `(key, nimber)`, ascending by key, as a vector: for tests and
    /// small solves only (16 bytes a class).
    pub fn positions(&self) -> Vec<(u64, u16)> {
        let mut v = Vec::new();
        let collected: std::result::Result<(), std::convert::Infallible> =
            self.for_each_sorted(u64::MAX, |chunk| {
                v.extend_from_slice(chunk);
                Ok(())
            });
        let Ok(()) = collected;
        v
    }

    /// Calls `f` on every `(key, nimber)` in ascending key order, in
    /// consecutive pieces, reading the memo in sorted chunks of at most
    /// about `max_records` records (a chunk holds whole loops, so one loop's
    /// classes may exceed it). Memory: 8 bytes per record of the largest
    /// chunk (16 where a record does not pack into 64 bits), plus a count
    /// per loop.
    ///
    /// # Errors
    /// The first error of `f`, which is then not called again.
    pub fn for_each_sorted<F, E>(&self, max_records: u64, f: F) -> std::result::Result<(), E>
    where
        F: FnMut(&[(u64, u16)]) -> std::result::Result<(), E>,
    {
        self.for_each_in_groups(&self.sorted_groups(max_records), f)
    }

    /// The loop-id ranges `(first, end, records)` that
    /// [`Solved::for_each_sorted`] reads in turn, each of at most about
    /// `max_records` records: one pass over the memo counting records per
    /// loop.
    pub fn sorted_groups(&self, max_records: u64) -> Vec<(u64, u64, u64)> {
        if self.memo.len() <= max_records {
            return vec![(0, u64::MAX, self.memo.len())];
        }
        let memo = &self.memo;
        let n = memo.slots() as usize;
        let blocks = n.div_ceil(SCAN_BLOCK);
        let range = |b: usize| b * SCAN_BLOCK..((b + 1) * SCAN_BLOCK).min(n);
        // Records per loop id.
        let per_loop: Vec<u64> = (0..blocks)
            .into_par_iter()
            .fold(Vec::new, |mut acc: Vec<u64>, b| {
                for i in range(b) {
                    if let Some((k, _)) = memo.entry(i) {
                        let l = (k >> 32) as usize;
                        if acc.len() <= l {
                            acc.resize(l + 1, 0);
                        }
                        acc[l] += 1;
                    }
                }
                acc
            })
            .reduce(Vec::new, |mut a, b| {
                if a.len() < b.len() {
                    a.resize(b.len(), 0);
                }
                for (x, y) in a.iter_mut().zip(b) {
                    *x += y;
                }
                a
            });
        // Loop-id ranges of at most about max_records records.
        let mut groups: Vec<(u64, u64, u64)> = Vec::new(); // (lo, hi, records)
        let mut lo = 0u64;
        let mut count = 0u64;
        for (l, &c) in per_loop.iter().enumerate() {
            if count > 0 && count.saturating_add(c) > max_records {
                groups.push((lo, l as u64, count));
                lo = l as u64;
                count = 0;
            }
            count += c;
        }
        if count > 0 {
            groups.push((lo, per_loop.len() as u64, count));
        }
        groups
    }

    /// Calls `f` on the records of each group of `groups` (from
    /// [`Solved::sorted_groups`]) in ascending key order, in consecutive
    /// pieces of at most [`PIECE`] records: each group is read out of the
    /// memo as a [`SortedChunk`] and handed over piece by piece.
    ///
    /// # Errors
    /// The first error of `f`, which is then not called again.
    pub fn for_each_in_groups<F, E>(
        &self,
        groups: &[(u64, u64, u64)],
        mut f: F,
    ) -> std::result::Result<(), E>
    where
        F: FnMut(&[(u64, u16)]) -> std::result::Result<(), E>,
    {
        for &group in groups {
            self.sorted_chunk(group).for_each_piece(&mut f)?;
        }
        Ok(())
    }

    /// The records of the group `(lo, hi, records)` (loop ids `lo..hi`;
    /// from [`Solved::sorted_groups`]), read out of the memo in one
    /// parallel scan and sorted, with each record's remoteness when the
    /// memo keeps it.
    pub fn sorted_chunk(&self, (lo, hi, records): (u64, u64, u64)) -> SortedChunk {
        let with = self.memo.has_companions();
        match Packing::of(&self.memo, with) {
            Some(p) => {
                // Records as single integers in key order: half the memory
                // of `(u64, u16)`, and sorted by a parallel radix sort
                // (rdst), several times faster than a comparison sort.
                let mut chunk: Vec<u64> = self.scan(lo, hi, records, |k, v, c| p.pack(k, v, c));
                rdst::RadixSort::radix_sort_unstable(&mut chunk);
                SortedChunk::Packed(p, chunk)
            }
            None => {
                let mut chunk = self.scan(lo, hi, records, |k, v, c| (k, v, c));
                chunk.par_sort_unstable();
                SortedChunk::Plain(chunk)
            }
        }
    }

    /// Calls `f` on every `(key, remoteness)` in ascending key order, in
    /// consecutive pieces, read as [`Solved::for_each_sorted`] reads the
    /// nimbers. Every class must have its remoteness
    /// ([`Solved::start_remoteness`]); a class without gets 0.
    ///
    /// # Errors
    /// The first error of `f`, which is then not called again.
    pub fn for_each_sorted_remoteness<F, E>(
        &self,
        max_records: u64,
        mut f: F,
    ) -> std::result::Result<(), E>
    where
        F: FnMut(&[(u64, u16)]) -> std::result::Result<(), E>,
    {
        for group in self.sorted_groups(max_records) {
            self.sorted_chunk(group).for_each_remoteness_piece(&mut f)?;
        }
        Ok(())
    }

    /// The memo's records with loop ids in `lo..hi` (`records` of them),
    /// each made into a `T` by `make` from its key, nimber and companion,
    /// in slot order.
    fn scan<T: Send>(
        &self,
        lo: u64,
        hi: u64,
        records: u64,
        make: impl Fn(u64, u16, u8) -> T + Sync,
    ) -> Vec<T> {
        let memo = &self.memo;
        let n = memo.slots() as usize;
        let blocks = n.div_ceil(SCAN_BLOCK);
        let range = |b: usize| b * SCAN_BLOCK..((b + 1) * SCAN_BLOCK).min(n);
        let mut chunk: Vec<T> = Vec::with_capacity(records as usize);
        for batch in (0..blocks).collect::<Vec<_>>().chunks(8) {
            let parts: Vec<Vec<T>> = batch
                .par_iter()
                .map(|&b| {
                    range(b)
                        .filter_map(|i| memo.entry(i).map(|(k, v)| (i, k, v)))
                        .filter(|&(_, k, _)| (lo..hi).contains(&(k >> 32)))
                        .map(|(i, k, v)| make(k, v, memo.companion(i)))
                        .collect()
                })
                .collect();
            for p in parts {
                chunk.extend(p);
            }
        }
        chunk
    }
}

/// Records of a group of the memo in ascending key order (see
/// [`Solved::sorted_chunk`]).
pub enum SortedChunk {
    /// Packed into one integer each (8 bytes a record).
    Packed(Packing, Vec<u64>),
    /// As `(key, nimber, companion)` (16 bytes a record), where they do
    /// not pack.
    Plain(Vec<(u64, u16, u8)>),
}

impl SortedChunk {
    /// Number of records.
    pub fn len(&self) -> usize {
        match self {
            SortedChunk::Packed(_, v) => v.len(),
            SortedChunk::Plain(v) => v.len(),
        }
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Calls `f` on the `(key, nimber)` records in order, in consecutive
    /// pieces of at most [`PIECE`] records.
    ///
    /// # Errors
    /// The first error of `f`, which is then not called again.
    pub fn for_each_piece<F, E>(&self, f: F) -> std::result::Result<(), E>
    where
        F: FnMut(&[(u64, u16)]) -> std::result::Result<(), E>,
    {
        self.pieces(|_, v, _| v, f)
    }

    /// Calls `f` on the `(key, remoteness)` records in order (from the
    /// memo's companions; 0 where a record has none), in consecutive pieces
    /// of at most [`PIECE`] records.
    ///
    /// # Errors
    /// The first error of `f`, which is then not called again.
    pub fn for_each_remoteness_piece<F, E>(&self, f: F) -> std::result::Result<(), E>
    where
        F: FnMut(&[(u64, u16)]) -> std::result::Result<(), E>,
    {
        self.pieces(
            |_, v, c| match c {
                0 => 0,
                c => super::remoteness::from_companion(c, v),
            },
            f,
        )
    }

    /// Calls `f` on `(key, value(key, nimber, companion))` in order, in
    /// pieces of at most [`PIECE`].
    fn pieces<V, F, E>(&self, value: V, mut f: F) -> std::result::Result<(), E>
    where
        V: Fn(u64, u16, u8) -> u16,
        F: FnMut(&[(u64, u16)]) -> std::result::Result<(), E>,
    {
        let mut piece = Vec::with_capacity(PIECE.min(self.len()));
        match self {
            SortedChunk::Packed(p, v) => {
                for part in v.chunks(PIECE) {
                    piece.clear();
                    piece.extend(part.iter().map(|&r| {
                        let (k, n, c) = p.unpack(r);
                        (k, value(k, n, c))
                    }));
                    f(&piece)?;
                }
            }
            SortedChunk::Plain(v) => {
                for part in v.chunks(PIECE) {
                    piece.clear();
                    piece.extend(part.iter().map(|&(k, n, c)| (k, value(k, n, c))));
                    f(&piece)?;
                }
            }
        }
        Ok(())
    }
}

/// Records per piece handed over by [`Solved::for_each_in_groups`].
pub const PIECE: usize = 1 << 16;

/// A record `(loop id << 32 | mask, nimber)` as one integer, `loop id <<
/// (tiles + 16) | mask << 16 | nimber`, ordered as the records are, when
/// the key space and 16 bits fit 64 bits (up to T = 22); with the memo's
/// 4-bit companion too, `loop id << (tiles + 20) | mask << 20 | companion
/// << 16 | nimber`, when that fits.
#[derive(Clone, Copy, Debug)]
pub struct Packing {
    tiles: u32,
    /// Bits below the mask: 16, or 20 with the companion.
    low: u32,
}

impl Packing {
    fn of(memo: &CompactMemo, companion: bool) -> Option<Packing> {
        let (loop_bits, tiles) = memo.key_layout();
        let low = if companion { 20 } else { 16 };
        (loop_bits + tiles + low <= 64).then_some(Packing { tiles, low })
    }

    #[inline]
    fn pack(self, key: u64, v: u16, c: u8) -> u64 {
        debug_assert!(self.low == 20 || c == 0);
        (key >> 32) << (self.tiles + self.low)
            | (key & 0xFFFF_FFFF) << self.low
            | u64::from(c & 0xF) << 16
            | u64::from(v)
    }

    #[inline]
    fn unpack(self, r: u64) -> (u64, u16, u8) {
        let mask = (r >> self.low) & ((1u64 << self.tiles) - 1);
        let c = if self.low == 20 {
            ((r >> 16) & 0xF) as u8
        } else {
            0
        };
        ((r >> (self.tiles + self.low)) << 32 | mask, r as u16, c)
    }
}

/// Slots per block of a parallel memo scan.
const SCAN_BLOCK: usize = 1 << 20;

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
            Some(Halt::Failed(Error::VerificationFailed {
                path: "monorail solve".into(),
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

/// Bits of a loop id of `table`.
pub fn loop_bits(table: &LoopTable) -> u32 {
    (usize::BITS - table.len().saturating_sub(1).leading_zeros()).max(1)
}

/// The most tiles of a loop of `table`.
pub fn max_tiles(table: &LoopTable) -> u32 {
    table.loops.iter().map(|l| l.len()).max().unwrap_or(6) as u32
}

/// Load at which a memo counts as full.
pub const MAX_LOAD: f64 = 0.9;
/// Load a memo is sized for.
pub const TARGET_LOAD: f64 = 0.72;

/// A memo for `table` sized for about `classes` classes (never so small
/// that its value field gets fewer than 8 bits). Never fails: a memo that
/// turns out too small is enlarged as it fills.
pub fn memo_for(table: &LoopTable, classes: f64) -> CompactMemo {
    let lb = loop_bits(table);
    let tiles = max_tiles(table);
    let key_bits = lb + tiles;
    let floor = 1u64 << key_bits.saturating_sub(11).min(40);
    let mut slots = ((classes / TARGET_LOAD).ceil() as u64).max(floor).max(1024);
    loop {
        match CompactMemo::new(lb, tiles, slots, MAX_LOAD) {
            Ok(m) => return m,
            Err(_) => slots = slots.saturating_mul(2),
        }
    }
}

/// Solves from `root` in memory, growing the memo as needed: the plain
/// entry point for solves without a checkpoint (`show`, tests, small T).
/// Every class's remoteness is kept too ([`Solved::remoteness`]).
///
/// # Errors
/// [`Error::VerificationFailed`] if the paper's lemma fails at a position
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

/// A memo `factor` times larger holding `old`'s entries.
pub fn grown(table: &LoopTable, old: &CompactMemo, factor: u64) -> CompactMemo {
    let mut m = CompactMemo::new(
        loop_bits(table),
        max_tiles(table),
        old.slots().saturating_mul(factor),
        MAX_LOAD,
    )
    .expect("a larger memo is less sparse");
    if old.has_companions() {
        m = m.with_companions();
    }
    old.copy_into(&m);
    m
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
