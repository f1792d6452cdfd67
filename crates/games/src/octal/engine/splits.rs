//! What is known of the split values of a heap, kept from one heap size to
//! the next.
//!
//! A code whose moves split a heap after removing `k` tokens, for several
//! `k` (0.76 splits after removing 1 or 2, 0.764 after 1, 2 or 3), reads
//! the same set `S(m) = {G(a) ⊕ G(m − a) : 1 ≤ a ≤ m/2}` at several heap
//! sizes: `S(m)` is an option set of heaps `m + k` for every such `k`. The
//! full-mode step of [`crate::octal::engine::sparse`] learns `S(m)` by scattering some of
//! its pairs and then looking for single values in the rest; this cache
//! keeps that knowledge (which values are present, and which were confirmed
//! absent by a scan to the end) for the last few `m`, so each `S(m)` is
//! scattered once instead of once per `k`, and a value confirmed absent is
//! not looked for again.
//!
//! **Both ends.** Pairs are scattered from both ends of `1..=m/2` at once,
//! and the targeted scans run through the unscattered middle from both
//! sides, a block from each in turn. In the games whose values keep
//! growing (the slow ones), a small nim-sum needs two heaps of nearly equal
//! value, so nearly equal size: small values first appear among the
//! balanced splits, near `a = m/2`, large ones among the unbalanced, near
//! `a = 1`. In 0.604 at n = 500,000, finding every value below `G(n)`
//! takes about 230,000 of its 250,000 pairs from either end alone, and
//! about 110,000 from both.
//!
//! Nothing here changes a value: every mark is a fact about `S(m)`, which
//! does not change once `G(0..=m)` is known.

use crate::octal::engine::pairs::{Pairs, BLOCK, FAST_MARKS};
use crate::octal::engine::values::Value;

/// Not yet known whether the value is in `S(m)`.
const UNKNOWN: u8 = 0;
/// The value is in `S(m)`.
pub const PRESENT: u8 = 1;
/// The value is not in `S(m)`: every pair was looked at.
const ABSENT: u8 = 2;

/// How many marks a set holds for values below `cap`: at least
/// [`FAST_MARKS`], so that scattering 16-bit values needs no bounds check
/// (those at or above the cache's capacity stay unknown, and only the
/// first `cap` are cleared for reuse).
fn marks_len(cap: usize) -> usize {
    cap.max(FAST_MARKS)
}

/// Knowledge of one `S(m)`.
#[derive(Clone, Debug, Default)]
pub struct SplitSet {
    m: usize,
    /// The largest `a` of a pair: `m/2`, or `(m − 1)/2` when the two heaps
    /// must differ (`!`).
    half: usize,
    /// Pairs `1 ≤ a ≤ low` have all been entered.
    low: usize,
    /// Pairs `high ≤ a ≤ m/2` have all been entered (`high = m/2 + 1`
    /// for none); `low < high`.
    high: usize,
    /// One mark per value: [`PRESENT`], absent, or not yet known. Values
    /// below `len` (the cache's capacity) can be in `S(m)`; the marks from
    /// `len` on (see [`marks_len`]) are all unknown.
    state: Vec<u8>,
    len: usize,
}

impl SplitSet {
    /// One mark per value below the cache's capacity: [`PRESENT`] for the
    /// values known to be in `S(m)`, something else for the others.
    pub fn marks(&self) -> &[u8] {
        &self.state[..self.len]
    }

    /// Pairs entered so far.
    pub fn scattered(&self) -> usize {
        self.low + (self.half + 1 - self.high)
    }

    /// Whether `v` is in `S(m)`, scanning the pairs not yet scattered (and
    /// remembering the answer). `p` holds at least `G(0..m)`. A value at
    /// or above the cache's capacity (a power of two above every value of
    /// `g`) is the nim-sum of no pair.
    pub fn contains<T: Value>(&mut self, p: &Pairs<'_, T>, v: u32) -> bool {
        if v as usize >= self.len {
            return false;
        }
        match self.state[v as usize] {
            PRESENT => return true,
            ABSENT => return false,
            _ => {}
        }
        // The middle `low < a < high`, a block from each side in turn.
        let (mut lo, mut hi) = (self.low + 1, self.high - 1);
        while lo <= hi {
            let up_to = (lo + BLOCK - 1).min(hi);
            if let Some(end) = p.first_block(self.m, lo, up_to, v, false) {
                // A hit not far past the pairs entered on this side
                // (within four times as many): enter every pair up to its
                // block, so the values found on the way cost no scan of
                // their own later; in games whose values keep growing
                // most values need such a scan, and entering pairs is the
                // cheaper way to find many. A far hit only marks `v`.
                if end <= 4 * self.low.max(BLOCK) {
                    p.scatter(&mut self.state, self.m, self.low + 1, end, PRESENT);
                    self.low = end;
                } else {
                    self.state[v as usize] = PRESENT;
                }
                return true;
            }
            lo = up_to + 1;
            if lo > hi {
                break;
            }
            let down_to = hi.saturating_sub(BLOCK - 1).max(lo);
            if let Some(start) = p.first_block(self.m, down_to, hi, v, true) {
                let depth = self.half + 1 - self.high;
                if self.half + 1 - start <= 4 * depth.max(BLOCK) {
                    p.scatter(&mut self.state, self.m, start, self.high - 1, PRESENT);
                    self.high = start;
                } else {
                    self.state[v as usize] = PRESENT;
                }
                return true;
            }
            hi = down_to - 1;
        }
        self.state[v as usize] = ABSENT;
        false
    }
}

/// The split sets of the last few heap sizes, and the buffers of those
/// evicted, for reuse.
#[derive(Clone, Debug, Default)]
pub struct SplitCache {
    sets: Vec<SplitSet>,
    spare: Vec<SplitSet>,
    cap: usize,
}

