//! The fast engine for codes with a repeating part, `d0.d1…dK'[e1…ep]`
//! (CGSuite's `TakeAndBreak` syntax; Siegel, *Combinatorial Game Theory*,
//! AMS 2013, ch. IV), such as Lasker's Nim `4.[3]` (Lasker 1931; Winning
//! Ways ch. 4).
//!
//! `G(n)` is the mex of the values of every option (Winning Ways ch. 4), as
//! in [`crate::octal::engine::naive`], but a heap of `n` tokens has options for every
//! removal `k <= n`, so enumerating them costs `O(n)` single heaps and
//! `O(n²)` splits per heap. This engine groups the removals of the
//! repeating part by their place in the block: with `F` finite digits
//! `d_0 … d_(F−1)`, removal `k >= F` is in class `j = (k − F) mod p` and
//! has digit `e_(j+1)`. The heaps `m = n − k` left by class `j` are exactly
//! the `m <= n − F − j` with `m ≡ n − F − j (mod p)`: a chain of heap
//! sizes `p` apart that grows by one heap each time `n` grows by `p`. So
//! the engine keeps, per residue `r` of `m` modulo `p`, cumulative sets
//! over that chain:
//!
//! - `one[r]`: the values `G(m)`, `m >= 1` (digit bit 2: one heap left);
//! - `two[r]`: the union of the split sets `S(m) = {G(a) ⊕ G(m − a) :
//!   1 <= a <= m − a}` (bit 4: two heaps left), and `two_distinct[r]` the
//!   union of `S!(m)`, the splits with `a < m − a` (bit 4 with `!`);
//! - and whether the chain reaches `m = 0` (bit 1: the whole heap taken).
//!
//! A heap then costs one new split set `S(n)` (`n/2` pairs, kept for the
//! `F` heaps the finite digits still read), adding heap `n − F` to its
//! chain, and one pass over at most `2p + 1` sets to find the mex, instead
//! of rescanning every `k`. Finite digits with bit 8 (three heaps) are
//! enumerated plainly; a repeating block with bit 8 is not supported here
//! ([`RepeatingEngine::supports`]: the naive engine computes such codes).
//!
//! Values are unbounded (Lasker's Nim has `G(n) ≈ n`), so sets are
//! growable bitsets over `u32` values. The engine does no I/O.
#![warn(clippy::arithmetic_side_effects)]

use crate::octal::engine::values::Value;
use crate::octal::theory::code::OctalCode;
use grundy_core::progress::Progress;

/// A growable set of `u32` values, one bit each, with the count of its
/// leading words known to be full (every value below `64·full` is in it):
/// the sets of a chain only grow, so the mex of a union never looks below
/// the longest such prefix of its sets.
#[derive(Clone, Debug, Default)]
struct Bits {
    words: Vec<u64>,
    full: usize,
}

impl Bits {
    /// Adds `v`.
    #[inline]
    fn insert(&mut self, v: u32) {
        // u32 → usize is lossless on the supported targets (usize >= 32
        // bits); the word index is at most 2^26.
        let v = v as usize;
        let w = v >> 6;
        if w >= self.words.len() {
            self.words.resize(w.saturating_add(1), 0);
        }
        self.words[w] |= 1u64 << (v & 63);
    }

    /// Makes room for every value below `2^bits` without growing again.
    fn reserve_bits(&mut self, bits: u32) {
        let words = (1usize << bits.min(32)).div_ceil(64);
        if self.words.len() < words {
            self.words.resize(words, 0);
        }
    }

    /// Adds `x ⊕ y` for each pair of `xs` and `ys`, which must be below
    /// the room made by [`reserve_bits`](Self::reserve_bits) (else they
    /// are added one by one, growing the set).
    #[inline]
    fn insert_xors(&mut self, xs: &[u32], ys: impl Iterator<Item = u32>) {
        let words = &mut self.words;
        for (&x, y) in xs.iter().zip(ys) {
            let v = (x ^ y) as usize;
            match words.get_mut(v >> 6) {
                Some(w) => *w |= 1u64 << (v & 63),
                None => {
                    words.resize((v >> 6).saturating_add(1), 0);
                    words[v >> 6] |= 1u64 << (v & 63);
                }
            }
        }
    }

    /// Empties the set, keeping its storage.
    fn clear(&mut self) {
        self.words.iter_mut().for_each(|w| *w = 0);
        self.full = 0;
    }

