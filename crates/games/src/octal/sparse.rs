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
//! ([`super::rare_batch`]), and a step that reads one split set no other
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
//! [`super::splits`]), so both ends find every value sooner than one does.
//! What is learnt of each `m` is kept in a cache ([`super::splits`]) for
//! the next steps that split the same `m` (every step of 0.76 splits `n − 1`
//! and `n − 2`), so each `m` is scattered once. The pairs are read through
//! a forwards-and-backwards copy of the sequence ([`super::pairs`]).
//!
//! **Two heaps at a time.** Where `G(n + 1)` reads `G(n)` only as one
//! option (Officers), a twin engine on a second thread computes heap
//! `n + 1` without it while heap `n` is computed, and keeps the value
//! unless `G(n)` is the one value that would change it
//! ([`SparseEngine::speculate`], [`super::paired`]).
//!
//! Moves leaving three heaps (hexadecimal codes) are enumerated plainly.
//!
//! **Unequal heaps** (`!`, as in Grundy's game `4!.0`): when every
//! two-heap split of the code carries `!`, the split set is
//! `S(m) = {G(a) ⊕ G(m − a) : 1 ≤ a ≤ (m − 1)/2}`, and everything above
//! runs with that upper end (`Shared::half`); a rare heap size `r` with
//! `2r = m` is skipped. When only some splits carry `!`, those are
//! enumerated plainly.

use super::code::OctalCode;
use super::pairs::{Mirror, Pairs};
use super::rare_batch::RareBatch;
use super::splits::{self, SplitCache, PRESENT};
use super::values::Value;

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
const _: () = assert!(FIRST_ROUND % super::pairs::FIND_BLOCK == 0);

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

/// Counters describing how the engine worked, for reports.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Heap sizes computed in sparse mode.
    pub sparse_steps: u64,
    /// Heap sizes computed in full mode.
    pub full_steps: u64,
    /// Targeted scans run to the end without a hit (the answer was rare,
    /// or full mode confirmed the mex).
    pub full_scans: u64,
    /// A measure of the work done that depends only on the code and the
    /// values, never on the thread count or on what was cached:
    /// [`STEP_WORK`] per heap size; in sparse mode [`PAIR_WORK`] per pair
    /// entered (rare pairs, pairs scattered) and one per pair scanned for a
    /// value; in full mode the number
    /// of pairs of every split set confirmed not to hold the answer (`m/2`
    /// each: a full scan, whatever part of it was cached; the pairs that
    /// found the smaller values depend on the cache and are not counted);
    /// and every option enumerated plainly. The census
    /// budgets its computations in these units ([`super::census`]).
    pub work: u64,
}

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.sparse_steps += o.sparse_steps;
        self.full_steps += o.full_steps;
        self.full_scans += o.full_scans;
        self.work += o.work;
    }
}

/// What every step reads: the moves, the mask and the rare heap sizes.
#[derive(Clone, Debug)]
struct Shared {
    whole: Vec<usize>,
    single: Vec<usize>,
    split2: Vec<usize>,
    /// Every split of `split2` leaves two unequal heaps (`!`).
    distinct: bool,
    /// Two-heap splits with `!` in a code whose other splits have none:
    /// enumerated plainly.
    plain2: Vec<usize>,
    /// Three-heap splits, with `!` or not.
    split3: Vec<(usize, bool)>,
    mask: u32,
    rare: Vec<u32>,
    cap: u32,
    /// Values are classified with the parity of their heap size appended
    /// (see [`key`]): every two-heap split removes a number of tokens of
    /// one parity, so the heaps `m = n − k` a step splits share a parity.
    ext: bool,
    /// With `ext`, the splits remove an odd number of tokens.
    odd: bool,
    /// Heap sizes whose key has this parity under the mask are common
    /// (see [`common_parity`]).
    common: bool,
    /// Sparse mode may batch rare pairs ([`RareBatch`]) and take
    /// [`single_set`]; off only to test them against the general path.
    shortcuts: bool,
    /// No work is handed to other threads of the rayon pool (the engine
    /// runs on a thread of its own, see [`super::paired`]).
    solo: bool,
}

