//! The fast engine: the rare/common ("sparse space") split of Berlekamp
//! (Winning Ways ch. 4), Gangolli and Plambeck (1989) and Flammenkamp, with
//! a vectorised targeted scan where a full scan cannot be avoided.
//!
//! Fix a mask `M` and call a value `v` *rare* when `v & M` has an even
//! number of bits, *common* otherwise. Parity is linear under nim-sum, so
//! common ⊕ common and rare ⊕ rare are rare, rare ⊕ common is common. In
//! many octal games almost every heap size has a common value. The options
//! of heap `n` that split `n − k` into `a + b` then fall into two kinds:
//!
//! 1. pairs with a rare member: few, all enumerated through the list of
//!    rare heap sizes; these give every common option value;
//! 2. common–common pairs: many, but their values are rare.
//!
//! So the smallest common value missing from kind 1, `c`, is the candidate
//! answer, and only the rare values below `c` need looking for among the
//! common–common pairs. Each such search stops at its first hit, which
//! usually comes early; only the value that really is missing costs a full
//! scan. The answer is exact for every mask; the mask only changes speed.
//!
//! Two shortcuts make sparse mode fast without changing a value or
//! [`Stats::work`] (a test runs both ways): the pairs with a rare member
//! of 1,024 split sets at a time are entered at once
//! ([`crate::octal::engine::rare_batch`]), and a step that reads one split set no other
//! heap reads (0.6, Grundy's game) scatters a round or two of pairs, then
//! looks for the values still pending together (`single_set`), charging the
//! work the general path's rounds would have.
//!
//! The mask is chosen from the histogram of values so far, by a
//! Walsh–Hadamard transform: the number of heap sizes with rare value under
//! `M` is `(N + F(M)) / 2`, `F` the transform of the histogram.
//!
//! **Parity keys.** When every split removes a number of tokens of one
//! parity (0.127 removes 3; 4.3 removes 0), the mask classifies the key
//! `2 G(n) + (n mod 2)` instead of the value (the function `key`), and the common
//! heap sizes may be those of even key parity (`common_parity`). This is
//! the linear form of the "RC2" split of P. Beling's ogsolve (crates.io
//! `ogs`): a game whose values follow the parity of the heap, as 4.3's
//! 0, 2, 0, 2, …, gets a sparse space it has not as values alone.
//!
//! **Full mode.** When no mask makes rare values rare (as in 0.06, 0.76 or
//! Treblecross, 0.007, before n ≈ 540,000), each step needs, for every
//! value below the answer, a split with that value, and a scan of all
//! splits for the answer itself. The engine scatters some pairs of each
//! `m`, half from each end of `1..=m/2` (16 per possible value, 1,024 to
//! 131,072 pairs), then, for each value not yet seen in increasing order,
//! scans the unscattered middle for it from both sides, block by block (the
//! comparison vectorises), stopping at the first hit; a hit near a
//! scattered end extends the scatter to it. Small nim-sums turn up among
//! balanced splits and large ones among unbalanced splits (see
//! [`crate::octal::engine::splits`]), so both ends find every value sooner than one does.
//! What is learnt of each `m` is kept in a cache ([`crate::octal::engine::splits`]) for
//! the next steps that split the same `m` (every step of 0.76 splits `n − 1`
//! and `n − 2`), so each `m` is scattered once. The pairs are read through
//! a forwards-and-backwards copy of the sequence ([`crate::octal::engine::pairs`]).
//!
//! **Two heaps at a time.** Where `G(n + 1)` reads `G(n)` only as one
//! option (Officers), a twin engine on a second thread computes heap
//! `n + 1` without it while heap `n` is computed, and keeps the value
//! unless `G(n)` is the one value that would change it
//! ([`SparseEngine::speculate`], [`crate::octal::engine::paired`]).
//!
//! Moves leaving three heaps (hexadecimal codes) are enumerated plainly.
//!
//! **Unequal heaps** (`!`, as in Grundy's game `4!.0`): when every
//! two-heap split of the code carries `!`, the split set is
//! `S(m) = {G(a) ⊕ G(m − a) : 1 ≤ a ≤ (m − 1)/2}`, and everything above
//! runs with that upper end (`Shared::half`); a rare heap size `r` with
//! `2r = m` is skipped. When only some splits carry `!`, those are
//! enumerated plainly.