    /// Makes this set a copy of `other`, reusing its storage.
    fn copy_from(&mut self, other: &Bits) {
        self.words.clone_from(&other.words);
        self.full = other.full;
    }

    /// Adds every value of `other`.
    fn union_with(&mut self, other: &Bits) {
        if other.words.len() > self.words.len() {
            self.words.resize(other.words.len(), 0);
        }
        for (a, b) in self.words.iter_mut().zip(&other.words) {
            *a |= b;
        }
    }

    /// Advances the count of full leading words (after values were added).
    fn advance_full(&mut self) {
        while self.words.get(self.full) == Some(&u64::MAX) {
            self.full = self.full.saturating_add(1);
        }
    }

    /// Word `w` (0 past the end).
    #[inline]
    fn word(&self, w: usize) -> u64 {
        self.words.get(w).copied().unwrap_or(0)
    }
}

/// The least value in none of `sets`: the mex of their union. The result
/// is at most the number of values in the union, all below 2^32; a union
/// holding every `u32` would give 2^32, which is reported as `u32::MAX`
/// (it needs 2^32 distinct options, far past any heap computed).
fn mex_of(sets: &[&Bits]) -> u32 {
    let words = sets.iter().map(|s| s.words.len()).max().unwrap_or(0);
    // Below the longest full prefix of one set, the union is full.
    let from = sets.iter().map(|s| s.full).max().unwrap_or(0);
    for w in from..=words {
        let x = sets.iter().fold(0u64, |a, s| a | s.word(w));
        if x != u64::MAX {
            // w <= 2^26 and trailing_ones < 64: no overflow.
            let v = w
                .saturating_mul(64)
                .saturating_add(x.trailing_ones() as usize);
            return u32::try_from(v).unwrap_or(u32::MAX);
        }
    }
    u32::MAX
}

/// The fast engine for a code with a repeating part (module
/// documentation). Feed it the values in order: [`next_value`](Self::next_value)
/// with `G(0..n)` returns `G(n)`.
#[derive(Clone, Debug)]
pub struct RepeatingEngine {
    /// `d_0 … d_(F−1)`.
    finite: Vec<u8>,
    /// `!` on each finite digit.
    finite_distinct: Vec<bool>,
    /// `e_1 … e_p`.
    block: Vec<u8>,
    /// `!` on each block digit.
    block_distinct: Vec<bool>,
    /// Whether some digit splits in two without `!` (S(m) needed).
    plain_splits: bool,
    /// Whether some digit splits in two with `!` (S!(m) needed).
    distinct_splits: bool,
    /// `G(0..g.len())` as read so far.
    g: Vec<u32>,
    /// The bit length of the largest value read: every split value is
    /// below `2^bits`.
    bits: u32,
    /// Heaps whose split sets were made and whose chain step was taken.
    prepared: usize,
    /// `S(m)` for the last `F + 1` heaps, at `m mod (F + 1)`.
    window: Vec<Bits>,
    /// `S!(m)` likewise.
    window_distinct: Vec<Bits>,
    /// Per residue `r` of `m` mod `p`: `{G(m) : m >= 1}` over the chain.
    one: Vec<Bits>,
    /// Per residue: the union of `S(m)` over the chain.
    two: Vec<Bits>,
    /// Per residue: the union of `S!(m)` over the chain.
    two_distinct: Vec<Bits>,
    /// Options of the finite digits for the heap at hand.
    scratch: Bits,
}

impl RepeatingEngine {
    /// Whether this engine computes `code`: a code with a repeating part
    /// whose block never splits into three heaps (no digit bit 8 in the
    /// block; the finite digits may have it).
    pub fn supports(code: &OctalCode) -> bool {
        !code.is_finite() && code.repeat().iter().all(|&d| d & 8 == 0)
    }

    /// The engine for `code`, or None when it does not
    /// [`support`](Self::supports) it.
    pub fn new(code: &OctalCode) -> Option<RepeatingEngine> {
        if !Self::supports(code) {
            return None;
        }
        let f = code.finite_digits().len();
        let p = code.repeat().len();
        let places = || (0..f).chain((0..p).map(|j| f.saturating_add(j)));
        let splits = |distinct: bool| {
            places().any(|k| code.digit(k) & 4 != 0 && code.distinct(k) == distinct)
        };
        Some(RepeatingEngine {
            finite: code.finite_digits().to_vec(),
            finite_distinct: (0..f).map(|k| code.distinct(k)).collect(),
            block: code.repeat().to_vec(),
            block_distinct: (0..p).map(|j| code.distinct(f.saturating_add(j))).collect(),
            plain_splits: splits(false),
            distinct_splits: splits(true),
            g: Vec::new(),
            bits: 0,
            prepared: 0,
            window: vec![Bits::default(); f.saturating_add(1)],
            window_distinct: vec![Bits::default(); f.saturating_add(1)],
            one: vec![Bits::default(); p],
            two: vec![Bits::default(); p],
            two_distinct: vec![Bits::default(); p],
            scratch: Bits::default(),
        })
    }

