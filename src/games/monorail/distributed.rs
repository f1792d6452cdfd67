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
//! A rank's values are in two compact memos ([`CompactMemo`], four bytes a
//! slot): its own classes', and every value another rank sent it, kept for
//! the rest of the run (with few ranks that is most of the table; see
//! `reports/monorail-distributed.md`).
//!
//! Whatever the number of ranks, the classes solved and their nimbers are
//! those of the single-process solve (tested for 1 to 4 ranks); the ranks'
//! shares, gathered and sorted, are its table exactly.
//!
//! **Checkpoints** ([`crate::dataset::rank_checkpoint`]): with one, every
//! rank also keeps the classes it solved since its last chunk, and at
//! common round boundaries (rank 0's clock) writes them; a resubmitted job
//! starts with the committed snapshot's classes in the memo.
//!
//! Messages are 64-bit words: `REQUEST key n e_1 .. e_n` (an entry packed
//! as `loop << 32 | mask`) and `VALUE key nimber`.

use super::memo::CompactMemo;
use super::search::{canonical_key, is_complete, options, start, Entry, OptionScratch};
use super::solve::{grown, max_tiles, memo_for, mex16};
use super::table::LoopTable;
use super::transport::Transport;
use crate::dataset::rank_checkpoint::RankCheckpoint;
use crate::error::{Error, Result};
use rustc_hash::{FxHashMap, FxHashSet};

/// Most expansions a rank makes per round.
pub const EXPANSIONS: usize = 4096;

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

/// A rank's classes and their nimbers in a [`CompactMemo`] (four bytes a
/// slot, against some twenty for a hash map), rebuilt larger when it fills
/// or a nimber outgrows its value field.
struct RankMemo<'a> {
    table: &'a LoopTable,
    memo: CompactMemo,
}

impl<'a> RankMemo<'a> {
    /// A memo sized for about `classes` classes.
    fn new(table: &'a LoopTable, classes: f64) -> RankMemo<'a> {
        RankMemo {
            table,
            memo: memo_for(table, classes),
        }
    }

    fn get(&self, key: u64) -> Option<u16> {
        self.memo.get(key)
    }

    fn insert(&mut self, key: u64, v: u16) {
        self.memo.insert(key, v);
        while self.memo.is_full() || self.memo.overflowed() {
            // More slots leave fewer bits to the quotient and more to the
            // nimber; a key already stored keeps its value.
            let factor = if self.memo.overflowed() { 4 } else { 2 };
            self.memo = grown(self.table, &self.memo, factor);
            self.memo.insert(key, v);
        }
    }

    fn len(&self) -> usize {
        usize::try_from(self.memo.len()).unwrap_or(usize::MAX)
    }

    /// Every class with its nimber, ascending by key.
    fn sorted(&self) -> Vec<(u64, u16)> {
        let mut all: Vec<(u64, u16)> = Vec::with_capacity(self.len());
        all.extend((0..self.memo.slots() as usize).filter_map(|i| self.memo.entry(i)));
        all.sort_unstable();
        all
    }
}

/// A class expanded and waiting for its options' values.
struct Pending {
    children: Vec<u64>,
    missing: usize,
}

/// What one rank ends with.
#[derive(Debug)]
pub struct RankResult {
    /// The classes this rank owns with their nimbers, ascending by key.
    pub classes: Vec<(u64, u16)>,
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
    /// Values of other ranks' classes this rank received (and kept).
    pub remote_values: usize,
    /// Most owned classes queued or waiting for values at a round's end.
    pub peak_pending: usize,
    /// This process's peak resident memory in MiB when the search ended,
    /// before its classes were listed (Linux only; with ranks as threads,
    /// all of them together).
    pub search_peak_mib: Option<f64>,
}

struct Rank<'a> {
    table: &'a LoopTable,
    me: usize,
    size: usize,
    /// Owned classes solved.
    memo: RankMemo<'a>,
    /// Values of other ranks' classes received.
    remote: RankMemo<'a>,
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

    fn send(&mut self, to: usize, words: &[u64]) {
        self.words_sent += words.len() as u64;
        self.outbox[to].extend_from_slice(words);
    }

