//! The Monorail solve spread over ranks that share no memory: every rank
//! owns the position classes whose canonical key hashes to it
//! ([`owner`]), holds only their values, and asks the owners of the others
//! for theirs in batches, one bulk-synchronous exchange per round
//! ([`Transport`]).
//!
//! A dataflow form of the same mex recursion as [`super::solve`], on the
//! same search code (the options of a position from its entries, canonical
//! keys, mex): the owner of a class *expands* it once (computes its options
//! from its entries), asks for each option's value, and when every value is
//! known stores the mex and sends it to every rank that asked. A request
//! carries the option's entries, so the owner can expand a class it has
//! not seen without rebuilding them (which would cost a scan of all
//! loops). Expansions are taken last-in first-out, at most [`EXPANSIONS`]
//! per round, so the search runs depth first and pending classes stay few.
//!
//! A rank holds its own classes' values in a compact memo
//! ([`CompactMemo`], four bytes a slot). A pending class collects its
//! options' values as they arrive, so a value another rank sent is needed
//! only until it is delivered: the rank keeps such values in a cache of
//! bounded size ([`REMOTE_CACHE`] times its expected share of classes),
//! emptied whenever it fills, which spares most repeated requests without
//! letting a rank's memory grow with the other ranks' tables (see
//! `reports/monorail-distributed.md`).
//!
//! Whatever the number of ranks, the classes solved and their nimbers are
//! those of the single-process solve (tested for 1 to 4 ranks); the ranks'
//! shares, gathered and sorted, are its table exactly.
//!
//! **Checkpoints** (a [`RankJournal`], written by the dataset layer's
//! `monorail_rank_checkpoint`): with one, every
//! rank also keeps the classes it solved since its last chunk, and at
//! common round boundaries (rank 0's clock) writes them; a resubmitted job
//! starts with the committed snapshot's classes in the memo.
//!
//! Messages are 64-bit words: `REQUEST key n e_1 .. e_n` (an entry packed
//! as `loop << 32 | mask`) and `VALUE key nimber`.

use crate::monorail::loop_table::LoopTable;
use crate::monorail::memo::CompactMemo;
use crate::monorail::memo_size::max_tiles;
use crate::monorail::moves::{canonical_key, is_complete, options, start, Entry, OptionScratch};
use crate::monorail::solve::mex16;
use crate::monorail::transport::Transport;
use grundy_core::error::{Error, Result};
use rustc_hash::{FxHashMap, FxHashSet};

pub mod gather;
mod stores;

use stores::{memo_records, RankMemo, RemoteCache};

/// Most expansions a rank makes per round. Fewer make more rounds but a
/// smaller frontier: a value from another rank arrives a round after it was
/// asked for, and in that round the rank expands up to this many more
/// classes. Measured at T = 16 on one host (2 cores): with 4,096, 512 and
/// 64, K = 2 solved in 13.7, 7.5 and 7.6 s with at most 25,761, 7,878 and
/// 5,431 classes pending per rank; K = 4 in 29.5, 17.0 and 16.3 s (see
/// `reports/monorail-distributed.md`).
pub const EXPANSIONS: usize = 512;

/// Size of a rank's cache of other ranks' values, as a multiple of its
/// expected share of classes (the cache never holds fewer slots than its
/// memo's floor, a few thousand at small T).
pub const REMOTE_CACHE: f64 = 0.5;

const REQUEST: u64 = 1;
const VALUE: u64 = 2;

/// The rank owning the class with canonical key `key` among `ranks`: a
/// fixed mix of the key's bits (splitmix64's finaliser), so the classes
/// spread evenly whatever their structure.
pub fn owner(key: u64, ranks: usize) -> usize {
    let mut z = key.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z % ranks as u64) as usize
}

/// A class expanded and waiting for its options' values: those known so
/// far, and how many are still to come.
struct Pending {
    values: Vec<u16>,
    missing: usize,
}