/// Which parity of `key & mask` makes a heap size common. A split's
/// option has key `key(a) ⊕ key(m − a)` (with `m`'s parity in its last
/// bit), and two heaps of one parity give a key of even parity whichever
/// it is; so heap sizes of either parity may be the common ones, as long
/// as the value looked for as common has an option key of odd parity.
/// That value is usually the one a common heap size gets: its key differs
/// from its option key only in the last bit when the splits remove an odd
/// number of tokens, so then, for a mask with that bit, the common heap
/// sizes are those of even parity (Beling's RC2 shifts by `d` the same
/// way).
fn common_parity(odd: bool, mask: u32) -> bool {
    !(odd && mask & 1 == 1)
}

impl Shared {
    /// The largest `a` of a split `a + (m − a)` of `split2`: `m/2`, or
    /// `(m − 1)/2` when the heaps must differ.
    #[inline(always)]
    fn half(&self, m: usize) -> usize {
        (m - usize::from(self.distinct)) / 2
    }
}

/// Scratch space of one step: the option values seen.
#[derive(Clone, Debug, Default)]
struct Worker {
    seen: Vec<u8>,
    ms: Vec<usize>,
    pending: Vec<u32>,
    stats: Stats,
    /// Sparse mode: what is known of the split sets the last few heaps
    /// read, kept for the next heaps that read them.
    known: Vec<Scattered>,
    /// Sparse mode: the rare pairs of the next split sets, entered at once.
    batch: RareBatch,
    /// Sparse mode: the values seen, as bits.
    bits: Vec<u64>,
    /// Sparse mode: which values are common, as bits.
    common: CommonBits,
}

/// The values `v < len` that are common under a mask, as bits (bit `v % 64`
/// of word `v / 64`), for split sets of heaps of each parity; rebuilt only
/// when the mask, the keys or the length change.
#[derive(Clone, Debug, Default)]
struct CommonBits {
    of: Option<(u32, bool, usize)>,
    words: [Vec<u64>; 2],
}

impl CommonBits {
    /// The bits for `mask`, keys with the heap's parity appended when `ext`
    /// and heaps `m` of parity `odd`, values below `len`.
    fn get(&mut self, mask: u32, ext: bool, odd: bool, len: usize) -> &[u64] {
        let of = (mask, ext, len);
        if self.of != Some(of) {
            for (p, words) in self.words.iter_mut().enumerate() {
                words.clear();
                words.resize(len.div_ceil(64), 0);
                for v in 0..len {
                    if parity(key(ext, p, v as u32), mask) {
                        words[v / 64] |= 1 << (v % 64);
                    }
                }
            }
            self.of = Some(of);
        }
        &self.words[usize::from(odd)]
    }
}

/// `bits` becomes the marks of `bytes` as bits (bit `v % 64` of word
/// `v / 64` set when `bytes[v]` is not 0), 64 marks to a word.
fn to_bits(bytes: &[u8], bits: &mut Vec<u64>) {
    bits.clear();
    bits.extend(bytes.chunks(64).map(marks_word));
}

/// Up to 64 marks as one word: bit `i` set when `marks[i]` is not 0.
fn marks_word(marks: &[u8]) -> u64 {
    marks
        .iter()
        .enumerate()
        .fold(0u64, |w, (i, &b)| w | (u64::from(b != 0) << i))
}

/// Sparse mode's knowledge of one split set `S(m) = {G(a) ⊕ G(m − a)}`: the
/// pairs `1 ≤ a ≤ scattered` have been entered, and so have the pairs with
/// a rare heap size (under the current mask) when `rare_done`;
/// `present[v]` is 1 for every value found in `S(m)` (by those pairs or by
/// a targeted scan). A
/// split set is read by heap `m + k` for every split removing `k`, so each
/// heap after the first that reads it starts from what the earlier ones
/// found. Every mark is a fact about `S(m)`, which does not change once
/// `G(0..=m)` is known.
#[derive(Clone, Debug, Default)]
struct Scattered {
    m: usize,
    scattered: usize,
    rare_done: bool,
    present: Vec<u8>,
}

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
    /// ([`super::pairs`]).
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