    /// `parent` (owned, pending) needs the value of `child`, whose entries
    /// are `entries`. Returns whether the value is already known.
    fn need(&mut self, child: u64, entries: &[Entry], parent: u64) -> bool {
        if self.value_of(child).is_some() {
            return true;
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
        false
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
            return Err(Error::VerificationFailed {
                path: "distributed monorail solve".into(),
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
        let mut missing = 0;
        for &(child, j) in &children {
            if !self.need(child, &out[bounds[j]..bounds[j + 1]], key) {
                missing += 1;
            }
        }
        let children: Vec<u64> = children.into_iter().map(|c| c.0).collect();
        self.out = out;
        self.bounds = bounds;
        if missing == 0 {
            self.finish(key, &children)
        } else {
            self.pending
                .insert(key, Some(Pending { children, missing }));
            Ok(())
        }
    }

    fn finish(&mut self, key: u64, children: &[u64]) -> Result<()> {
        let v = self.mex_of(key, children)?;
        self.solved(key, v)
    }

    /// The mex of the values of `children`, the options of `key`.
    ///
    /// # Errors
    /// [`Error::VerificationFailed`] if one is not known yet (a bug).
    fn mex_of(&self, key: u64, children: &[u64]) -> Result<u16> {
        let values = children
            .iter()
            .map(|&c| self.value_of(c))
            .collect::<Option<Vec<u16>>>()
            .ok_or_else(|| Error::VerificationFailed {
                path: "distributed monorail solve".into(),
                reason: format!("class {key:#x} was finished with an option's value unknown"),
            })?;
        Ok(mex16(&values))
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
                        p.missing -= 1;
                        p.missing == 0
                    }
                    _ => false,
                };
                if done {
                    if let Some(Some(p)) = self.pending.remove(&parent) {
                        work.push((parent, self.mex_of(parent, &p.children)?));
                    }
                }
            }
        }
        Ok(())
    }

    fn receive(&mut self, inbox: &[u64]) -> Result<()> {
        let bad = || Error::VerificationFailed {
            path: "distributed monorail solve".into(),
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

/// Solves the game of `table` from the start on this rank's share; every
/// rank of the group calls it with its own transport (and all with a
/// checkpoint or all without).
///
/// With `checkpoint` (opened by [`RankCheckpoint::open`], which gave
/// `known`, the committed classes this rank owns), the rank starts with
/// `known` solved and writes what it solves at the checkpoint's round
/// boundaries, and once more at the end.
///
/// # Errors
/// [`Error::VerificationFailed`] if the paper's lemma fails at a class or a
/// message is malformed; the transport's and the checkpoint's errors.
pub fn solve_rank(
    table: &LoopTable,
    t: &mut dyn Transport,
    mut checkpoint: Option<&mut RankCheckpoint>,
    known: Vec<(u64, u16)>,
) -> Result<RankResult> {
    let size = t.size();
    let me = t.rank();
    // The measured class count of the start position's game (a board's
    // root, with fewer, only wastes memo slots that are never touched).
    let expected = super::cost::start_classes(max_tiles(table) as usize).unwrap_or(1024.0);
    // Each rank owns about 1/size of the classes. It receives the values of
    // more of the others' (up to c per owned class, c the options of a
    // class): that memo starts as large and grows as it fills.
    let share = expected / size as f64;
    let mut r = Rank {
        table,
        me,
        size,
        memo: RankMemo::new(table, share),
        remote: RankMemo::new(table, if size > 1 { share } else { 0.0 }),
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
        fresh: checkpoint.is_some().then(Vec::new),
    };
    let resumed = known.len();
    for (key, v) in known {
        r.memo.insert(key, v);
    }
    let root_entries = start(table);
    let root = canonical_key(table, &root_entries);
    if owner(root, size) == me && r.memo.get(root).is_none() {
        r.pending.insert(root, None);
        r.stack.push((root, root_entries));
    }
    let mut rounds = 0u64;
    let mut peak_pending = 0;
    loop {
        let mut expanded = 0;
        while expanded < EXPANSIONS {
            let Some((key, entries)) = r.stack.pop() else {
                break;
            };
            if matches!(r.pending.get(&key), Some(None)) {
                r.expand(key, &entries)?;
                expanded += 1;
            }
        }
        let outbox = std::mem::replace(&mut r.outbox, vec![Vec::new(); size]);
        let sent: u64 = outbox.iter().map(|o| o.len() as u64).sum();
        // Each block is prefixed with its sender, so requests know whom to
        // answer.
        let framed: Vec<Vec<u64>> = outbox
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
            .collect();
        let inbox = t.all_to_all(framed)?;
        rounds += 1;
        let mut i = 0;
        while i + 2 <= inbox.len() {
            let (from, n) = (inbox[i] as usize, inbox[i + 1] as usize);
            let block = inbox
                .get(i + 2..i + 2 + n)
                .ok_or_else(|| Error::VerificationFailed {
                    path: "distributed monorail solve".into(),
                    reason: "a truncated message block between ranks".into(),
                })?;
            r.current_sender = from;
            r.receive(block)?;
            i += 2 + n;
        }
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
    let start_nimber = if owner(root, size) == me {
        r.memo.get(root).map_or(u64::MAX, u64::from)
    } else {
        0
    };
    let start_nimber =
        u16::try_from(t.all_sum(start_nimber)?).map_err(|_| Error::VerificationFailed {
            path: "distributed monorail solve".into(),
            reason: "the start position was not solved".into(),
        })?;
    let Rank {
        memo,
        remote,
        words_sent,
        ..
    } = r;
    let remote_values = remote.len();
    // Only the rank's own classes are needed now: free the rest before
    // listing them.
    drop(remote);
    let search_peak_mib = crate::progress::peak_mib();
    let classes = memo.sorted();
    Ok(RankResult {
        classes,
        start_nimber,
        rounds,
        words_sent,
        resumed,
        checkpoint_bytes: checkpoint.map_or(0, |c| c.bytes_written),
        remote_values,
        peak_pending,
        search_peak_mib,
    })
}

/// Gathers every rank's classes on rank 0 (in one exchange): rank 0 gets
/// all of them, ascending by key; the others `None`.
///
/// Rank 0 keeps its own share where it is and sends itself nothing; the
/// others' shares arrive as words and are appended to it, so the table is
/// held about twice at most, never once more per copy made on the way.
///
/// # Errors
/// The transport's errors; [`Error::VerificationFailed`] for a malformed
/// record.
pub fn gather_classes(
    t: &mut dyn Transport,
    classes: Vec<(u64, u16)>,
) -> Result<Option<Vec<(u64, u16)>>> {
    let mut outbox = vec![Vec::new(); t.size()];
    let mut all = if t.rank() == 0 {
        classes
    } else {
        outbox[0] = classes
            .iter()
            .flat_map(|&(k, v)| [k, u64::from(v)])
            .collect();
        drop(classes);
        Vec::new()
    };
    let inbox = t.all_to_all(outbox)?;
    if t.rank() != 0 {
        return Ok(None);
    }
    if inbox.len() % 2 != 0 {
        return Err(Error::VerificationFailed {
            path: "distributed monorail solve".into(),
            reason: "a gathered record is truncated".into(),
        });
    }
    all.reserve_exact(inbox.len() / 2);
    for w in inbox.chunks_exact(2) {
        let v = u16::try_from(w[1]).map_err(|_| Error::VerificationFailed {
            path: "distributed monorail solve".into(),
            reason: "a gathered nimber does not fit 16 bits".into(),
        })?;
        all.push((w[0], v));
    }
    drop(inbox);
    all.sort_unstable();
    Ok(Some(all))
}

/// Runs `ranks` ranks as threads of this process ([`super::transport::LocalTransport`])
/// and returns every rank's result, rank 0 first.
///
/// # Errors
/// The first rank's error.
pub fn solve_local(table: &LoopTable, ranks: usize) -> Result<Vec<RankResult>> {
    let group = super::transport::LocalTransport::group(ranks);
    std::thread::scope(|s| {
        let handles: Vec<_> = group
            .into_iter()
            .map(|mut t| s.spawn(move || solve_rank(table, &mut t, None, Vec::new())))
            .collect();
        handles
            .into_iter()
            .map(|h| {
                h.join().unwrap_or_else(|_| {
                    Err(Error::VerificationFailed {
                        path: "distributed monorail solve".into(),
                        reason: "a rank panicked".into(),
                    })
                })
            })
            .collect()
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::monorail::rules::Rules;
    use crate::games::monorail::solve::solve;
    use crate::progress::NoProgress;

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

    /// 1 to 4 ranks: the ranks' shares, gathered and sorted, are the
    /// single-process table exactly, and every rank holds only its own.
    #[test]
    fn any_number_of_ranks_gives_the_single_process_table() {
        for t in [6, 8, 10, 12] {
            let rules = Rules::new(t).unwrap();
            let table = LoopTable::new(&rules);
            let single = solve(&table, &NoProgress).unwrap();
            let mut want = single.positions();
            want.sort_unstable();
            for ranks in 1..=4 {
                let results = solve_local(&table, ranks).unwrap();
                let mut all = Vec::new();
                for (i, r) in results.iter().enumerate() {
                    assert_eq!(
                        r.start_nimber, single.start_nimber,
                        "T = {t}, {ranks} ranks"
                    );
                    assert!(r.classes.iter().all(|&(k, _)| owner(k, ranks) == i));
                    all.extend_from_slice(&r.classes);
                }
                all.sort_unstable();
                assert_eq!(all, want, "T = {t}, {ranks} ranks");
                let rebuilt =
                    crate::games::monorail::solve::Solved::from_classes(&table, &all).unwrap();
                assert_eq!(rebuilt.start_nimber, single.start_nimber);
                let keys = |s: &crate::games::monorail::solve::Solved| {
                    s.start_options
                        .iter()
                        .map(|o| (o.canonical_key, o.nimber))
                        .collect::<Vec<_>>()
                };
                assert_eq!(keys(&rebuilt), keys(&single));
            }
        }
    }

    /// Rank 0 gets every rank's classes, its own kept in place, ascending
    /// by key; the others get `None`.
    #[test]
    fn gather_brings_every_share_to_rank_0() {
        let group = crate::games::monorail::transport::LocalTransport::group(3);
        let shares: Vec<Vec<(u64, u16)>> = (0..3u64)
            .map(|r| {
                (0..5u64)
                    .map(|i| (i * 3 + r, (r * 10 + i) as u16))
                    .collect()
            })
            .collect();
        let results: Vec<_> = std::thread::scope(|s| {
            let handles: Vec<_> = group
                .into_iter()
                .zip(shares.clone())
                .map(|(mut t, share)| s.spawn(move || gather_classes(&mut t, share).unwrap()))
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        });
        let mut want: Vec<(u64, u16)> = shares.concat();
        want.sort_unstable();
        assert_eq!(results[0].as_deref(), Some(&want[..]));
        assert!(results[1].is_none() && results[2].is_none());
    }

    /// A transport that fails on every rank at the same collective call,
    /// as a job killed part-way.
    struct FailAt {
        inner: crate::games::monorail::transport::LocalTransport,
        calls: usize,
        fail_at: usize,
    }

    impl Transport for FailAt {
        fn rank(&self) -> usize {
            self.inner.rank()
        }
        fn size(&self) -> usize {
            self.inner.size()
        }
        fn all_to_all(&mut self, outbox: Vec<Vec<u64>>) -> Result<Vec<u64>> {
            self.calls += 1;
            if self.calls == self.fail_at {
                return Err(Error::VerificationFailed {
                    path: "test".into(),
                    reason: "killed".into(),
                });
            }
            self.inner.all_to_all(outbox)
        }
        fn all_sum(&mut self, value: u64) -> Result<u64> {
            self.inner.all_sum(value)
        }
    }

    /// Runs `ranks` ranks with a checkpoint in `dir` (a boundary every
    /// round), failing them all at the `fail_at`-th exchange if not 0.
    fn run_checkpointed(
        table: &LoopTable,
        dir: &std::path::Path,
        ranks: usize,
        fail_at: usize,
    ) -> Vec<Result<RankResult>> {
        let group = crate::games::monorail::transport::LocalTransport::group(ranks);
        std::thread::scope(|s| {
            let handles: Vec<_> = group
                .into_iter()
                .map(|inner| {
                    s.spawn(move || {
                        let mut t = FailAt {
                            inner,
                            calls: 0,
                            fail_at,
                        };
                        let (mut c, known) = RankCheckpoint::open(
                            dir,
                            12,
                            table.len() as u64,
                            t.rank(),
                            ranks,
                            std::time::Duration::ZERO,
                        )?;
                        solve_rank(table, &mut t, Some(&mut c), known)
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join().unwrap()).collect()
        })
    }

    /// A job killed part-way resumes from its checkpoint, with the same or
    /// another number of ranks, and ends with the single-process table.
    #[test]
    fn a_killed_job_resumes_from_its_checkpoint() {
        let table = LoopTable::new(&Rules::new(12).unwrap());
        let single = solve(&table, &NoProgress).unwrap();
        let mut want = single.positions();
        want.sort_unstable();
        for (first, second) in [(3, 3), (3, 2), (1, 4)] {
            let dir = tempfile::tempdir().unwrap();
            // With a boundary every round, a round makes two exchanges:
            // fail half-way.
            let rounds = solve_local(&table, first).unwrap()[0].rounds as usize;
            assert!(rounds >= 4, "{rounds} rounds");
            let killed = run_checkpointed(&table, dir.path(), first, rounds);
            assert!(
                killed.iter().all(|r| r.is_err()),
                "{first} ranks were not stopped"
            );
            // Chunks written after the last commit would be deleted; the
            // committed ones are read back.
            let results = run_checkpointed(&table, dir.path(), second, 0);
            let mut all = Vec::new();
            let mut resumed = 0;
            for r in results {
                let r = r.unwrap();
                assert_eq!(r.start_nimber, single.start_nimber);
                resumed += r.resumed;
                all.extend_from_slice(&r.classes);
            }
            all.sort_unstable();
            assert!(resumed > 0, "{first} then {second} ranks: nothing resumed");
            assert!(resumed < want.len());
            assert_eq!(all, want, "{first} then {second} ranks");
        }
    }
}