/// What one rank ends with.
pub struct RankResult {
    /// The classes this rank owns with their nimbers.
    pub memo: CompactMemo,
    /// The start position's nimber (known on every rank).
    pub start_nimber: u16,
    /// Rounds of exchange.
    pub rounds: u64,
    /// Words this rank sent to other ranks.
    pub words_sent: u64,
    /// Classes this rank started with, from a checkpoint.
    pub resumed: usize,
    /// Bytes of checkpoint chunks this rank wrote.
    pub checkpoint_bytes: u64,
    /// Values of other ranks' classes this rank received.
    pub remote_received: u64,
    /// Most of them its cache held at once.
    pub remote_cached: u64,
    /// Bytes of that cache's slot array at the end.
    pub remote_cache_bytes: u64,
    /// Times the cache was emptied because it was full.
    pub remote_flushes: u64,
    /// Most owned classes queued or waiting for values at a round's end.
    pub peak_pending: usize,
}

impl RankResult {
    /// Number of classes this rank owns.
    pub fn owned(&self) -> u64 {
        self.memo.len()
    }

    /// The classes this rank owns with their nimbers, ascending by key
    /// (16 B a class: for tests and small tables).
    pub fn classes(&self) -> Vec<(u64, u16)> {
        let mut all = Vec::with_capacity(usize::try_from(self.owned()).unwrap_or(0));
        memo_records(&self.memo, 0, usize::MAX, |k, v| all.push((k, v)));
        all.sort_unstable();
        all
    }
}

impl std::fmt::Debug for RankResult {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RankResult")
            .field("owned", &self.owned())
            .field("start_nimber", &self.start_nimber)
            .field("rounds", &self.rounds)
            .field("words_sent", &self.words_sent)
            .finish_non_exhaustive()
    }
}

struct Rank<'a> {
    table: &'a LoopTable,
    me: usize,
    size: usize,
    /// Owned classes solved.
    memo: RankMemo<'a>,
    /// Values of other ranks' classes received lately.
    remote: RemoteCache<'a>,
    /// Owned classes queued (`None`) or expanded and waiting.
    pending: FxHashMap<u64, Option<Pending>>,
    /// Owned classes to expand, with their entries; last in, first out.
    /// A class may be in it twice; it is expanded at its first pop.
    stack: Vec<(u64, Vec<Entry>)>,
    /// Class -> this rank's pending classes that wait for its value.
    waiting: FxHashMap<u64, Vec<u64>>,
    /// Owned class -> other ranks that asked for its value.
    asked_by: FxHashMap<u64, Vec<usize>>,
    /// Other ranks' classes this rank has asked for.
    asked: FxHashSet<u64>,
    outbox: Vec<Vec<u64>>,
    words_sent: u64,
    out: Vec<Entry>,
    bounds: Vec<usize>,
    scratch: OptionScratch,
    /// The rank whose message block is being read.
    current_sender: usize,
    /// Owned classes solved since the last checkpoint chunk (with a
    /// checkpoint only).
    fresh: Option<Vec<(u64, u16)>>,
}

