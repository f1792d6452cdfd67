//! What is known of the split values of a heap, kept from one heap size to
//! the next.
//!
//! A code whose moves split a heap after removing `k` tokens, for several
//! `k` (0.76 splits after removing 1 or 2, 0.764 after 1, 2 or 3), reads
//! the same set `S(m) = {G(a) ⊕ G(m − a) : 1 ≤ a ≤ m/2}` at several heap
//! sizes: `S(m)` is an option set of heaps `m + k` for every such `k`. The
//! full-mode step of [`super::sparse`] learns `S(m)` by scattering its first
//! pairs and then looking for single values in the rest; this cache keeps
//! that knowledge (which values are present, and which were confirmed
//! absent by a scan to the end) for the last few `m`, so each `S(m)` is
//! scattered once instead of once per `k`, and a value confirmed absent is
//! not looked for again.
//!
//! Nothing here changes a value: every mark is a fact about `S(m)`, which
//! does not change once `G(0..=m)` is known.

use super::values::Value;

/// Not yet known whether the value is in `S(m)`.
const UNKNOWN: u8 = 0;
/// The value is in `S(m)`.
pub const PRESENT: u8 = 1;
/// The value is not in `S(m)`: every pair was looked at.
const ABSENT: u8 = 2;

/// Block length of the targeted scan.
const BLOCK: usize = 256;

/// Knowledge of one `S(m)`.
#[derive(Clone, Debug, Default)]
pub struct SplitSet {
    m: usize,
    /// Pairs `1 ≤ a ≤ scattered` have all been entered.
    scattered: usize,
    /// One mark per value: [`PRESENT`], absent, or not yet known.
    state: Vec<u8>,
}

impl SplitSet {
    /// One mark per value below the cache's capacity: [`PRESENT`] for the
    /// values known to be in `S(m)`, something else for the others.
    pub fn marks(&self) -> &[u8] {
        &self.state
    }

    /// Whether `v` is in `S(m)`, scanning the pairs not yet scattered (and
    /// remembering the answer). `g` holds at least `G(0..m)`. A value at
    /// or above the cache's capacity (a power of two above every value of
    /// `g`) is the nim-sum of no pair.
    pub fn contains<T: Value>(&mut self, g: &[T], v: u32) -> bool {
        let Some(&mark) = self.state.get(v as usize) else {
            return false;
        };
        match mark {
            PRESENT => true,
            ABSENT => false,
            _ => match T::from_u32(v).and_then(|x| first_block(g, self.m, self.scattered + 1, x)) {
                // A hit not far past the pairs entered: enter every pair
                // up to its block, so the values found on the way cost no
                // scan of their own later. A far hit only marks `v`.
                Some(end) if end <= 2 * self.scattered.max(BLOCK) => {
                    scatter(&mut self.state, g, self.m, self.scattered + 1, end);
                    self.scattered = end;
                    true
                }
                Some(_) => {
                    self.state[v as usize] = PRESENT;
                    true
                }
                None => {
                    self.state[v as usize] = ABSENT;
                    false
                }
            },
        }
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
                s.state.resize(cap, UNKNOWN);
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
        s.state.clear();
        s.state.resize(self.cap, UNKNOWN);
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

/// Makes `s` (from [`SplitCache::spare`]) the set of `m` with pairs
/// `1..=min(prefix, m / 2)` scattered. `g` holds at least `G(0..m)`.
pub fn fill<T: Value>(s: &mut SplitSet, g: &[T], m: usize, prefix: usize) {
    s.m = m;
    s.scattered = prefix.min(m / 2);
    scatter(&mut s.state, g, m, 1, s.scattered);
}

/// Marks the values of the pairs `lo <= a <= hi` of `m` present.
fn scatter<T: Value>(state: &mut [u8], g: &[T], m: usize, lo: usize, hi: usize) {
    if lo > hi {
        return;
    }
    let left = &g[lo..=hi];
    let right = &g[m - hi..=m - lo];
    for (&x, &y) in left.iter().zip(right.iter().rev()) {
        state[(x ^ y).get() as usize] = PRESENT;
    }
}

/// Whether `g[a] ^ g[m − a] == v` for some `a` in `lo..=m / 2`. Compares a
/// block of pairs at a time, so the loop vectorises.
pub fn occurs<T: Value>(g: &[T], m: usize, lo: usize, v: T) -> bool {
    first_block(g, m, lo, v).is_some()
}

/// The last `a` of the first block of pairs `a` in `lo..=m / 2` (blocks of
/// [`BLOCK`] from `lo`) in which `g[a] ^ g[m − a] == v`; None if no pair
/// has that value.
fn first_block<T: Value>(g: &[T], m: usize, lo: usize, v: T) -> Option<usize> {
    let hi = m / 2;
    if lo > hi {
        return None;
    }
    let left = &g[lo..=hi];
    let right = &g[m - hi..=m - lo];
    let mut end = lo - 1;
    for (lc, rc) in left.chunks(BLOCK).zip(right.rchunks(BLOCK)) {
        let mut hit = 0u8;
        for (&x, &y) in lc.iter().zip(rc.iter().rev()) {
            hit |= ((x ^ y) == v) as u8;
        }
        end += lc.len();
        if hit != 0 {
            return Some(end);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(g: &[u8], m: usize) -> Vec<u32> {
        (1..=m / 2).map(|a| (g[a] ^ g[m - a]) as u32).collect()
    }

    #[test]
    fn a_set_answers_like_the_pairs() {
        let g: Vec<u8> = (0..700u32).map(|i| (i * 37 % 29) as u8).collect();
        let mut cache = SplitCache::default();
        cache.grow(32);
        for m in [2usize, 3, 17, 400, 699] {
            for prefix in [0usize, 5, 1000] {
                let mut s = cache.spare();
                fill(&mut s, &g, m, prefix);
                let want = pairs(&g, m);
                for v in 0..32u32 {
                    assert_eq!(
                        s.contains(&g, v),
                        want.contains(&v),
                        "m {m} prefix {prefix} v {v}"
                    );
                    // The remembered answer is the same.
                    assert_eq!(s.contains(&g, v), want.contains(&v));
                }
            }
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

    #[test]
    fn eviction_keeps_the_recent_sets() {
        let g: Vec<u8> = vec![0, 1, 2, 3, 1, 0, 2, 3, 1, 2, 0];
        let mut cache = SplitCache::default();
        cache.grow(4);
        for m in 2..=10 {
            let mut s = cache.spare();
            fill(&mut s, &g, m, 2);
            cache.insert(s);
            cache.evict_below(m.saturating_sub(2));
        }
        assert!(cache.has(10) && cache.has(9) && cache.has(8));
        assert!(!cache.has(7));
    }
}