    /// Forgets every value read (a sequence that is not a continuation of
    /// the one read so far starts over).
    fn reset(&mut self) {
        self.g.clear();
        self.bits = 0;
        self.prepared = 0;
        for s in self
            .window
            .iter_mut()
            .chain(&mut self.window_distinct)
            .chain(&mut self.one)
            .chain(&mut self.two)
            .chain(&mut self.two_distinct)
        {
            *s = Bits::default();
        }
    }

    /// Makes the split sets of heap `n` and adds heap `n − F` to its
    /// chain; needs `G(0..n)`.
    // Indices: m <= n < g.len() + 1 and a <= n / 2, so no subtraction
    // wraps; slot indices are taken modulo non-zero lengths.
    #[allow(clippy::arithmetic_side_effects)]
    fn prepare(&mut self, n: usize) {
        let f = self.finite.len();
        let p = self.block.len();
        let width = self.window.len();
        // Heap m = n − F joins the chain of residue m mod p (its S(m) is
        // still in the window: it holds heaps n − F ..= n).
        if let Some(m) = n.checked_sub(f) {
            let r = m % p;
            if m >= 1 {
                self.one[r].insert(self.g[m]);
                self.one[r].advance_full();
            }
            if self.plain_splits {
                let (two, window) = (&mut self.two[r], &self.window[m % width]);
                two.union_with(window);
                two.advance_full();
            }
            if self.distinct_splits {
                let (two, window) = (&mut self.two_distinct[r], &self.window_distinct[m % width]);
                two.union_with(window);
                two.advance_full();
            }
        }
        // S!(n): a < n − a, that is a <= (n − 1) / 2; S(n) adds
        // a = n − a (value 0) for even n.
        if self.plain_splits || self.distinct_splits {
            let g = &self.g[..n];
            let half = n.saturating_sub(1) / 2;
            let slot = &mut self.window_distinct[n % width];
            slot.clear();
            slot.reserve_bits(self.bits);
            // Pairs (a, n − a) for a = 1..=half.
            if half >= 1 {
                slot.insert_xors(&g[1..=half], g[n - half..].iter().rev().copied());
            }
            slot.advance_full();
            if self.plain_splits {
                let (plain, distinct) = (&mut self.window, &self.window_distinct);
                let s = &mut plain[n % width];
                s.copy_from(&distinct[n % width]);
                if n >= 2 && n % 2 == 0 {
                    s.insert(0);
                    s.advance_full();
                }
            }
        }
        self.prepared = n + 1;
    }

    /// `G(n)` for `n = g.len()`, given `g[i] = G(i)` for every `i < n` of
    /// this engine's code. Reads each value once: successive calls should
    /// pass successive prefixes of one sequence (a sequence that is not a
    /// continuation of the last starts the engine over).
    pub fn next_value<T: Value>(&mut self, g: &[T]) -> u32 {
        self.read(g);
        self.mex_leaving(3)
    }

    /// The value of a **ring** of `n = g.len()` tokens ([`crate::octal::theory::ring`]):
    /// the mex of the options of a heap of `n` that leave at most one
    /// heap (opening the ring is such a move, and it leaves a row, which
    /// is a heap). Same contract as [`next_value`](Self::next_value), whose
    /// work for `g` it shares: calling both with the same `g` prepares the
    /// heap once.
    pub fn ring_value<T: Value>(&mut self, g: &[T]) -> u32 {
        self.read(g);
        self.mex_leaving(1)
    }

    /// Reads `G(0..n)`, `n = g.len()` (starting over if `g` is shorter
    /// than what was read), and prepares heaps up to `n`.
    #[allow(clippy::arithmetic_side_effects)]
    fn read<T: Value>(&mut self, g: &[T]) {
        let n = g.len();
        if n < self.g.len() {
            self.reset();
        }
        for v in &g[self.g.len()..] {
            let v = v.get();
            self.bits = self.bits.max(u32::BITS - v.leading_zeros());
            self.g.push(v);
        }
        for i in self.prepared..=n {
            self.prepare(i);
        }
    }