impl Rank<'_> {
    fn value_of(&self, key: u64) -> Option<u16> {
        if owner(key, self.size) == self.me {
            self.memo.get(key)
        } else {
            self.remote.get(key)
        }
    }

    /// Loads the first slot a lookup of `key` reads, so that the lookups
    /// of a class's options overlap their memory latency (returns the slot
    /// to be folded into [`std::hint::black_box`]).
    fn touch(&self, key: u64) -> u32 {
        let m = if owner(key, self.size) == self.me {
            &self.memo.memo
        } else {
            &self.remote.memo
        };
        m.touch(m.start(key))
    }

    fn send(&mut self, to: usize, words: &[u64]) {
        self.words_sent += words.len() as u64;
        self.outbox[to].extend_from_slice(words);
    }

    /// `parent` (owned, about to be pending) needs the value of `child`,
    /// whose entries are `entries`: the value if it is known, else `None`
    /// and the value is delivered to `parent` when it comes.
    fn need(&mut self, child: u64, entries: &[Entry], parent: u64) -> Option<u16> {
        if let Some(v) = self.value_of(child) {
            return Some(v);
        }
        self.waiting.entry(child).or_default().push(parent);
        let o = owner(child, self.size);
        if o == self.me {
            use std::collections::hash_map::Entry::{Occupied, Vacant};
            match self.pending.entry(child) {
                Vacant(e) => {
                    e.insert(None);
                    self.stack.push((child, entries.to_vec()));
                }
                // Queued by another parent but not expanded yet: push it
                // again so that it is expanded next, as a depth-first
                // search would, rather than left deep in the stack while
                // the classes that need it wait (its first pop expands it,
                // the other is skipped). With one rank this never happens;
                // at T = 16 with 4 it lowers the most pending classes per
                // rank by about 6 % and the waiting entries by 20 %.
                Occupied(e) if e.get().is_none() => {
                    self.stack.push((child, entries.to_vec()));
                }
                Occupied(_) => {}
            }
        } else if self.asked.insert(child) {
            let mut words = Vec::with_capacity(entries.len() + 3);
            words.extend([REQUEST, child, entries.len() as u64]);
            words.extend(
                entries
                    .iter()
                    .map(|&(l, m)| u64::from(l) << 32 | u64::from(m)),
            );
            self.send(o, &words);
        }
        None
    }

    /// Expands the owned class `key`.
    fn expand(&mut self, key: u64, entries: &[Entry]) -> Result<()> {
        if is_complete(self.table, entries) {
            return self.solved(key, 0);
        }
        let mut out = std::mem::take(&mut self.out);
        let mut bounds = std::mem::take(&mut self.bounds);
        out.clear();
        options(
            self.table,
            entries,
            &mut out,
            &mut bounds,
            &mut self.scratch,
        );
        if bounds.len() < 2 {
            return Err(Error::CheckFailed {
                what: "distributed monorail solve".into(),
                reason: format!(
                    "the class with key {key:#x} is unfinished but has no move keeping it completable"
                ),
            });
        }
        let mut children: Vec<(u64, usize)> = bounds
            .windows(2)
            .enumerate()
            .map(|(j, w)| (canonical_key(self.table, &out[w[0]..w[1]]), j))
            .collect();
        children.sort_unstable();
        children.dedup_by_key(|c| c.0);
        std::hint::black_box(children.iter().fold(0, |a, &(c, _)| a ^ self.touch(c)));
        let mut missing = 0;
        let mut values = Vec::with_capacity(children.len());
        for &(child, j) in &children {
            match self.need(child, &out[bounds[j]..bounds[j + 1]], key) {
                Some(v) => values.push(v),
                None => missing += 1,
            }
        }
        self.out = out;
        self.bounds = bounds;
        if missing == 0 {
            self.solved(key, mex16(&values))
        } else {
            self.pending.insert(key, Some(Pending { values, missing }));
            Ok(())
        }
    }

    /// Stores an owned class's value and passes it on, finishing every
    /// pending class that waited only for it (a work list, not recursion).
    fn solved(&mut self, key: u64, v: u16) -> Result<()> {
        let mut work = vec![(key, v)];
        while let Some((key, v)) = work.pop() {
            if owner(key, self.size) == self.me {
                self.memo.insert(key, v);
                if let Some(f) = &mut self.fresh {
                    f.push((key, v));
                }
                self.pending.remove(&key);
                for to in self.asked_by.remove(&key).unwrap_or_default() {
                    self.send(to, &[VALUE, key, u64::from(v)]);
                }
            }
            for parent in self.waiting.remove(&key).unwrap_or_default() {
                let done = match self.pending.get_mut(&parent) {
                    Some(Some(p)) => {
                        p.values.push(v);
                        p.missing -= 1;
                        p.missing == 0
                    }
                    _ => {
                        return Err(Error::CheckFailed {
                            what: "distributed monorail solve".into(),
                            reason: format!(
                                "class {parent:#x} waited for {key:#x} but is not pending"
                            ),
                        })
                    }
                };
                if done {
                    if let Some(Some(p)) = self.pending.remove(&parent) {
                        work.push((parent, mex16(&p.values)));
                    }
                }
            }
        }
        Ok(())
    }

    fn receive(&mut self, inbox: &[u64]) -> Result<()> {
        let bad = || Error::CheckFailed {
            what: "distributed monorail solve".into(),
            reason: "a malformed message between ranks".into(),
        };
        let mut i = 0;
        while i < inbox.len() {
            match inbox[i] {
                REQUEST => {
                    let (key, n) = (
                        *inbox.get(i + 1).ok_or_else(bad)?,
                        *inbox.get(i + 2).ok_or_else(bad)?,
                    );
                    let n = usize::try_from(n).map_err(|_| bad())?;
                    let words = inbox.get(i + 3..i + 3 + n).ok_or_else(bad)?;
                    let from = self.current_sender;
                    i += 3 + n;
                    if let Some(v) = self.memo.get(key) {
                        self.send(from, &[VALUE, key, u64::from(v)]);
                        continue;
                    }
                    self.asked_by.entry(key).or_default().push(from);
                    if let std::collections::hash_map::Entry::Vacant(e) = self.pending.entry(key) {
                        let entries = words
                            .iter()
                            .map(|&w| ((w >> 32) as u32, w as u32))
                            .collect();
                        e.insert(None);
                        self.stack.push((key, entries));
                    }
                }
                VALUE => {
                    let key = *inbox.get(i + 1).ok_or_else(bad)?;
                    let v = u16::try_from(*inbox.get(i + 2).ok_or_else(bad)?).map_err(|_| bad())?;
                    i += 3;
                    self.asked.remove(&key);
                    self.remote.insert(key, v);
                    self.solved(key, v)?;
                }
                _ => return Err(bad()),
            }
        }
        Ok(())
    }
}