impl SplitCache {
    /// Forgets everything (values changed, as after reading a checkpoint).
    pub fn clear(&mut self) {
        self.spare.append(&mut self.sets);
    }

    /// Makes room for values below `cap` in every set (the new values are
    /// unknown in each).
    pub fn grow(&mut self, cap: usize) {
        if cap > self.cap {
            self.cap = cap;
            for s in &mut self.sets {
                s.state.resize(marks_len(cap), UNKNOWN);
                s.len = cap;
            }
        }
    }

    /// Drops the sets of heap sizes below `min_m`.
    pub fn evict_below(&mut self, min_m: usize) {
        let mut i = 0;
        while i < self.sets.len() {
            if self.sets[i].m < min_m {
                self.spare.push(self.sets.swap_remove(i));
            } else {
                i += 1;
            }
        }
    }

    /// Whether `S(m)` is cached.
    pub fn has(&self, m: usize) -> bool {
        self.sets.iter().any(|s| s.m == m)
    }

    /// An empty set sized for the cache's values, to be filled by
    /// [`fill`] and added with [`insert`](Self::insert).
    pub fn spare(&mut self) -> SplitSet {
        let mut s = self.spare.pop().unwrap_or_default();
        let len = marks_len(self.cap);
        if s.state.len() == len {
            // Only the first `s.len` marks were ever written.
            s.state[..s.len].fill(UNKNOWN);
        } else {
            s.state.clear();
            s.state.resize(len, UNKNOWN);
        }
        s.len = self.cap;
        s
    }

    /// Adds a set filled by [`fill`].
    pub fn insert(&mut self, s: SplitSet) {
        debug_assert!(!self.has(s.m));
        self.sets.push(s);
    }

    /// Takes the cached sets of `ms` out of the cache, in that order, for
    /// [`put_back`](Self::put_back) after use.
    ///
    /// # Panics
    /// If some `S(m)` is not cached.
    pub fn take(&mut self, ms: &[usize]) -> Vec<SplitSet> {
        ms.iter()
            .map(|&m| {
                let i = self
                    .sets
                    .iter()
                    .position(|s| s.m == m)
                    .expect("the split set is cached");
                self.sets.swap_remove(i)
            })
            .collect()
    }

    /// Returns sets taken by [`take`](Self::take).
    pub fn put_back(&mut self, sets: Vec<SplitSet>) {
        self.sets.extend(sets);
    }
}

/// Makes `s` (from [`SplitCache::spare`]) the set of `m` with `prefix`
/// pairs scattered (all of them if there are fewer), half from each end of
/// `1..=half` (`half` is `m/2`, or `(m − 1)/2` when the heaps must differ).
/// `p` holds at least `G(0..m)`.
pub fn fill<T: Value>(s: &mut SplitSet, p: &Pairs<'_, T>, m: usize, half: usize, prefix: usize) {
    s.m = m;
    s.half = half;
    if prefix >= half {
        s.low = half;
        s.high = half + 1;
    } else {
        s.low = prefix / 2;
        s.high = half + 1 - (prefix - prefix / 2);
    }
    p.scatter(&mut s.state, m, 1, s.low, PRESENT);
    p.scatter(&mut s.state, m, s.high, half, PRESENT);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::engine::pairs::Mirror;

    fn pairs(g: &[u16], m: usize) -> Vec<u32> {
        (1..=m / 2).map(|a| u32::from(g[a] ^ g[m - a])).collect()
    }

    /// Whatever was scattered first and whichever path reads the pairs,
    /// a set answers as the pairs do, and remembers the answer; the
    /// scattered fronts grow only by whole blocks.
    #[test]
    fn a_set_answers_like_the_pairs() {
        let g: Vec<u16> = (0..3000u32)
            .map(|i| (i * 37 % 29 + i / 150) as u16)
            .collect();
        let mut mirror = Mirror::default();
        mirror.rebuild(&g);
        let mut cache = SplitCache::default();
        cache.grow(64);
        for p in [Pairs::new(&g, &mirror), Pairs::plain(&g)] {
            for m in [2usize, 3, 17, 400, 699, 2999] {
                for prefix in [0usize, 1, 5, 1000] {
                    let mut s = cache.spare();
                    fill(&mut s, &p, m, m / 2, prefix);
                    assert_eq!(s.scattered(), prefix.min(m / 2));
                    let want = pairs(&g, m);
                    for v in (0..64u32).rev().chain(0..64) {
                        assert_eq!(
                            s.contains(&p, v),
                            want.contains(&v),
                            "m {m} prefix {prefix} v {v}"
                        );
                        assert!(s.low < s.high && s.high <= m / 2 + 1);
                    }
                    // Every mark is a fact.
                    for (v, &mark) in s.marks().iter().enumerate() {
                        match mark {
                            PRESENT => assert!(want.contains(&(v as u32))),
                            ABSENT => assert!(!want.contains(&(v as u32))),
                            _ => {}
                        }
                    }
                    cache.put_back(vec![s]);
                    cache.evict_below(usize::MAX);
                }
            }
        }
    }

    #[test]
    fn eviction_keeps_the_recent_sets() {
        let g: Vec<u8> = vec![0, 1, 2, 3, 1, 0, 2, 3, 1, 2, 0];
        let mut cache = SplitCache::default();
        cache.grow(4);
        for m in 2..=10 {
            let mut s = cache.spare();
            fill(&mut s, &Pairs::plain(&g), m, m / 2, 2);
            cache.insert(s);
            cache.evict_below(m.saturating_sub(2));
        }
        assert!(cache.has(10) && cache.has(9) && cache.has(8));
        assert!(!cache.has(7));
    }
}
