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

/// Review the mask when `n` reaches these sizes times powers of two.
const FIRST_REVIEW: usize = 256;
/// After the first reviews (at doubling sizes), review this often.
const REVIEW_EVERY: usize = 1 << 14;
/// Sparse mode needs at most this fraction (1/x) of heap sizes rare.
const RARE_FRACTION: usize = 24;
/// Pairs scattered before targeted scans in full mode.
const FULL_PREFIX: usize = 16384;
/// Pairs scattered at most before targeted scans in sparse mode.
const SPARSE_PREFIX: usize = 2048;
/// Block length of the targeted scan.
const BLOCK: usize = 256;
/// Heap sizes from which two values are computed at once on two threads,
/// when the code allows it (see [`SparseEngine::lag`]).
const PARALLEL_FROM: usize = 4096;

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

impl std::ops::AddAssign for Stats {
    fn add_assign(&mut self, o: Stats) {
        self.sparse_steps += o.sparse_steps;
        self.full_steps += o.full_steps;
        self.full_scans += o.full_scans;
    }
}

/// What every step reads: the moves, the mask and the rare heap sizes.
#[derive(Clone, Debug)]
struct Shared {
    whole: Vec<usize>,
    single: Vec<usize>,
    split2: Vec<usize>,
    split3: Vec<usize>,
    mask: u32,
    rare: Vec<u32>,
    cap: u32,
}

/// Scratch space of one step: the option values seen.
#[derive(Clone, Debug, Default)]
struct Worker {
    seen: Vec<u8>,
    ms: Vec<usize>,
    pending: Vec<u32>,
    stats: Stats,
}

/// The fast engine's state for one code. Feed it the sequence so far with
/// [`SparseEngine::next_values`] or [`SparseEngine::next_value`].
#[derive(Clone, Debug)]
pub struct SparseEngine {
    shared: Shared,
    hist: Vec<u64>,
    next_review: usize,
    lag: usize,
    workers: [Worker; 2],
}

#[inline(always)]
fn parity(v: u32, mask: u32) -> bool {
    (v & mask).count_ones() & 1 == 1
}

impl SparseEngine {
    /// A fresh engine for `code`.
    pub fn new(code: &OctalCode) -> SparseEngine {
        let with = |bit: u8| -> Vec<usize> { code.removals_with(bit) };
        let single: Vec<usize> = with(2).into_iter().filter(|&k| k > 0).collect();
        let split2 = with(4);
        let split3 = with(8);
        // Heap n reads G(n − k) for single-heap moves and at most
        // G(n − k − 1) for splits.
        let lag = single
            .iter()
            .copied()
            .chain(split2.iter().chain(&split3).map(|&k| k + 1))
            .min()
            .unwrap_or(usize::MAX);
        SparseEngine {
            shared: Shared {
                whole: with(1).into_iter().filter(|&k| k > 0).collect(),
                single,
                split2,
                split3,
                mask: 0,
                rare: Vec::new(),
                cap: 1,
            },
            hist: vec![0; 1],
            next_review: FIRST_REVIEW,
            lag,
            workers: [Worker::default(), Worker::default()],
        }
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
        for &v in g {
            self.count(v.get());
        }
        self.shared.mask = 0;
        self.shared.rare.clear();
        self.next_review = FIRST_REVIEW;
    }

    fn count(&mut self, v: u32) {
        while v >= self.shared.cap {
            self.shared.cap *= 2;
        }
        if self.hist.len() < self.shared.cap as usize {
            self.hist.resize(self.shared.cap as usize, 0);
        }
        self.hist[v as usize] += 1;
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
        let total = g.len() as i64;
        let best = (1..f.len()).min_by_key(|&m| (f[m], m));
        let mask = match best {
            Some(m) if ((total + f[m]) / 2) as usize * RARE_FRACTION <= g.len() => m as u32,
            _ => 0,
        };
        if mask != self.shared.mask {
            self.shared.mask = mask;
            self.shared.rare.clear();
            if mask != 0 {
                self.shared.rare.extend(
                    (1..g.len())
                        .filter(|&n| !parity(g[n].get(), mask))
                        .map(|n| n as u32),
                );
            }
        }
    }

    fn record(&mut self, n: usize, v: u32) {
        self.count(v);
        if self.shared.mask != 0 && n > 0 && !parity(v, self.shared.mask) {
            self.shared.rare.push(n as u32);
        }
    }

    /// Computes `G(n)` for `n = g.len()`, given `g[i] = G(i)` for `i < n`.
    /// Every value of `g` must have been computed by this engine or passed
    /// to [`absorb`](Self::absorb); the caller appends the result to `g`
    /// before the next call.
    pub fn next_value<T: Value>(&mut self, g: &[T]) -> u32 {
        if g.len() >= self.next_review {
            self.review(g);
        }
        let v = compute(&self.shared, &mut self.workers[0], g.len(), g);
        self.record(g.len(), v);
        v
    }

    /// Like [`next_value`](Self::next_value), but may compute `G(n + 1)`
    /// too, on a second thread of the current rayon pool, when the code's
    /// [`lag`](Self::lag) allows it and the engine is in full mode.
    /// Returns the values computed (one or two) for the caller to append in
    /// order. The values do not depend on the thread count.
    pub fn next_values<T: Value>(&mut self, g: &[T]) -> ([u32; 2], usize) {
        let n = g.len();
        let pair = self.lag >= 2
            && n >= PARALLEL_FROM
            && self.shared.mask == 0
            && n + 2 < self.next_review
            && rayon::current_num_threads() > 1;
        if !pair {
            return ([self.next_value(g), 0], 1);
        }
        let shared = &self.shared;
        let [w0, w1] = &mut self.workers;
        let (a, b) = rayon::join(
            || compute(shared, w0, n, g),
            || compute(shared, w1, n + 1, g),
        );
        self.record(n, a);
        self.record(n + 1, b);
        ([a, b], 2)
    }
}