/// Where a rank keeps what it has solved, so that a killed job resumes:
/// the engine says when (at round boundaries, which every rank reaches
/// together), the dataset layer says how
/// (`grundy_dataset::monorail_rank_checkpoint::RankCheckpoint` writes chunk files
/// and a manifest). The distributed solve's counterpart of
/// [`super::solve::Journal`].
pub trait RankJournal {
    /// At a round boundary (every rank calls it, collectively, through
    /// `t`): when due or `force`, persists `fresh` (classes this rank
    /// solved since its last call that persisted; emptied then) and
    /// commits the boundary for all ranks. Returns whether a boundary was
    /// committed.
    ///
    /// # Errors
    /// The store's and the transport's errors.
    fn boundary(
        &mut self,
        t: &mut dyn Transport,
        fresh: &mut Vec<(u64, u16)>,
        force: bool,
    ) -> Result<bool>;

    /// Bytes this rank has persisted so far.
    fn bytes_written(&self) -> u64;
}

/// Solves the game of `table` from the start on this rank's share; every
/// rank of the group calls it with its own transport (and all with a
/// checkpoint or all without).
///
/// With `checkpoint` (a [`RankJournal`], whose opening gave `known`, the
/// committed classes this rank owns), the rank starts with
/// `known` solved and writes what it solves at the checkpoint's round
/// boundaries, and once more at the end.
///
/// # Errors
/// [`Error::CheckFailed`] if the paper's lemma fails at a class or a
/// message is malformed; the transport's and the checkpoint's errors.
pub fn solve_rank(
    table: &LoopTable,
    t: &mut dyn Transport,
    checkpoint: Option<&mut dyn RankJournal>,
    known: Vec<(u64, u16)>,
) -> Result<RankResult> {
    solve_rank_caching(table, t, checkpoint, known, REMOTE_CACHE)
}

/// [`solve_rank`] with a cache of other ranks' values of `cache` times the
/// rank's expected share of classes (0: the smallest memo there is).
fn solve_rank_caching(
    table: &LoopTable,
    t: &mut dyn Transport,
    mut checkpoint: Option<&mut dyn RankJournal>,
    known: Vec<(u64, u16)>,
    cache: f64,
) -> Result<RankResult> {
    let mut r = Rank::new(table, t.rank(), t.size(), cache, checkpoint.is_some());
    let resumed = known.len();
    let root = r.seed(known);
    let mut rounds = 0u64;
    let mut peak_pending = 0;
    loop {
        r.expand_some()?;
        let sent = r.exchange(t)?;
        rounds += 1;
        if let (Some(c), Some(f)) = (checkpoint.as_mut(), r.fresh.as_mut()) {
            c.boundary(t, f, false)?;
        }
        peak_pending = peak_pending.max(r.pending.len());
        let busy = (r.stack.len() + r.pending.len()) as u64 + sent;
        if t.all_sum(busy)? == 0 {
            break;
        }
    }
    // A last snapshot: a job that fails while gathering or writing resumes
    // with everything solved.
    if let (Some(c), Some(f)) = (checkpoint.as_mut(), r.fresh.as_mut()) {
        c.boundary(t, f, true)?;
    }
    let start_nimber = r.start_nimber(t, root)?;
    let checkpoint_bytes = checkpoint.map_or(0, |c| c.bytes_written());
    Ok(r.into_result(
        start_nimber,
        rounds,
        resumed,
        checkpoint_bytes,
        peak_pending,
    ))
}

