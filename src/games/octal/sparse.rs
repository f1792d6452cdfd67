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
//! The mask is chosen from the histogram of values so far, by a
//! Walsh–Hadamard transform: the number of heap sizes with rare value under
//! `M` is `(N + F(M)) / 2`, `F` the transform of the histogram. When no mask
//! makes rare values rare (as in Treblecross, 0.007, for which no sparse
//! space is known), the engine runs in *full* mode: a short scatter of the
//! first pairs, then, for each value not yet seen in increasing order, a
//! targeted scan of the remaining pairs that stops at the first hit. The
//! targeted scans compare whole blocks at once and vectorise.
//!
//! Moves leaving three heaps (hexadecimal codes) are enumerated plainly.

use super::code::OctalCode;
use super::values::Value;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// Review the mask when `n` reaches these sizes times powers of two.
const FIRST_REVIEW: usize = 256;
/// Sparse mode needs at most this fraction (1/x) of heap sizes rare.
const RARE_FRACTION: usize = 24;
/// Pairs scattered before targeted scans in full mode.
const FULL_PREFIX: usize = 16384;
/// Pairs scattered at most before targeted scans in sparse mode.
const SPARSE_PREFIX: usize = 4096;
/// Block length of the targeted scan.
const BLOCK: usize = 256;
/// Targeted scans at least this long are split between threads.
const PARALLEL_SCAN: usize = 1 << 15;
/// After the first reviews (at doubling sizes), review this often.
const REVIEW_EVERY: usize = 1 << 14;

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
}

/// The fast engine's state for one code. Feed it the sequence so far, one
/// heap size at a time, with [`SparseEngine::next_value`].
#[derive(Clone, Debug)]
pub struct SparseEngine {
    whole: Vec<usize>,
    single: Vec<usize>,
    split2: Vec<usize>,
    split3: Vec<usize>,
    mask: u32,
    rare: Vec<u32>,
    hist: Vec<u64>,
    cap: u32,
    next_review: usize,
    seen: Vec<u8>,
    ms: Vec<usize>,
    stats: Stats,
}

#[inline(always)]
fn parity(v: u32, mask: u32) -> bool {
    (v & mask).count_ones() & 1 == 1
}

impl SparseEngine {
    /// A fresh engine for `code`.
    pub fn new(code: &OctalCode) -> SparseEngine {
        let with = |bit: u8| -> Vec<usize> { code.removals_with(bit) };
        SparseEngine {
            whole: with(1).into_iter().filter(|&k| k > 0).collect(),
            single: with(2).into_iter().filter(|&k| k > 0).collect(),
            split2: with(4),
            split3: with(8),
            mask: 0,
            rare: Vec::new(),
            hist: vec![0; 1],
            cap: 1,
            next_review: FIRST_REVIEW,
            seen: Vec::new(),
            ms: Vec::new(),
            stats: Stats::default(),
        }
    }

    /// The current mask (0 in full mode).
    pub fn mask(&self) -> u32 {
        self.mask
    }

    /// Heap sizes with a rare value under the current mask.
    pub fn rare_count(&self) -> usize {
        self.rare.len()
    }

    /// What the engine has done so far.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// Brings the engine up to date with `g`, a sequence it did not compute
    /// itself (one read from a checkpoint, say).
    pub fn absorb<T: Value>(&mut self, g: &[T]) {
        for &v in g {
            self.count(v.get());
        }
        self.mask = 0;
        self.rare.clear();
        self.next_review = FIRST_REVIEW;
    }

    fn count(&mut self, v: u32) {
        while v >= self.cap {
            self.cap *= 2;
        }
        if self.hist.len() < self.cap as usize {
            self.hist.resize(self.cap as usize, 0);
        }
        self.hist[v as usize] += 1;
    }