mod state;
mod step;

use crate::octal::engine::pairs::{Mirror, Pairs};
use crate::octal::engine::splits::{self, SplitCache};
use crate::octal::engine::values::Value;
use crate::octal::theory::code::OctalCode;

pub use state::Stats;
use state::{common_parity, key, parity, Shared, Worker};
use step::{begin, compute, sparse_step, splits_read};

/// Review the mask when `n` reaches these sizes times powers of two.
const FIRST_REVIEW: usize = 256;
/// After the first reviews (at doubling sizes), review this often.
const REVIEW_EVERY: usize = 1 << 14;
/// Sparse mode needs at most this fraction (1/x) of heap sizes rare.
const RARE_FRACTION: usize = 24;
/// Pairs scattered at most before targeted scans in full mode (with at
/// most [`PREFIX_PER_VALUE`] per possible value, so this bound matters only
/// once values reach 8,192: 0.604 and 0.036 to n = 600,000 take 10 to 25 %
/// less time than with 32,768).
const FULL_PREFIX: usize = 131_072;
/// At most this many pairs per possible value are scattered first.
const PREFIX_PER_VALUE: usize = 16;
/// But at least this many (or all of them).
const MIN_PREFIX: usize = 1024;
/// Pairs scattered at most before targeted scans in sparse mode.
const SPARSE_PREFIX: usize = 2048;
/// Heap sizes from which two values are computed at once on two threads,
/// when the code allows it (see [`SparseEngine::lag`] and, for codes of
/// lag 1 such as Officers, [`SparseEngine::pairable`]).
const PARALLEL_FROM: usize = 4096;

/// Pairs of the first round of scattering in sparse mode; each round
/// doubles.
const FIRST_ROUND: usize = 64;
/// In a step reading one split set, rounds of scattering stop once at
/// most this many values are pending; they are then looked for together
/// (16 was 4 % slower on 0.6 to 2^22, 4 no faster).
const FEW_PENDING: usize = 8;
// Every round of scattering ends at a block end of `Pairs::find_all`.
const _: () = assert!(FIRST_ROUND % crate::octal::engine::pairs::FIND_BLOCK == 0);

/// Split sets whose rare pairs are entered at once ([`RareBatch`]): on
/// 0.6 to 2^22, 1,024 beat 256 (9.3 s against 9.8 s on one thread; fewer
/// joins on two) and 2,048 (11.5 s: the rows leave the cache).
const BATCH_ROWS: usize = 1024;
/// Rare heap sizes from which batches pay.
const BATCH_MIN_RARE: usize = 64;

/// Work units of a heap size's fixed costs ([`Stats::work`]).
pub const STEP_WORK: u64 = 400;
/// Work units of a pair entered one by one (a rare pair, a pair scattered
/// in sparse mode): four times a pair compared in a vectorised scan, as
/// measured on 0.354, 0.6 and Grundy's game against 0.604 and 0.764.
pub const PAIR_WORK: u64 = 4;

/// The fast engine's state for one code. Feed it the sequence so far with
/// [`SparseEngine::next_values`] or [`SparseEngine::next_value`].
#[derive(Clone, Debug)]
pub struct SparseEngine {
    shared: Shared,
    hist: Vec<u64>,
    next_review: usize,
    lag: usize,
    /// The largest `k` of a two-heap split (0 if there is none).
    max_split: usize,
    /// Pairs scattered when a split set is first read in full mode.
    prefix: usize,
    splits: SplitCache,
    /// The values so far in 16 bits, forwards and backwards
    /// ([`crate::octal::engine::pairs`]).
    mirror: Mirror,
    workers: [Worker; 2],
    /// The marks of a speculated heap's rare pairs, to restore its split
    /// set when the guess fails ([`SparseEngine::settle`]).
    snapshot: Vec<u8>,
    /// Guesses settled: how many stood, how many did not.
    guesses: [u64; 2],
}