#[inline(always)]
fn set(seen: &mut [u8], v: u32) {
    seen[v as usize] = 1;
}

/// `G(n)` from `g`, which holds at least `G(0..=n − lag)`.
fn compute<T: Value>(sh: &Shared, w: &mut Worker, n: usize, g: &[T]) -> u32 {
    w.seen.clear();
    w.seen.resize(2 * sh.cap as usize + 2, 0);
    let seen = &mut w.seen;
    for &k in &sh.whole {
        if k == n {
            set(seen, 0);
        }
    }
    for &k in &sh.single {
        if n > k {
            set(seen, g[n - k].get());
        }
    }
    for &k in &sh.split3 {
        if n >= k + 3 {
            let m = n - k;
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    set(seen, (g[a] ^ g[b] ^ g[m - a - b]).get());
                }
            }
        }
    }
    let mut ms = std::mem::take(&mut w.ms);
    ms.clear();
    ms.extend(sh.split2.iter().filter(|&&k| n >= k + 2).map(|&k| n - k));
    let v = if ms.is_empty() {
        (0..)
            .find(|&v| w.seen[v as usize] == 0)
            .expect("a missing value")
    } else if sh.mask != 0 {
        w.stats.sparse_steps += 1;
        sparse_step(sh, w, g, &ms)
    } else {
        w.stats.full_steps += 1;
        full_step(w, g, &ms)
    };
    w.ms = ms;
    v
}

fn sparse_step<T: Value>(sh: &Shared, w: &mut Worker, g: &[T], ms: &[usize]) -> u32 {
    let mask = sh.mask;
    let seen = &mut w.seen;
    for &m in ms {
        for &r in &sh.rare {
            let r = r as usize;
            if r >= m {
                break;
            }
            set(seen, (g[r] ^ g[m - r]).get());
        }
    }
    let c = (0..)
        .find(|&v| parity(v, mask) && seen[v as usize] == 0)
        .expect("a missing common value");
    let mut pending = std::mem::take(&mut w.pending);
    pending.clear();
    pending.extend((0..c).filter(|&v| !parity(v, mask) && seen[v as usize] == 0));
    let half = ms.iter().map(|&m| m / 2).max().unwrap_or(0);
    let stop = half.min(SPARSE_PREFIX);
    // Scatter blocks of pairs branch-free, doubling in length, dropping the
    // pending values seen after each: few checks when the values turn up
    // late, an early stop when they turn up at once.
    let mut a = 1;
    let mut len = 64;
    while !pending.is_empty() && a <= stop {
        let end = (a + len - 1).min(stop);
        for &m in ms {
            let hi = end.min(m / 2);
            if hi >= a {
                let left = &g[a..=hi];
                let right = &g[m - hi..=m - a];
                for (&x, &y) in left.iter().zip(right.iter().rev()) {
                    seen[(x ^ y).get() as usize] = 1;
                }
            }
        }
        a = end + 1;
        len *= 2;
        pending.retain(|&v| seen[v as usize] == 0);
    }
    let mut answer = c;
    for &v in &pending {
        if !occurs_any(w, g, ms, a, v) {
            answer = v;
            break;
        }
    }
    w.pending = pending;
    answer
}

fn full_step<T: Value>(w: &mut Worker, g: &[T], ms: &[usize]) -> u32 {
    let half = ms.iter().map(|&m| m / 2).max().unwrap_or(0);
    let stop = half.min(FULL_PREFIX);
    for &m in ms {
        for a in 1..=stop.min(m / 2) {
            set(&mut w.seen, (g[a] ^ g[m - a]).get());
        }
    }
    let mut v = 0;
    loop {
        if w.seen[v as usize] == 0 && !occurs_any(w, g, ms, stop + 1, v) {
            return v;
        }
        v += 1;
    }
}

/// Whether some split of some `m` in `ms` into `a + (m − a)` with
/// `lo <= a <= m / 2` has value `v`.
fn occurs_any<T: Value>(w: &mut Worker, g: &[T], ms: &[usize], lo: usize, v: u32) -> bool {
    let hit = T::from_u32(v).is_some_and(|v| ms.iter().any(|&m| occurs(g, m, lo, v)));
    if !hit {
        w.stats.full_scans += 1;
    }
    hit
}

/// Whether `g[a] ^ g[m − a] == v` for some `a` in `lo..=m / 2`. Compares a
/// block of pairs at a time, so the loop vectorises.
pub fn occurs<T: Value>(g: &[T], m: usize, lo: usize, v: T) -> bool {
    let hi = m / 2;
    if lo > hi {
        return false;
    }
    let left = &g[lo..=hi];
    let right = &g[m - hi..=m - lo];
    for (lc, rc) in left.chunks(BLOCK).zip(right.rchunks(BLOCK)) {
        let mut hit = 0u8;
        for (&x, &y) in lc.iter().zip(rc.iter().rev()) {
            hit |= ((x ^ y) == v) as u8;
        }
        if hit != 0 {
            return true;
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