    /// The mex of the options of the heap `n` read last ([`read`](Self::read))
    /// that leave at most `heaps` heaps (3: every option).
    // Indices as in `prepare`: m = n − k with k <= n, window slots modulo
    // its length, residues modulo p > 0.
    #[allow(clippy::arithmetic_side_effects)]
    fn mex_leaving(&mut self, heaps: usize) -> u32 {
        let n = self.g.len();
        let f = self.finite.len();
        let p = self.block.len();
        let width = self.window.len();
        let g = &self.g;
        // The finite digits: their options one by one (splits from the
        // window).
        self.scratch.clear();
        let mut sets: Vec<&Bits> = Vec::with_capacity(2 * p + 3);
        for k in 0..f.min(n + 1) {
            let d = self.finite[k];
            let m = n - k;
            if k > 0 && d & 1 != 0 && m == 0 {
                self.scratch.insert(0);
            }
            if k > 0 && d & 2 != 0 && m >= 1 {
                self.scratch.insert(g[m]);
            }
            if d & 4 != 0 && m >= 2 && heaps >= 2 {
                sets.push(if self.finite_distinct[k] {
                    &self.window_distinct[m % width]
                } else {
                    &self.window[m % width]
                });
            }
            if d & 8 != 0 && m >= 3 && heaps >= 3 {
                let strict = usize::from(self.finite_distinct[k]);
                for a in 1..=m / 3 {
                    for b in a + strict..=(m - a - strict) / 2 {
                        self.scratch.insert(g[a] ^ g[b] ^ g[m - a - b]);
                    }
                }
            }
        }
        // The repeating part: class j leaves the heaps of the chain ending
        // at M = n − F − j.
        for j in 0..p {
            let Some(top) = n.checked_sub(f + j) else {
                break;
            };
            let r = top % p;
            let e = self.block[j];
            if e & 1 != 0 && r == 0 {
                self.scratch.insert(0);
            }
            if e & 2 != 0 {
                sets.push(&self.one[r]);
            }
            if e & 4 != 0 && heaps >= 2 {
                sets.push(if self.block_distinct[j] {
                    &self.two_distinct[r]
                } else {
                    &self.two[r]
                });
            }
        }
        sets.push(&self.scratch);
        mex_of(&sets)
    }
}

/// The values of rings of `n = 1..=max_n` tokens of `code` (index
/// `n − 1`), computing the row values `G(0..max_n)` they read on the way,
/// by the engine ([`RepeatingEngine::ring_value`]); None when the engine does not
/// [`support`](RepeatingEngine::supports) the code, or when `progress`
/// asks to stop (checked, and advanced by one, per ring).
pub fn ring_values(code: &OctalCode, max_n: usize, progress: &dyn Progress) -> Option<Vec<u32>> {
    let mut e = RepeatingEngine::new(code)?;
    let mut g: Vec<u32> = Vec::with_capacity(max_n);
    let mut rings = Vec::with_capacity(max_n);
    for n in 1..=max_n {
        if progress.stop_requested() {
            return None;
        }
        // The ring of n reads G(0..n).
        while g.len() < n {
            let v = e.next_value(&g);
            g.push(v);
        }
        rings.push(e.ring_value(&g));
        progress.advance(1);
    }
    Some(rings)
}