/// A heap's value computed before the value of the heap below it was
/// known ([`SparseEngine::speculate`]); [`SparseEngine::settle`] tells
/// whether it stands.
#[derive(Clone, Copy, Debug)]
pub struct Guess {
    /// The heap size.
    heap: usize,
    /// The split set it read.
    m: usize,
    value: u32,
    candidate: u32,
    cap: u32,
    /// The counters before the guess.
    before: Stats,
    /// The split set's rare pairs were entered by the guess.
    fresh: bool,
}

impl SparseEngine {
    /// A fresh engine for `code`.
    pub fn new(code: &OctalCode) -> SparseEngine {
        let with = |bit: u8| -> Vec<usize> { code.removals_with(bit) };
        let single: Vec<usize> = with(2).into_iter().filter(|&k| k > 0).collect();
        let all2 = with(4);
        let distinct = !all2.is_empty() && all2.iter().all(|&k| code.distinct(k));
        let (split2, plain2): (Vec<usize>, Vec<usize>) = if distinct {
            (all2, Vec::new())
        } else {
            all2.into_iter().partition(|&k| !code.distinct(k))
        };
        let split3: Vec<(usize, bool)> =
            with(8).into_iter().map(|k| (k, code.distinct(k))).collect();
        let max_split = split2.iter().copied().max().unwrap_or(0);
        let ext = !split2.is_empty() && split2.iter().all(|&k| k % 2 == split2[0] % 2);
        let odd = ext && split2[0] % 2 == 1;
        // Heap n reads G(n − k) for single-heap moves and at most
        // G(n − k − 1) for splits.
        let lag = single
            .iter()
            .copied()
            .chain(split2.iter().chain(&plain2).map(|&k| k + 1))
            .chain(split3.iter().map(|&(k, _)| k + 1))
            .min()
            .unwrap_or(usize::MAX);
        SparseEngine {
            shared: Shared {
                whole: with(1).into_iter().filter(|&k| k > 0).collect(),
                single,
                split2,
                distinct,
                plain2,
                split3,
                mask: 0,
                rare: Vec::new(),
                cap: 1,
                ext,
                odd,
                common: true,
                shortcuts: true,
                solo: false,
            },
            hist: vec![0; 2],
            next_review: FIRST_REVIEW,
            lag,
            max_split,
            prefix: FULL_PREFIX,
            splits: SplitCache::default(),
            mirror: Mirror::default(),
            workers: [Worker::default(), Worker::default()],
            snapshot: Vec::new(),
            guesses: [0; 2],
        }
    }

    /// The same engine scattering only `prefix` pairs of a split set before
    /// looking for single values: slower, but it takes the paths that
    /// large heaps take at small heaps, for tests against the reference.
    pub fn with_prefix(code: &OctalCode, prefix: usize) -> SparseEngine {
        SparseEngine {
            prefix,
            ..SparseEngine::new(code)
        }
    }

    /// The same engine without sparse mode's shortcuts (batched rare pairs,
    /// the one-set step): the general path, to test them against (the
    /// values and [`Stats::work`] must be the same).
    pub fn without_shortcuts(code: &OctalCode) -> SparseEngine {
        let mut e = SparseEngine::new(code);
        e.shared.shortcuts = false;
        e
    }

    /// The least `k` such that `G(n)` depends on no value after
    /// `G(n − k)`: this many consecutive heap sizes can be computed at once.
    pub fn lag(&self) -> usize {
        self.lag
    }

    /// The current mask (0 in full mode).
    pub fn mask(&self) -> u32 {
        self.shared.mask
    }

    /// Heap sizes with a rare value under the current mask.
    pub fn rare_count(&self) -> usize {
        self.shared.rare.len()
    }

    /// What the engine has done so far.
    pub fn stats(&self) -> Stats {
        let mut s = self.workers[0].stats;
        s += self.workers[1].stats;
        s
    }

    /// Brings the engine up to date with `g`, a sequence it did not compute
    /// itself (one read from a checkpoint, say).
    pub fn absorb<T: Value>(&mut self, g: &[T]) {
        for (n, &v) in g.iter().enumerate() {
            self.count(n, v.get());
        }
        self.mirror.rebuild(g);
        self.shared.mask = 0;
        self.shared.rare.clear();
        self.splits.clear();
        for w in &mut self.workers {
            w.known.clear();
            w.batch.clear();
        }
        self.next_review = FIRST_REVIEW;
    }