/// Frames each rank's outgoing words as one block prefixed with its
/// sender `me` and its length, so requests know whom to answer (an empty
/// outbox stays empty).
fn framed(outbox: Vec<Vec<u64>>, me: usize) -> Vec<Vec<u64>> {
    outbox
        .into_iter()
        .map(|mut o| {
            if o.is_empty() {
                o
            } else {
                let mut f = Vec::with_capacity(o.len() + 2);
                f.extend([me as u64, o.len() as u64]);
                f.append(&mut o);
                f
            }
        })
        .collect()
}

impl<'a> Rank<'a> {
    /// Rank `me` of `size`, with nothing solved, its memo sized for its
    /// share of the start position's classes and its cache of other ranks'
    /// values for `cache` times that share; keeping fresh classes when
    /// `checkpointing`.
    fn new(table: &'a LoopTable, me: usize, size: usize, cache: f64, checkpointing: bool) -> Self {
        // The measured class count of the start position's game (a board's
        // root, with fewer, only wastes memo slots that are never touched).
        let expected = super::cost::start_classes(max_tiles(table) as usize).unwrap_or(1024.0);
        // Each rank owns about 1/size of the classes. It receives the values
        // of more of the others' (up to c per owned class, c the options of
        // a class), but keeps them only in a cache of `cache` times its
        // share.
        let share = expected / size as f64;
        Rank {
            table,
            me,
            size,
            memo: RankMemo::new(table, share),
            remote: RemoteCache::new(table, if size > 1 { share * cache } else { 0.0 }),
            pending: FxHashMap::default(),
            stack: Vec::new(),
            waiting: FxHashMap::default(),
            asked_by: FxHashMap::default(),
            asked: FxHashSet::default(),
            outbox: vec![Vec::new(); size],
            words_sent: 0,
            out: Vec::new(),
            bounds: Vec::new(),
            scratch: OptionScratch::default(),
            current_sender: 0,
            fresh: checkpointing.then(Vec::new),
        }
    }

    /// Stores the `known` classes (from a checkpoint) and queues the start
    /// position if this rank owns it and it is not among them; returns the
    /// start's canonical key.
    fn seed(&mut self, known: Vec<(u64, u16)>) -> u64 {
        for (key, v) in known {
            self.memo.insert(key, v);
        }
        let root_entries = start(self.table);
        let root = canonical_key(self.table, &root_entries);
        if owner(root, self.size) == self.me && self.memo.get(root).is_none() {
            self.pending.insert(root, None);
            self.stack.push((root, root_entries));
        }
        root
    }

    /// One round's expansions: pops queued classes, last in first out,
    /// expanding each still queued, until [`EXPANSIONS`] are done or the
    /// stack is empty.
    fn expand_some(&mut self) -> Result<()> {
        let mut expanded = 0;
        while expanded < EXPANSIONS {
            let Some((key, entries)) = self.stack.pop() else {
                break;
            };
            if matches!(self.pending.get(&key), Some(None)) {
                self.expand(key, &entries)?;
                expanded += 1;
            }
        }
        Ok(())
    }