/// `G(0..=max_n)` of `code` by the engine, or None when it does not
/// [`support`](RepeatingEngine::supports) the code.
pub fn sequence(code: &OctalCode, max_n: usize) -> Option<Vec<u32>> {
    let mut e = RepeatingEngine::new(code)?;
    let mut g: Vec<u32> = Vec::with_capacity(max_n.saturating_add(1));
    for _ in 0..=max_n {
        let v = e.next_value(&g);
        g.push(v);
    }
    Some(g)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::engine::naive;

    /// The engine agrees with the naive reference (every move enumerated
    /// by [`OctalCode::for_each_move`]) on codes with a repeating part:
    /// finite parts with and without splits, blocks of one to three
    /// digits, `!` before the point and in the block, splits in three in
    /// the finite part.
    #[test]
    fn agrees_with_naive() {
        let codes = [
            "4.[3]",
            "0.[3]",
            "0.[7]",
            "0.1[3]",
            "0.[37]",
            "4.0[1]",
            "0.6[2]",
            "4!.[3]",
            "0.[4]",
            "0.[6]",
            "0.[4!]",
            "0.[7!]",
            "0.[1]",
            "0.[2]",
            "0.[21]",
            "0.[123]",
            "0.7[0006]",
            "4.[04]",
            "0.77[3]",
            "0.137[1]",
            "0.0[7]",
            "4!.0[2]",
            "hex:0.8[3]",
            "0.F[6]",
            "0.[5]",
            "0.[65]",
            "4.[7!3]",
            "0.3[40]",
            "0.[0003]",
        ];
        for text in codes {
            let code: OctalCode = text.parse().unwrap();
            assert!(!code.is_finite(), "{text}");
            let want = naive::sequence(&code, 300);
            assert_eq!(sequence(&code, 300).unwrap(), want, "{text}");
        }
        // Three-way splits in the block: the naive engine's job.
        let hex: OctalCode = "0.[8]".parse().unwrap();
        assert!(!RepeatingEngine::supports(&hex) && RepeatingEngine::new(&hex).is_none());
        let finite: OctalCode = "0.77".parse().unwrap();
        assert!(!RepeatingEngine::supports(&finite));
    }

    /// Rings: the chains' values equal the plain ring rule
    /// ([`crate::octal::theory::ring::ring_value`]: every move leaving at most one
    /// heap enumerated) over the naive row values, for every code of two
    /// digits around a repeating part, and Lasker's Nim's rings are
    /// `mex{G(0..n)}` by hand: 1, 2, 3, 3, 5, 6, 7, 7, … (its values are
    /// 0, 1, 2, 4, 3, 5, 6, 8, 7, …, Winning Ways ch. 4).
    #[test]
    fn rings_agree_with_the_plain_rule() {
        use crate::octal::theory::ring::ring_value;
        use crate::octal::{Extended, Values};
        use grundy_core::progress::NoProgress;
        let mut texts: Vec<String> = vec![
            "4!.[3]".into(),
            "0.7[0006]".into(),
            "4.[7!3]".into(),
            "0.3[40]".into(),
        ];
        for d0 in [0, 4] {
            for x in 0..8 {
                for y in 0..8 {
                    texts.push(format!("{d0}.[{x}{y}]"));
                    texts.push(format!("{d0}.{x}[{y}]"));
                }
            }
        }
        for text in &texts {
            let code: OctalCode = text.parse().unwrap();
            if code.is_finite() {
                // A block of zeros: no repeating part left.
                continue;
            }
            let row = Values::from_u32s(&naive::sequence(&code, 80));
            let row = Extended::plain(&row);
            let want: Vec<u32> = (1..=80).map(|n| ring_value(&code, &row, n)).collect();
            assert_eq!(ring_values(&code, 80, &NoProgress), Some(want), "{text}");
        }
        let lasker: OctalCode = "laskers-nim".parse().unwrap();
        assert_eq!(
            ring_values(&lasker, 12, &NoProgress).unwrap(),
            [1, 2, 3, 3, 5, 6, 7, 7, 9, 10, 11, 11]
        );
        // A stop asked for ends it without an answer.
        struct Stop;
        impl Progress for Stop {
            fn stop_requested(&self) -> bool {
                true
            }
        }
        assert_eq!(ring_values(&lasker, 5, &Stop), None);
    }

    /// Every code `d0.[e1 e2]` and `d0.d1[e1]` with octal digits.
    #[test]
    fn agrees_with_naive_on_all_short_codes() {
        for d0 in [0, 4] {
            for x in 0..8 {
                for y in 0..8 {
                    for text in [format!("{d0}.[{x}{y}]"), format!("{d0}.{x}[{y}]")] {
                        let code: OctalCode = text.parse().unwrap();
                        let want = naive::sequence(&code, 120);
                        let got = match RepeatingEngine::new(&code) {
                            Some(_) => sequence(&code, 120).unwrap(),
                            None => {
                                assert!(code.is_finite(), "{text}");
                                continue;
                            }
                        };
                        assert_eq!(got, want, "{text}");
                    }
                }
            }
        }
    }

    /// Feeding a prefix of another sequence starts over.
    #[test]
    fn restarts_on_a_shorter_sequence() {
        let code: OctalCode = "4.[3]".parse().unwrap();
        let g = sequence(&code, 50).unwrap();
        let mut e = RepeatingEngine::new(&code).unwrap();
        assert_eq!(e.next_value(&g[..50]), g[50]);
        assert_eq!(e.next_value(&g[..10]), g[10]);
        assert_eq!(e.next_value(&g[..11]), g[11]);
    }
}