    fn count(&mut self, n: usize, v: u32) {
        while v >= self.shared.cap {
            self.shared.cap *= 2;
        }
        self.splits.grow(self.shared.cap as usize);
        // Keys are below 2 · cap.
        if self.hist.len() < 2 * self.shared.cap as usize {
            self.hist.resize(2 * self.shared.cap as usize, 0);
        }
        self.hist[key(self.shared.ext, n, v) as usize] += 1;
    }

    /// Chooses the mask from the histogram and rebuilds the rare list.
    fn review<T: Value>(&mut self, g: &[T]) {
        while self.next_review <= g.len() {
            self.next_review += self.next_review.min(REVIEW_EVERY);
        }
        if self.shared.split2.is_empty() {
            return;
        }
        let mut f: Vec<i64> = self.hist.iter().map(|&c| c as i64).collect();
        let mut h = 1;
        while h < f.len() {
            for i in (0..f.len()).step_by(2 * h) {
                for j in i..i + h {
                    let (x, y) = (f[j], f[j + h]);
                    f[j] = x + y;
                    f[j + h] = x - y;
                }
            }
            h *= 2;
        }
        // F(M) = #even − #odd keys under M; the rare ones are the parity
        // that is not the common one.
        let total = g.len() as i64;
        let odd = self.shared.odd;
        let rare_count = |m: usize| {
            if common_parity(odd, m as u32) {
                (total + f[m]) / 2
            } else {
                (total - f[m]) / 2
            }
        };
        let best = (1..f.len()).min_by_key(|&m| (rare_count(m), m));
        let mask = match best {
            Some(m) if rare_count(m) as usize * RARE_FRACTION <= g.len() => m as u32,
            _ => 0,
        };
        if mask != self.shared.mask {
            // Split sets' rare pairs are of the old rare heap sizes.
            for w in &mut self.workers {
                w.known.clear();
                w.batch.clear();
            }
            self.shared.mask = mask;
            self.shared.common = common_parity(odd, mask);
            self.shared.rare.clear();
            if mask != 0 {
                let (ext, common) = (self.shared.ext, self.shared.common);
                self.shared.rare.extend(
                    (1..g.len())
                        .filter(|&n| parity(key(ext, n, g[n].get()), mask) != common)
                        .map(|n| n as u32),
                );
            }
        }
    }

    fn record(&mut self, n: usize, v: u32) {
        self.count(n, v);
        self.mirror.push(v);
        let sh = &self.shared;
        if sh.mask != 0 && n > 0 && parity(key(sh.ext, n, v), sh.mask) != sh.common {
            self.shared.rare.push(n as u32);
        }
    }

    /// Computes `G(n)` for `n = g.len()`, given `g[i] = G(i)` for `i < n`.
    /// Every value of `g` must have been computed by this engine or passed
    /// to [`absorb`](Self::absorb); the caller appends the result to `g`
    /// before the next call.
    pub fn next_value<T: Value>(&mut self, g: &[T]) -> u32 {
        self.sync(g);
        if g.len() >= self.next_review {
            self.review(g);
        }
        let n = g.len();
        self.prepare_splits(g, n, n);
        let mut sets = self.take_splits(n);
        let p = Pairs::new(g, &self.mirror);
        let v = compute(&self.shared, &mut self.workers[0], &mut sets, n, &p);
        self.splits.put_back(sets);
        self.record(n, v);
        v
    }