#[inline(always)]
fn parity(v: u32, mask: u32) -> bool {
    (v & mask).count_ones() & 1 == 1
}

/// What the mask classifies: `G(n)`, or with [`Shared::ext`],
/// `2 G(n) + (n mod 2)`. A split of `m` into `a + (m − a)` has
/// `key(a) ⊕ key(m − a) = 2 (G(a) ⊕ G(m − a)) + (m mod 2)`, so the parity
/// argument of the module documentation holds for these keys unchanged,
/// and a game whose values follow the parity of the heap (0.4-like games
/// where odd heaps are 0) gets a sparse space (the RC2 idea of Beling's
/// ogsolve: classify value and parity together).
#[inline(always)]
fn key(ext: bool, n: usize, v: u32) -> u32 {
    if ext {
        (v << 1) | (n & 1) as u32
    } else {
        v
    }
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
            w.stats.work += PAIR_WORK * super::rare_batch::below(&self.shared.rare, guess.m) as u64;
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

#[inline(always)]
fn set(seen: &mut [u8], v: u32) {
    seen[v as usize] = 1;
}

/// The heap sizes `m = n − k` whose splits `m = a + (m − a)` heap `n`
/// reads.
fn splits_read(sh: &Shared, n: usize) -> Vec<usize> {
    sh.split2
        .iter()
        .filter(|&&k| n >= k + 2)
        .map(|&k| n - k)
        .collect()
}

/// `G(n)` from `g`, which holds at least `G(0..=n − lag)`. In full mode,
/// `sets` are the split sets of [`splits_read`]`(n)`, in that order.
fn compute<T: Value>(
    sh: &Shared,
    w: &mut Worker,
    sets: &mut [splits::SplitSet],
    n: usize,
    p: &Pairs<'_, T>,
) -> u32 {
    let g = p.values();
    begin(sh, w, g, n, false);
    let mut ms = std::mem::take(&mut w.ms);
    ms.clear();
    ms.extend(sh.split2.iter().filter(|&&k| n >= k + 2).map(|&k| n - k));
    let v = if ms.is_empty() {
        (0..)
            .find(|&v| w.seen[v as usize] == 0)
            .expect("a missing value")
    } else if sh.mask != 0 {
        w.stats.sparse_steps += 1;
        sparse_step(sh, w, p, &ms, n, false, None).0
    } else {
        w.stats.full_steps += 1;
        // The answer is confirmed absent from every set read.
        w.stats.work += ms.iter().map(|&m| sh.half(m) as u64).sum::<u64>();
        full_step(w, sets, p)
    };
    w.ms = ms;
    v
}

/// The start of heap `n`'s step: `seen` cleared, the step's fixed work
/// charged, and the values of the moves that leave nothing or one heap
/// and of the splits enumerated plainly entered; with `ahead`, not the
/// move to `n − 1`, whose value is not known yet
/// ([`SparseEngine::speculate`]).
fn begin<T: Value>(sh: &Shared, w: &mut Worker, g: &[T], n: usize, ahead: bool) {
    w.seen.clear();
    w.seen.resize(2 * sh.cap as usize + 2, 0);
    w.stats.work += STEP_WORK + plain_options(sh, n);
    let seen = &mut w.seen;
    for &k in &sh.whole {
        if k == n {
            set(seen, 0);
        }
    }
    for &k in &sh.single {
        if n > k && !(ahead && k == 1) {
            set(seen, g[n - k].get());
        }
    }
    for &k in &sh.plain2 {
        if n >= k + 3 {
            let m = n - k;
            for a in 1..=(m - 1) / 2 {
                set(seen, (g[a] ^ g[m - a]).get());
            }
        }
    }
    for &(k, distinct) in &sh.split3 {
        if n >= k + 3 {
            let m = n - k;
            let strict = usize::from(distinct);
            for a in 1..=m / 3 {
                for b in a + strict..=(m - a - strict) / 2 {
                    set(seen, (g[a] ^ g[b] ^ g[m - a - b]).get());
                }
            }
        }
    }
}

/// Options heap `n` enumerates plainly: splits into two unequal heaps of
/// a code whose other splits may be equal, and splits into three heaps.
fn plain_options(sh: &Shared, n: usize) -> u64 {
    let mut count = 0u64;
    for &k in &sh.plain2 {
        count += (n.saturating_sub(k) / 2) as u64;
    }
    for &(k, _) in &sh.split3 {
        let m = n.saturating_sub(k) as u64;
        count += m * m / 12;
    }
    count
}

/// Sparse mode's step for heap `n`, whose splits read the sets `ms`:
/// returns `G(n)` and the candidate (the least common value missing from
/// the pairs with a rare member). With `ahead`, `g` ends at `G(n − 2)`
/// (see [`SparseEngine::speculate`]; the splits must not read `G(n − 1)`);
/// a `snapshot` receives the first set's marks of its rare pairs.
fn sparse_step<T: Value>(
    sh: &Shared,
    w: &mut Worker,
    p: &Pairs<'_, T>,
    ms: &[usize],
    n: usize,
    ahead: bool,
    snapshot: Option<&mut Vec<u8>>,
) -> (u32, u32) {
    let g = p.values();
    let mask = sh.mask;
    // Every m of `ms` has the parity of ms[0] when keys carry it.
    let common = |v: u32| parity(key(sh.ext, ms[0], v), mask);
    let Worker {
        seen,
        pending,
        known,
        stats,
        batch,
        bits,
        common: common_bits,
        ..
    } = w;
    // The split sets of `ms`: the pairs with a rare heap size (once per
    // set), then the values earlier heaps found in them (no later heap
    // reads a set below the least m of `ms`).
    let least = ms.iter().copied().min().unwrap_or(0);
    let mut sets: Vec<usize> = Vec::with_capacity(ms.len());
    for &m in ms {
        let i = match known.iter().position(|k| k.m == m) {
            Some(i) => i,
            // A set no later heap reads makes room (its marks' memory is
            // kept: no allocation per step).
            None => match known.iter().position(|k| k.m < least) {
                Some(i) => {
                    let k = &mut known[i];
                    k.m = m;
                    k.scattered = 0;
                    k.rare_done = false;
                    k.present.clear();
                    i
                }
                None => {
                    known.push(Scattered {
                        m,
                        ..Scattered::default()
                    });
                    known.len() - 1
                }
            },
        };
        let k = &mut known[i];
        k.present.resize(seen.len(), 0);
        if !k.rare_done {
            let below = super::rare_batch::below(&sh.rare, m);
            stats.work += PAIR_WORK * below as u64;
            let present = k.present.as_mut_slice();
            let rare = &sh.rare[..below];
            if !batch.covers(m)
                && sh.shortcuts
                && sh.rare.len() >= BATCH_MIN_RARE
                && n - least < BATCH_ROWS
                && n >= 2 * BATCH_ROWS
                && g.len() + usize::from(ahead) == n
            {
                let two = !sh.solo && rayon::current_num_threads() > 1;
                // Values are below cap, a power of two, and so are nim-sums.
                batch.fill(
                    g,
                    &sh.rare,
                    least,
                    BATCH_ROWS,
                    sh.cap as usize,
                    sh.distinct,
                    two,
                );
            }
            // The hottest loop of sparse mode: the check for `!` codes' equal
            // split stays out of it for every other code.
            if batch.covers(m) {
                batch.complete(m, g, &sh.rare, sh.distinct, present);
            } else if sh.distinct {
                for &r in rare.iter().filter(|&&r| 2 * r as usize != m) {
                    let r = r as usize;
                    present[(g[r] ^ g[m - r]).get() as usize] = 1;
                }
            } else {
                for &r in rare {
                    let r = r as usize;
                    present[(g[r] ^ g[m - r]).get() as usize] = 1;
                }
            }
            k.rare_done = true;
        }
        for (x, &p) in seen.iter_mut().zip(&k.present) {
            *x |= p;
        }
        sets.push(i);
    }
    if let Some(snap) = snapshot {
        snap.clear();
        snap.extend_from_slice(&known[sets[0]].present);
    }
    // The candidate: the least common value not seen; the rare values
    // below it not seen are pending. Word by word (a value's kind is a coin
    // toss to a branch predictor).
    to_bits(seen, bits);
    let com = common_bits.get(mask, sh.ext, ms[0] % 2 == 1, seen.len());
    let c = com
        .iter()
        .zip(bits.iter())
        .enumerate()
        .find_map(|(i, (&cw, &sw))| {
            let free = cw & !sw;
            (free != 0).then(|| 64 * i as u32 + free.trailing_zeros())
        })
        .expect("a missing common value");
    debug_assert!(common(c) && seen[c as usize] == 0);
    // The pending values as bits: the rare values below `c` not seen.
    let words = (c as usize).div_ceil(64);
    for (i, (b, &cw)) in bits[..words].iter_mut().zip(com).enumerate() {
        *b = !cw & !*b;
        let base = 64 * i as u32;
        if c - base < 64 {
            *b &= (1u64 << (c - base)) - 1;
        }
    }
    let pend = &mut bits[..words];
    if sh.shortcuts && sets.len() == 1 && sh.split2.len() == 1 && known[sets[0]].scattered == 0 {
        let v = single_set(sh, &mut known[sets[0]], pend, pending, stats, p, c);
        return (v, c);
    }
    pending.clear();
    for (i, &w) in pend.iter().enumerate() {
        push_bits(pending, 64 * i as u32, w);
    }
    // Scatter blocks of each set's next pairs branch-free, doubling in
    // length, dropping the pending values seen after each: few checks when
    // the values turn up late, an early stop when they turn up at once.
    let mut len = FIRST_ROUND;
    while !pending.is_empty() {
        let mut more = false;
        for &i in &sets {
            let k = &mut known[i];
            let stop = sh.half(k.m).min(SPARSE_PREFIX);
            if k.scattered >= stop {
                continue;
            }
            let (lo, hi) = (k.scattered + 1, (k.scattered + len).min(stop));
            p.scatter(&mut k.present[..sh.cap as usize], k.m, lo, hi, 1);
            stats.work += PAIR_WORK * (hi + 1 - lo) as u64;
            for (x, &p) in seen.iter_mut().zip(k.present.iter()) {
                *x |= p;
            }
            k.scattered = hi;
            more = true;
        }
        if !more {
            break;
        }
        len *= 2;
        keep_unseen(pending, seen);
    }
    for &v in pending.iter() {
        let hit = sets.iter().position(|&i| {
            let k = &known[i];
            let (lo, hi) = (k.scattered + 1, sh.half(k.m));
            let end = p.first_block(k.m, lo, hi, v, false);
            // Pairs looked at: to the block of the hit, or all of them.
            stats.work += (end.unwrap_or(hi) + 1).saturating_sub(lo) as u64;
            end.is_some()
        });
        match hit {
            Some(j) => known[sets[j]].present[v as usize] = 1,
            None => {
                stats.full_scans += 1;
                return (v, c);
            }
        }
    }
    (c, c)
}

/// Keeps the values of `pending` not marked in `seen`, in order; free of
/// branches (whether a value was seen is a coin toss to the predictor).
fn keep_unseen(pending: &mut Vec<u32>, seen: &[u8]) {
    let mut len = 0;
    for i in 0..pending.len() {
        let v = pending[i];
        pending[len] = v;
        len += usize::from(seen[v as usize] == 0);
    }
    pending.truncate(len);
}

/// Appends `base + i` to `list` for every bit `i` set in `word`, in
/// increasing order.
fn push_bits(list: &mut Vec<u32>, base: u32, mut word: u64) {
    while word != 0 {
        list.push(base + word.trailing_zeros());
        word &= word - 1;
    }
}

/// The end of [`sparse_step`] for a heap that reads one split set no other
/// heap reads (a code with one two-heap split, as 0.6 or Grundy's game),
/// with nothing scattered yet: the rare values below the candidate `c`
/// not seen (`pend`, as bits, one word per 64 values below `c`) are looked
/// for among the first pairs, and `c` returned unless one is missing
/// (`pending` is scratch space). It finds what the rounds of the general
/// path find, faster: rounds of scattering while more than
/// [`FEW_PENDING`] values are pending, dropping the values seen a word at
/// a time, then the rest are looked for together
/// ([`Pairs::find_all`]: each block's nim-sums are computed once for all
/// of them), and the work is charged as the general path's rounds would
/// charge it, so [`Stats::work`] does not depend on the path.
fn single_set<T: Value>(
    sh: &Shared,
    k: &mut Scattered,
    pend: &mut [u64],
    pending: &mut Vec<u32>,
    stats: &mut Stats,
    p: &Pairs<'_, T>,
    c: u32,
) -> u32 {
    let stop = sh.half(k.m).min(SPARSE_PREFIX);
    let mut s = 0;
    let mut len = FIRST_ROUND;
    let mut count: u32 = pend.iter().map(|w| w.count_ones()).sum();
    while count as usize > FEW_PENDING && s < stop {
        let hi = (s + len).min(stop);
        // Values are below cap, a power of two, and so are nim-sums: a
        // state of that length takes the scatter's unchecked path.
        p.scatter(&mut k.present[..sh.cap as usize], k.m, s + 1, hi, 1);
        stats.work += PAIR_WORK * (hi - s) as u64;
        s = hi;
        len *= 2;
        // The values seen leave, a word of 64 marks at a time.
        count = 0;
        for (w, marks) in pend.iter_mut().zip(k.present.chunks_exact(64)) {
            *w &= !marks_word(marks);
            count += w.count_ones();
        }
    }
    pending.clear();
    for (i, &w) in pend.iter().enumerate() {
        push_bits(pending, 64 * i as u32, w);
    }
    k.scattered = s;
    // Where the rounds would have found the rest, all values at once: the
    // end of the block holding the last first pair (rounds end at block
    // ends).
    let last = p.find_all(k.m, s + 1, stop, pending).max(s);
    let missing = !pending.is_empty();
    // The rounds run to the one holding the last first pair (round ends
    // are multiples of the block), or to the end of the prefix if a value
    // is not in it.
    let target = if missing { stop } else { last };
    while s < target {
        let hi = (s + len).min(stop);
        stats.work += PAIR_WORK * (hi - s) as u64;
        s = hi;
        len *= 2;
    }
    for &v in pending.iter() {
        let (lo, hi) = (stop + 1, sh.half(k.m));
        let end = p.first_block(k.m, lo, hi, v, false);
        stats.work += (end.unwrap_or(hi) + 1).saturating_sub(lo) as u64;
        match end {
            Some(_) => k.present[v as usize] = 1,
            None => {
                stats.full_scans += 1;
                return v;
            }
        }
    }
    c
}

fn full_step<T: Value>(w: &mut Worker, sets: &mut [splits::SplitSet], p: &Pairs<'_, T>) -> u32 {
    for s in sets.iter() {
        for (x, &st) in w.seen.iter_mut().zip(s.marks()) {
            *x |= (st == PRESENT) as u8;
        }
    }
    let mut v = 0;
    loop {
        if w.seen[v as usize] == 0 && !sets.iter_mut().any(|s| s.contains(p, v)) {
            w.stats.full_scans += 1;
            return v;
        }
        v += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::super::naive;
    use super::*;

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