    /// Chooses the mask from the histogram and rebuilds the rare list.
    fn review<T: Value>(&mut self, g: &[T]) {
        while self.next_review <= g.len() {
            self.next_review += self.next_review.min(REVIEW_EVERY);
        }
        if self.split2.is_empty() {
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
        let total = g.len() as i64;
        let best = (1..f.len()).min_by_key(|&m| (f[m], m));
        let mask = match best {
            Some(m) if ((total + f[m]) / 2) as usize * RARE_FRACTION <= g.len() => m as u32,
            _ => 0,
        };
        if mask != self.mask {
            self.mask = mask;
            self.rare.clear();
            if mask != 0 {
                self.rare.extend(
                    (1..g.len())
                        .filter(|&n| !parity(g[n].get(), mask))
                        .map(|n| n as u32),
                );
            }
        }
    }

    #[inline(always)]
    fn set(&mut self, v: u32) {
        self.seen[v as usize] = 1;
    }

    #[inline(always)]
    fn has(&self, v: u32) -> bool {
        self.seen[v as usize] != 0
    }

    /// Computes `G(n)` for `n = g.len()`, given `g[i] = G(i)` for `i < n`.
    /// Every value of `g` must have been computed by this engine or passed
    /// to [`absorb`](Self::absorb); the caller appends the result to `g`
    /// before the next call.
    pub fn next_value<T: Value>(&mut self, g: &[T]) -> u32 {
        if g.len() >= self.next_review {
            self.review(g);
        }
        let v = self.compute(g);
        self.count(v);
        if self.mask != 0 && !g.is_empty() && !parity(v, self.mask) {
            self.rare.push(g.len() as u32);
        }
        v
    }

    fn compute<T: Value>(&mut self, g: &[T]) -> u32 {
        let n = g.len();
        self.seen.clear();
        self.seen.resize(2 * self.cap as usize + 2, 0);
        for i in 0..self.whole.len() {
            if self.whole[i] == n {
                self.set(0);
            }
        }
        for i in 0..self.single.len() {
            let k = self.single[i];
            if n > k {
                self.set(g[n - k].get());
            }
        }
        for i in 0..self.split3.len() {
            let k = self.split3[i];
            if n >= k + 3 {
                let m = n - k;
                for a in 1..=m / 3 {
                    for b in a..=(m - a) / 2 {
                        self.set((g[a] ^ g[b] ^ g[m - a - b]).get());
                    }
                }
            }
        }
        let mut ms = std::mem::take(&mut self.ms);
        ms.clear();
        ms.extend(self.split2.iter().filter(|&&k| n >= k + 2).map(|&k| n - k));
        let v = if ms.is_empty() {
            (0..).find(|&v| !self.has(v)).expect("a missing value")
        } else if self.mask != 0 {
            self.stats.sparse_steps += 1;
            self.sparse_step(g, &ms)
        } else {
            self.stats.full_steps += 1;
            self.full_step(g, &ms)
        };
        self.ms = ms;
        v
    }

    fn sparse_step<T: Value>(&mut self, g: &[T], ms: &[usize]) -> u32 {
        let mask = self.mask;
        for &m in ms {
            for i in 0..self.rare.len() {
                let r = self.rare[i] as usize;
                if r >= m {
                    break;
                }
                self.set((g[r] ^ g[m - r]).get());
            }
        }
        let c = (0..)
            .find(|&v| parity(v, mask) && !self.has(v))
            .expect("a missing common value");
        let mut pending = (0..c).filter(|&v| !parity(v, mask) && !self.has(v)).count();
        let half = ms.iter().map(|&m| m / 2).max().unwrap_or(0);
        let stop = half.min(SPARSE_PREFIX);
        let mut a = 1;
        while pending > 0 && a <= stop {
            for &m in ms {
                if a <= m / 2 {
                    let x = (g[a] ^ g[m - a]).get();
                    if !self.has(x) {
                        self.set(x);
                        if x < c && !parity(x, mask) {
                            pending -= 1;
                        }
                    }
                }
            }
            a += 1;
        }
        if pending == 0 {
            return c;
        }
        for v in 0..c {
            if !parity(v, mask) && !self.has(v) && !self.occurs_any(g, ms, a, v) {
                return v;
            }
        }
        c
    }

    fn full_step<T: Value>(&mut self, g: &[T], ms: &[usize]) -> u32 {
        let half = ms.iter().map(|&m| m / 2).max().unwrap_or(0);
        let stop = half.min(FULL_PREFIX);
        for &m in ms {
            for a in 1..=stop.min(m / 2) {
                self.set((g[a] ^ g[m - a]).get());
            }
        }
        let mut v = 0;
        loop {
            if !self.has(v) && !self.occurs_any(g, ms, stop + 1, v) {
                return v;
            }
            v += 1;
        }
    }

    /// Whether some split of some `m` in `ms` into `a + (m − a)` with
    /// `lo <= a <= m / 2` has value `v`.
    fn occurs_any<T: Value>(&mut self, g: &[T], ms: &[usize], lo: usize, v: u32) -> bool {
        let Some(v) = T::from_u32(v) else {
            self.stats.full_scans += 1;
            return false;
        };
        let hit = ms.iter().any(|&m| occurs(g, m, lo, v));
        if !hit {
            self.stats.full_scans += 1;
        }
        hit
    }
}

/// Whether `g[a] ^ g[m − a] == v` for some `a` in `lo..=m / 2`. Long
/// ranges are split between the threads of the current rayon pool; the
/// answer does not depend on the thread count.
pub fn occurs<T: Value>(g: &[T], m: usize, lo: usize, v: T) -> bool {
    let hi = m / 2;
    if lo > hi {
        return false;
    }
    let threads = rayon::current_num_threads();
    let len = hi - lo + 1;
    let none = AtomicBool::new(false);
    if threads == 1 || len < 2 * PARALLEL_SCAN {
        return occurs_in(g, m, lo, hi, v, &none);
    }
    // Most hits come early: look at the start alone, then split the rest.
    if occurs_in(g, m, lo, lo + PARALLEL_SCAN - 1, v, &none) {
        return true;
    }
    let lo = lo + PARALLEL_SCAN;
    let piece = (hi - lo + 1).div_ceil(threads);
    let found = AtomicBool::new(false);
    (0..threads).into_par_iter().any(|i| {
        let a = lo + i * piece;
        let b = (a + piece - 1).min(hi);
        a <= b && occurs_in(g, m, a, b, v, &found)
    })
}

/// [`occurs`] on `lo..=hi`, giving up when `found` is set by another
/// thread, and setting it on a hit.
fn occurs_in<T: Value>(g: &[T], m: usize, lo: usize, hi: usize, v: T, found: &AtomicBool) -> bool {
    let left = &g[lo..=hi];
    let right = &g[m - hi..=m - lo];
    for (i, (lc, rc)) in left.chunks(BLOCK).zip(right.rchunks(BLOCK)).enumerate() {
        let mut hit = 0u8;
        for (&x, &y) in lc.iter().zip(rc.iter().rev()) {
            hit |= ((x ^ y) == v) as u8;
        }
        if hit != 0 {
            found.store(true, Ordering::Relaxed);
            return true;
        }
        if i % 64 == 63 && found.load(Ordering::Relaxed) {
            return false;
        }
    }
    false
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

    #[test]
    fn equals_naive_on_classics() {
        for code in [
            "0.77", "0.137", "0.07", "0.007", "0.6", "0.16", "4.07", "0.354",
        ] {
            let c: OctalCode = code.parse().unwrap();
            assert_eq!(fast(code, 1500), naive::sequence(&c, 1500), "{code}");
        }
    }

    #[test]
    fn occurs_scans_every_pair() {
        let g: Vec<u8> = (0..1000u32).map(|i| (i * 7 % 13) as u8).collect();
        for m in [2usize, 3, 10, 513, 999] {
            for v in 0..16u8 {
                let want = (1..=m / 2).any(|a| g[a] ^ g[m - a] == v);
                assert_eq!(occurs(&g, m, 1, v), want, "m {m} v {v}");
            }
        }
    }
}