    /// Like [`next_value`](Self::next_value), but may compute `G(n + 1)`
    /// too, on a second thread of the current rayon pool, when the code's
    /// [`lag`](Self::lag) allows it and the engine is in full mode: both
    /// values at once when they read disjoint split sets, else the two new
    /// split sets scattered at once and the values one after the other.
    /// Returns the values computed (one or two) for the caller to append in
    /// order. The values do not depend on the thread count.
    pub fn next_values<T: Value>(&mut self, g: &[T]) -> ([u32; 2], usize) {
        self.sync(g);
        let n = g.len();
        let pair = self.lag >= 2
            && n >= PARALLEL_FROM
            && self.shared.mask == 0
            && n + 2 < self.next_review
            && rayon::current_num_threads() > 1;
        if !pair {
            return ([self.next_value(g), 0], 1);
        }
        self.prepare_splits(g, n, n + 1);
        let shared = &self.shared;
        let p = Pairs::new(g, &self.mirror);
        let [w0, w1] = &mut self.workers;
        let disjoint = shared
            .split2
            .iter()
            .all(|&k| !shared.split2.contains(&(k + 1)));
        let (a, b) = if disjoint {
            let mut first = self.splits.take(&splits_read(shared, n));
            let mut second = self.splits.take(&splits_read(shared, n + 1));
            let (a, b) = rayon::join(
                || compute(shared, w0, &mut first, n, &p),
                || compute(shared, w1, &mut second, n + 1, &p),
            );
            self.splits.put_back(first);
            self.splits.put_back(second);
            (a, b)
        } else {
            let mut sets = self.splits.take(&splits_read(shared, n));
            let a = compute(shared, w0, &mut sets, n, &p);
            self.splits.put_back(sets);
            let mut sets = self.splits.take(&splits_read(shared, n + 1));
            let b = compute(shared, w0, &mut sets, n + 1, &p);
            self.splits.put_back(sets);
            (a, b)
        };
        self.record(n, a);
        self.record(n + 1, b);
        ([a, b], 2)
    }

    /// Whether the code lets a heap's value be computed before the value
    /// of the heap below it ([`speculate`](Self::speculate)): `G(n + 1)`
    /// reads `G(n)` only as the option of removing one token and leaving
    /// one heap, and its one split set `S(n + 1 − k)` (`k ≥ 1`) reads
    /// nothing after `G(n − 1)`. Officers (0.6) is such a code.
    pub fn speculates(&self) -> bool {
        let sh = &self.shared;
        sh.single.contains(&1)
            && sh.split2.len() == 1
            && sh.split2[0] >= 1
            && sh.plain2.is_empty()
            && sh.split3.is_empty()
            && sh.shortcuts
    }

    /// Hands no work to other threads of the rayon pool while `solo`.
    pub fn set_solo(&mut self, solo: bool) {
        self.shared.solo = solo;
    }

    /// Batches the rare pairs only of heaps of this parity (a thread of a
    /// paired run computes every other heap), or of all heaps with `None`.
    /// Only for a code that [speculates](Self::speculates).
    pub fn set_heap_parity(&mut self, parity: Option<usize>) {
        let k = self.shared.split2.first().copied().unwrap_or(0);
        // Heap h reads the split set of m = h − k.
        let rows = parity.map(|p| (p + 2 - k % 2) % 2);
        self.workers[0].batch.set_parity(rows);
    }

    /// Does what [`next_value`](Self::next_value) does before computing
    /// heap `g.len()` (the mask's review, when due), so that
    /// [`pairable`](Self::pairable) reads the state that step will use.
    pub fn ready<T: Value>(&mut self, g: &[T]) {
        self.sync(g);
        if g.len() >= self.next_review {
            self.review(g);
        }
    }

    /// Whether heaps `n` and `n + 1` (`n + 1 < len`) may be computed at
    /// once, `n + 1` by [`speculate`](Self::speculate): the code
    /// [speculates](Self::speculates), the engine is in sparse mode and no
    /// review of the mask falls between them. Depends only on the values
    /// so far (two engines fed the same values agree), after
    /// [`ready`](Self::ready).
    pub fn pairable(&self, n: usize, len: usize) -> bool {
        self.speculates()
            && self.shared.mask != 0
            && n >= PARALLEL_FROM
            && n + 1 < self.next_review
            && n + 2 <= len
    }

    /// Computes `G(n + 1)` for `n = g.len()` before `G(n)` is known, as
    /// if `G(n)` were not an option: the value the step would give, and
    /// its candidate (the least common value missing from the pairs with a
    /// rare member, see the module documentation). Only when
    /// [`pairable`](Self::pairable)`(n, ..)`. Record `G(n)` with
    /// [`push_value`](Self::push_value) next, then
    /// [`settle`](Self::settle) the guess.
    pub fn speculate<T: Value>(&mut self, g: &[T]) -> Guess {
        self.sync(g);
        let heap = g.len() + 1;
        let sh = &self.shared;
        let m = heap - sh.split2[0];
        let p = Pairs::new(g, &self.mirror);
        let w = &mut self.workers[0];
        let before = w.stats;
        let fresh = !w.known.iter().any(|k| k.m == m && k.rare_done);
        begin(sh, w, g, heap, true);
        w.stats.sparse_steps += 1;
        let (value, candidate) = sparse_step(sh, w, &p, &[m], heap, true, Some(&mut self.snapshot));
        Guess {
            heap,
            m,
            value,
            candidate,
            cap: sh.cap,
            before,
            fresh,
        }
    }

