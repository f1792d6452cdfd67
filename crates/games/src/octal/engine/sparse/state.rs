//! The sparse engine's state: its counters, what every step reads, a
//! step's scratch space and what is known of the split sets.

use crate::octal::engine::rare_batch::RareBatch;

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
    /// [`STEP_WORK`](super::STEP_WORK) per heap size; in sparse mode [`PAIR_WORK`](super::PAIR_WORK) per pair
    /// entered (rare pairs, pairs scattered) and one per pair scanned for a
    /// value; in full mode the number
    /// of pairs of every split set confirmed not to hold the answer (`m/2`
    /// each: a full scan, whatever part of it was cached; the pairs that
    /// found the smaller values depend on the cache and are not counted);
    /// and every option enumerated plainly. The census
    /// budgets its computations in these units ([`crate::octal::theory::census`]).
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
pub(super) struct Shared {
    pub(super) whole: Vec<usize>,
    pub(super) single: Vec<usize>,
    pub(super) split2: Vec<usize>,
    /// Every split of `split2` leaves two unequal heaps (`!`).
    pub(super) distinct: bool,
    /// Two-heap splits with `!` in a code whose other splits have none:
    /// enumerated plainly.
    pub(super) plain2: Vec<usize>,
    /// Three-heap splits, with `!` or not.
    pub(super) split3: Vec<(usize, bool)>,
    pub(super) mask: u32,
    pub(super) rare: Vec<u32>,
    pub(super) cap: u32,
    /// Values are classified with the parity of their heap size appended
    /// (see [`key`]): every two-heap split removes a number of tokens of
    /// one parity, so the heaps `m = n − k` a step splits share a parity.
    pub(super) ext: bool,
    /// With `ext`, the splits remove an odd number of tokens.
    pub(super) odd: bool,
    /// Heap sizes whose key has this parity under the mask are common
    /// (see [`common_parity`]).
    pub(super) common: bool,
    /// Sparse mode may batch rare pairs ([`RareBatch`]) and take
    /// [`single_set`]; off only to test them against the general path.
    pub(super) shortcuts: bool,
    /// No work is handed to other threads of the rayon pool (the engine
    /// runs on a thread of its own, see [`crate::octal::engine::paired`]).
    pub(super) solo: bool,
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
pub(super) fn common_parity(odd: bool, mask: u32) -> bool {
    !(odd && mask & 1 == 1)
}

impl Shared {
    /// The largest `a` of a split `a + (m − a)` of `split2`: `m/2`, or
    /// `(m − 1)/2` when the heaps must differ.
    #[inline(always)]
    pub(super) fn half(&self, m: usize) -> usize {
        (m - usize::from(self.distinct)) / 2
    }
}

/// Scratch space of one step: the option values seen.
#[derive(Clone, Debug, Default)]
pub(super) struct Worker {
    pub(super) seen: Vec<u8>,
    pub(super) ms: Vec<usize>,
    pub(super) pending: Vec<u32>,
    pub(super) stats: Stats,
    /// Sparse mode: what is known of the split sets the last few heaps
    /// read, kept for the next heaps that read them.
    pub(super) known: Vec<Scattered>,
    /// Sparse mode: the rare pairs of the next split sets, entered at once.
    pub(super) batch: RareBatch,
    /// Sparse mode: the values seen, as bits.
    pub(super) bits: Vec<u64>,
    /// Sparse mode: which values are common, as bits.
    pub(super) common: CommonBits,
}

/// The values `v < len` that are common under a mask, as bits (bit `v % 64`
/// of word `v / 64`), for split sets of heaps of each parity; rebuilt only
/// when the mask, the keys or the length change.
#[derive(Clone, Debug, Default)]
pub(super) struct CommonBits {
    pub(super) of: Option<(u32, bool, usize)>,
    pub(super) words: [Vec<u64>; 2],
}

impl CommonBits {
    /// The bits for `mask`, keys with the heap's parity appended when `ext`
    /// and heaps `m` of parity `odd`, values below `len`.
    pub(super) fn get(&mut self, mask: u32, ext: bool, odd: bool, len: usize) -> &[u64] {
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
pub(super) fn to_bits(bytes: &[u8], bits: &mut Vec<u64>) {
    bits.clear();
    bits.extend(bytes.chunks(64).map(marks_word));
}

/// Up to 64 marks as one word: bit `i` set when `marks[i]` is not 0.
pub(super) fn marks_word(marks: &[u8]) -> u64 {
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
pub(super) struct Scattered {
    pub(super) m: usize,
    pub(super) scattered: usize,
    pub(super) rare_done: bool,
    pub(super) present: Vec<u8>,
}

#[inline(always)]
pub(super) fn parity(v: u32, mask: u32) -> bool {
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
pub(super) fn key(ext: bool, n: usize, v: u32) -> u32 {
    if ext {
        (v << 1) | (n & 1) as u32
    } else {
        v
    }
}