    /// One exchange: sends the outbox to every rank through `t` and reads
    /// what they sent. Returns the words this rank sent.
    fn exchange(&mut self, t: &mut dyn Transport) -> Result<u64> {
        let outbox = std::mem::replace(&mut self.outbox, vec![Vec::new(); self.size]);
        let sent: u64 = outbox.iter().map(|o| o.len() as u64).sum();
        let inbox = t.all_to_all(framed(outbox, self.me))?;
        let mut i = 0;
        while i + 2 <= inbox.len() {
            let (from, n) = (inbox[i] as usize, inbox[i + 1] as usize);
            let block = inbox
                .get(i + 2..i + 2 + n)
                .ok_or_else(|| Error::CheckFailed {
                    what: "distributed monorail solve".into(),
                    reason: "a truncated message block between ranks".into(),
                })?;
            self.current_sender = from;
            self.receive(block)?;
            i += 2 + n;
        }
        Ok(sent)
    }

    /// The start position's nimber on every rank: its owner's value summed
    /// over the ranks through `t` (the others add 0).
    fn start_nimber(&self, t: &mut dyn Transport, root: u64) -> Result<u16> {
        let start_nimber = if owner(root, self.size) == self.me {
            self.memo.get(root).map_or(u64::MAX, u64::from)
        } else {
            0
        };
        u16::try_from(t.all_sum(start_nimber)?).map_err(|_| Error::CheckFailed {
            what: "distributed monorail solve".into(),
            reason: "the start position was not solved".into(),
        })
    }

    /// What the rank ends with, after the search; the cache of other
    /// ranks' values is freed before the peak memory is read.
    fn into_result(
        self,
        start_nimber: u16,
        rounds: u64,
        resumed: usize,
        checkpoint_bytes: u64,
        peak_pending: usize,
    ) -> RankResult {
        let Rank {
            memo,
            remote,
            words_sent,
            ..
        } = self;
        let (remote_received, remote_cached, remote_cache_bytes, remote_flushes) =
            (remote.received, remote.peak, remote.bytes(), remote.flushes);
        // Only the rank's own classes are needed now: free the rest before
        // listing them.
        drop(remote);
        RankResult {
            memo: memo.memo,
            start_nimber,
            rounds,
            words_sent,
            resumed,
            checkpoint_bytes,
            remote_received,
            remote_cached,
            remote_cache_bytes,
            remote_flushes,
            peak_pending,
        }
    }
}

/// Runs `ranks` ranks as threads of this process ([`crate::monorail::transport::LocalTransport`])
/// and returns every rank's result, rank 0 first.
///
/// # Errors
/// The first rank's error.
pub fn solve_local(table: &LoopTable, ranks: usize) -> Result<Vec<RankResult>> {
    solve_local_caching(table, ranks, REMOTE_CACHE)
}