    /// Whether `guess` is `G(n + 1)` now that `G(n) = below` is known (and
    /// recorded with [`push_value`](Self::push_value)): it is unless
    /// `below` is the candidate, or a rare value under it, or too large
    /// for the marks. A value that stands is recorded, as
    /// [`next_value`](Self::next_value) records its own, and returned: the
    /// value, the counters and the marks are those computing `G(n + 1)`
    /// after `G(n)` gives (an option can change a mex only by being it, or
    /// change the step's path only by being a value it looks for). If not,
    /// the engine is left as it was before the guess except for the rare
    /// pairs entered, and `None` is returned: compute `G(n + 1)` with
    /// `next_value`.
    pub fn settle(&mut self, guess: Guess, below: u32) -> Option<u32> {
        let sh = &self.shared;
        let common = parity(key(sh.ext, guess.m, below), sh.mask);
        let stands = below < guess.cap
            && if common {
                below != guess.candidate
            } else {
                below > guess.candidate
            };
        self.guesses[usize::from(!stands)] += 1;
        if stands {
            self.record(guess.heap, guess.value);
            return Some(guess.value);
        }
        self.abandon(guess, true);
        None
    }

    /// Undoes `guess`: all of it, or with `keep_rare` all but the rare
    /// pairs it entered in its split set (which the next computation of its
    /// heap reuses, and whose work stays counted).
    pub fn abandon(&mut self, guess: Guess, keep_rare: bool) {
        let w = &mut self.workers[0];
        w.stats = guess.before;
        let keep = keep_rare || !guess.fresh;
        if keep && guess.fresh {
            w.stats.work += PAIR_WORK
                * crate::octal::engine::rare_batch::below(&self.shared.rare, guess.m) as u64;
        }
        if let Some(k) = w.known.iter_mut().find(|k| k.m == guess.m) {
            k.present.clear();
            if keep {
                k.present.extend_from_slice(&self.snapshot);
            }
            k.scattered = 0;
            k.rare_done = keep;
        }
    }

    /// Records `G(n) = v` for `n = g.len()`, computed elsewhere (by a twin
    /// engine fed the same values); the caller appends it to `g`.
    pub fn push_value<T: Value>(&mut self, g: &[T], v: u32) {
        self.sync(g);
        self.record(g.len(), v);
    }

    /// Adds counters of work done for this engine elsewhere (by a twin
    /// that is dropped).
    pub fn add_stats(&mut self, s: Stats, guesses: [u64; 2]) {
        self.workers[1].stats += s;
        self.guesses[0] += guesses[0];
        self.guesses[1] += guesses[1];
    }

    /// Forgets the counters (a twin starts counting from nothing).
    pub fn clear_stats(&mut self) {
        for w in &mut self.workers {
            w.stats = Stats::default();
        }
        self.guesses = [0; 2];
    }

    /// Guesses [settled](Self::settle) so far: how many stood and how
    /// many had to be computed again.
    pub fn guesses(&self) -> [u64; 2] {
        self.guesses
    }

    /// Keeps the mirror equal to `g`: each value the engine computes is
    /// pushed by [`record`](Self::record); a caller that did not append it,
    /// or appended another value (the contract forbids both, but a mirror
    /// that lied would give wrong values), gets the mirror rebuilt. Only
    /// the length and the last value are compared.
    fn sync<T: Value>(&mut self, g: &[T]) {
        if !self.mirror.ends_like(g) {
            self.mirror.rebuild(g);
        }
    }

    /// The cached split sets heap `n` reads (none in sparse mode), taken
    /// out of the cache.
    fn take_splits(&mut self, n: usize) -> Vec<splits::SplitSet> {
        if self.shared.mask != 0 {
            return Vec::new();
        }
        self.splits.take(&splits_read(&self.shared, n))
    }