/// [`solve_local`] with a cache as [`solve_rank_caching`]'s.
fn solve_local_caching(table: &LoopTable, ranks: usize, cache: f64) -> Result<Vec<RankResult>> {
    let group = super::transport::LocalTransport::group(ranks);
    std::thread::scope(|s| {
        let handles: Vec<_> = group
            .into_iter()
            .map(|mut t| {
                s.spawn(move || solve_rank_caching(table, &mut t, None, Vec::new(), cache))
            })
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| {
                    Err(Error::CheckFailed {
                        what: "distributed monorail solve".into(),
                        reason: "a rank panicked".into(),
                    })
                })
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::gather::gather_memo_in;
    use super::*;
    use crate::monorail::memo_size::memo_for;
    use crate::monorail::rules::Rules;
    use crate::monorail::solve::solve;
    use crate::monorail::solved::Solved;
    use grundy_core::progress::NoProgress;

    /// The loop table of T = `t`, its single-process solve, and that
    /// solve's classes ascending by key: what every test here compares with.
    fn single_process(t: usize) -> (LoopTable, Solved, Vec<(u64, u16)>) {
        let table = LoopTable::new(&Rules::new(t).unwrap());
        let single = solve(&table, &NoProgress).unwrap();
        let mut classes = single.positions();
        classes.sort_unstable();
        (table, single, classes)
    }

    #[test]
    fn owners_spread_keys() {
        let mut counts = [0usize; 4];
        for k in 0..40_000u64 {
            counts[owner(k << 7, 4)] += 1;
        }
        assert!(
            counts.iter().all(|&c| (9_000..11_000).contains(&c)),
            "{counts:?}"
        );
    }

    /// 1 to 4 ranks, with the default cache of other ranks' values and
    /// with the smallest (emptied many times at T = 12): the ranks'
    /// shares, gathered and sorted, are the single-process table exactly,
    /// and every rank holds only its own.
    #[test]
    fn any_number_of_ranks_gives_the_single_process_table() {
        let mut flushes = 0;
        for t in [6, 8, 10, 12] {
            let (table, single, want) = single_process(t);
            // The smallest cache (emptied many times) and the default.
            for (ranks, cache) in (1..=4).flat_map(|k| [(k, 0.0), (k, REMOTE_CACHE)]) {
                let results = solve_local_caching(&table, ranks, cache).unwrap();
                let mut all = Vec::new();
                for (i, r) in results.iter().enumerate() {
                    assert_eq!(
                        r.start_nimber, single.start_nimber,
                        "T = {t}, {ranks} ranks"
                    );
                    flushes += r.remote_flushes;
                    let classes = r.classes();
                    assert!(classes.iter().all(|&(k, _)| owner(k, ranks) == i));
                    all.extend_from_slice(&classes);
                }
                all.sort_unstable();
                assert_eq!(all, want, "T = {t}, {ranks} ranks");
                let rebuilt = crate::monorail::solved::Solved::from_classes(&table, &all).unwrap();
                assert_eq!(rebuilt.start_nimber, single.start_nimber);
                let keys = |s: &crate::monorail::solved::Solved| {
                    s.start_options
                        .iter()
                        .map(|o| (o.canonical_key, o.nimber))
                        .collect::<Vec<_>>()
                };
                assert_eq!(keys(&rebuilt), keys(&single));
            }
        }
        assert!(
            flushes > 10,
            "the smallest cache was emptied {flushes} times"
        );
    }

    /// Rank 0 gathers every rank's classes into one memo, in exchanges of
    /// a few records (many rounds, ranks running out at different ones):
    /// the single-process table exactly; the other ranks get `None`.
    #[test]
    fn gather_brings_every_share_to_rank_0() {
        let (table, _, want) = single_process(8);
        for (ranks, records) in [(1, 5), (3, 7), (4, 1_000_000)] {
            let group = crate::monorail::transport::LocalTransport::group(ranks);
            let table = &table;
            let results: Vec<_> = std::thread::scope(|s| {
                let handles: Vec<_> = group
                    .into_iter()
                    .enumerate()
                    .map(|(r, mut t)| {
                        let share: Vec<(u64, u16)> = want
                            .iter()
                            .copied()
                            .filter(|&(k, _)| owner(k, ranks) == r)
                            .collect();
                        s.spawn(move || {
                            let memo = memo_for(table, share.len() as f64);
                            memo.insert_batch(&share);
                            gather_memo_in(&mut t, table, memo, records).unwrap()
                        })
                    })
                    .collect();
                handles.into_iter().map(|h| h.join().unwrap()).collect()
            });
            let mut got = Vec::new();
            memo_records(results[0].as_ref().unwrap(), 0, usize::MAX, |k, v| {
                got.push((k, v))
            });
            got.sort_unstable();
            assert_eq!(got, want, "{ranks} ranks, {records} records an exchange");
            assert!(results[1..].iter().all(Option::is_none));
        }
    }

    /// A class sent by two ranks is refused rather than counted once.
    #[test]
    fn gather_refuses_a_class_owned_twice() {
        let (table, _, records) = single_process(8);
        let group = crate::monorail::transport::LocalTransport::group(2);
        let (table, records) = (&table, &records);
        let results: Vec<_> = std::thread::scope(|s| {
            let handles: Vec<_> = group
                .into_iter()
                .map(|mut t| {
                    s.spawn(move || {
                        let memo = memo_for(table, records.len() as f64);
                        memo.insert_batch(&records[..10]);
                        gather_memo_in(&mut t, table, memo, 4)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let Err(err) = &results[0] else {
            panic!("rank 0 gathered a class twice")
        };
        let err = err.to_string();
        assert!(err.contains("own 20 classes but 10 distinct"), "{err}");
    }
}