    /// In full mode, caches the split sets `S(m)` that heaps `first..=last`
    /// read and drops those no later heap reads; the new sets are scattered
    /// two at a time on two threads when the pool has them.
    fn prepare_splits<T: Value>(&mut self, g: &[T], first: usize, last: usize) {
        if self.shared.mask != 0 || self.shared.split2.is_empty() {
            return;
        }
        self.splits
            .evict_below(first.saturating_sub(self.max_split));
        let mut missing: Vec<usize> = Vec::with_capacity(8);
        for n in first..=last {
            for &k in &self.shared.split2 {
                if n >= k + 2 && !self.splits.has(n - k) && !missing.contains(&(n - k)) {
                    missing.push(n - k);
                }
            }
        }
        let mut made: Vec<_> = missing.iter().map(|_| self.splits.spare()).collect();
        // A sample of the pairs finds every value that is common among
        // them after a few times as many pairs as there are values.
        let prefix = self
            .prefix
            .min((self.shared.cap as usize).saturating_mul(PREFIX_PER_VALUE))
            .max(self.prefix.min(MIN_PREFIX));
        let p = Pairs::new(g, &self.mirror);
        let shared = &self.shared;
        let work = |sets: &mut [splits::SplitSet], ms: &[usize]| {
            for (s, &m) in sets.iter_mut().zip(ms) {
                splits::fill(s, &p, m, shared.half(m), prefix);
            }
        };
        if made.len() >= 2 && rayon::current_num_threads() > 1 {
            let half = made.len() / 2;
            let (left, right) = made.split_at_mut(half);
            let (ml, mr) = missing.split_at(half);
            rayon::join(|| work(left, ml), || work(right, mr));
        } else {
            work(&mut made, &missing);
        }
        for s in made {
            self.splits.insert(s);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::engine::naive;

    fn fast(code: &str, max_n: usize) -> Vec<u32> {
        let code: OctalCode = code.parse().unwrap();
        let mut e = SparseEngine::new(&code);
        let mut g: Vec<u32> = Vec::new();
        for _ in 0..=max_n {
            let v = e.next_value(&g);
            g.push(v);
        }
        g
    }

    /// Sparse mode's shortcuts give the general path's values and work, to
    /// past the heap sizes where batches begin, on one thread and two:
    /// Officers and Grundy's game (one split set a step: [`single_set`]),
    /// codes with several split sets, a `!` code, a code with parity keys.
    #[test]
    fn shortcuts_equal_the_general_path() {
        let mut sparse = Vec::new();
        for (code, n) in [
            ("0.6", 60_000),
            ("4!.0", 60_000),
            ("0.354", 40_000),
            ("0.16", 30_000),
            ("0.56", 30_000),
            ("0.127", 30_000),
            ("0.644", 20_000),
            ("4.64!", 20_000),
            ("0.376", 20_000),
            // Values outgrow a batch's rows (its width) between 40,000
            // and 80,000.
            ("0.336", 80_000),
        ] {
            let c: OctalCode = code.parse().unwrap();
            let run = |mut e: SparseEngine, threads: usize| {
                let pool = rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .unwrap();
                let mut g: Vec<u16> = Vec::new();
                pool.install(|| {
                    while g.len() <= n {
                        let v = e.next_value(&g);
                        g.push(v as u16);
                    }
                });
                (g, e.stats().work, e.mask())
            };
            let (want, work, _) = run(SparseEngine::without_shortcuts(&c), 1);
            for threads in [1, 2] {
                let (got, got_work, mask) = run(SparseEngine::new(&c), threads);
                assert_eq!(got, want, "{code} on {threads} threads");
                assert_eq!(got_work, work, "{code}: work on {threads} threads");
                if mask != 0 && !sparse.contains(&code) {
                    sparse.push(code);
                }
            }
        }
        for code in ["0.6", "4!.0", "0.354", "0.16", "0.56", "0.644"] {
            assert!(sparse.contains(&code), "{code} reaches sparse mode");
        }
    }

    /// With a short prefix, in pairs of heap sizes on two threads where the
    /// code allows it.
    fn fast_paired(code: &str, max_n: usize, prefix: usize) -> Vec<u16> {
        let code: OctalCode = code.parse().unwrap();
        let mut e = SparseEngine::with_prefix(&code, prefix);
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(2)
            .build()
            .unwrap();
        let mut g: Vec<u16> = Vec::new();
        pool.install(|| {
            while g.len() <= max_n {
                let (vs, count) = if g.len() < max_n {
                    e.next_values(&g)
                } else {
                    ([e.next_value(&g), 0], 1)
                };
                g.extend(vs[..count].iter().map(|&v| v as u16));
            }
        });
        g
    }

    /// 0.127 (splits after removing 3, an odd number): the engine settles on
    /// a mask with the parity bit, whose common heap sizes are those of even
    /// key parity (ogsolve's split for this game), and stays exact.
    #[test]
    fn common_heaps_of_even_parity_when_splits_remove_an_odd_number() {
        let code: OctalCode = "0.127".parse().unwrap();
        let mut e = SparseEngine::new(&code);
        let mut g: Vec<u32> = Vec::new();
        let mut seen_even_common = false;
        for _ in 0..=40000 {
            let v = e.next_value(&g);
            g.push(v);
            seen_even_common |= e.mask() != 0 && !e.shared.common;
        }
        assert!(seen_even_common, "mask {}", e.mask());
        assert_eq!(g, naive::sequence(&code, 40000));
    }

    /// The split-set cache and the targeted scans, exercised from small
    /// heaps on: codes with values that keep growing and no sparse space
    /// (full mode), with one split distance (0.04, 0.06, 0.007), several
    /// (0.76, 0.764, 4.214, 0.447, and the slowest codes of the census,
    /// 0.604, 0.036, 0.346, 0.163), both kinds of pairing, and scans of the
    /// middle from both ends that hit near or far from the scattered ends.
    #[test]
    fn full_mode_with_short_prefix_equals_naive() {
        for code in [
            "0.04", "0.06", "0.007", "0.76", "0.764", "4.214", "0.447", "0.604", "0.036", "0.346",
            "0.163", "4!.0", "0.4!4!", "0.64!", "4!.4!", "0.76!", "0.4!4",
        ] {
            let c: OctalCode = code.parse().unwrap();
            let want: Vec<u16> = naive::sequence(&c, 5000)
                .iter()
                .map(|&v| v as u16)
                .collect();
            for prefix in [0, 3, 64] {
                assert_eq!(
                    fast_paired(code, 5000, prefix),
                    want,
                    "{code} prefix {prefix}"
                );
            }
        }
    }

    /// Grundy's game (`4!.0`) against OEIS A002188 (its first 105 terms,
    /// from Guy and Smith 1956, Table 4), and past the start of its sparse
    /// space against the reference.
    #[test]
    fn grundys_game() {
        let a002188 = [
            0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1,
            2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1, 5, 4, 1, 5, 4, 1, 5, 4, 1, 0, 2, 1, 0, 2, 1, 5, 2,
            1, 3, 2, 1, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 3, 2, 4, 5, 2, 4, 5, 2, 4, 3,
            7, 4, 3, 7, 4, 3, 7, 4, 3, 5, 2, 3, 5, 2, 3, 5, 2, 3,
        ];
        let g = fast("grundys-game", 20_000);
        assert_eq!(g[..a002188.len()], a002188);
        // Flammenkamp's table of its rare values starts G(87) = G(90) = 7,
        // G(146) = 6, G(158) = 11, G(181) = 12.
        assert_eq!((g[87], g[90], g[146], g[158], g[181]), (7, 7, 6, 11, 12));
        assert_eq!(g, naive::sequence(&"4!.0".parse().unwrap(), 20_000));
    }

    #[test]
    fn equals_naive_on_classics() {
        for code in [
            "0.77", "0.137", "0.07", "0.007", "0.6", "0.16", "4.07", "0.354", "4.3", "0.4",
            "0.127", "4.214", "4!.0", "4!.07", "0.4!7!", "4.4!", "0.8!", "0.F!7", "4!.C!",
        ] {
            let c: OctalCode = code.parse().unwrap();
            assert_eq!(fast(code, 1500), naive::sequence(&c, 1500), "{code}");
        }
    }
}
