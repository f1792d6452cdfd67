//! The pairs of a split, run through fast.
//!
//! A move that splits a heap of `m` tokens into `a` and `m − a` has the
//! option value `G(a) ⊕ G(m − a)`; the full-mode and sparse-mode steps of
//! [`crate::octal::engine::sparse`] spend nearly all their time running through such
//! pairs, `a` ascending from either end of `1..=m/2`. Read from the
//! sequence itself, `G(m − a)` runs backwards, which vectorises poorly. A
//! [`Mirror`] keeps the sequence in 16 bits twice, forwards and backwards,
//! so that both members of a run of pairs are forward slices of equal
//! length: the nim-sums of a block then vectorise, and marking them
//! indexes a fixed array of `2^16` marks with no bounds check. A
//! [`Pairs`] is the view a step reads: the sequence and, while every value
//! fits 16 bits, its mirror.
//!
//! Nothing here decides a value: these are the loops, with a plain path
//! for sequences whose values outgrow 16 bits (checked against it in the
//! tests).

use crate::octal::engine::values::Value;

/// Nim-sums computed per block before they are marked or compared.
pub const BLOCK: usize = 256;

/// Pairs compared per block by [`Pairs::first_at`].
pub const FIND_BLOCK: usize = 64;

/// Marks a 16-bit fast path indexes: one per 16-bit value.
pub const FAST_MARKS: usize = 1 << 16;

/// The sequence `G(0), G(1), …` in 16 bits, forwards and backwards (module
/// documentation). It stops being usable (and says so through
/// [`Pairs::new`]) once a value does not fit 16 bits.
#[derive(Clone, Debug, Default)]
pub struct Mirror {
    fwd: Vec<u16>,
    /// `rev[rev.len() − 1 − j] = G(j)` for `j < fwd.len()`; the front is
    /// room to grow.
    rev: Vec<u16>,
    /// A value did not fit 16 bits.
    wide: bool,
}

impl Mirror {
    /// Values held (heap sizes `0..len`).
    pub fn len(&self) -> usize {
        self.fwd.len()
    }

    /// Whether no value is held.
    pub fn is_empty(&self) -> bool {
        self.fwd.is_empty()
    }

    /// Forgets every value.
    pub fn clear(&mut self) {
        self.fwd.clear();
        self.wide = false;
    }

    /// Appends `G(len)`.
    pub fn push(&mut self, v: u32) {
        // A wide value keeps its low 16 bits (for `ends_like`); the mirror
        // is not read once any value is wide.
        self.wide |= v > u32::from(u16::MAX);
        let x = v as u16;
        let n = self.fwd.len();
        if n == self.rev.len() {
            // Room doubles; the values held move to the back.
            let cap = (2 * n).max(1024);
            let mut rev = vec![0u16; cap];
            rev[cap - n..].copy_from_slice(&self.rev);
            self.rev = rev;
        }
        let cap = self.rev.len();
        self.rev[cap - 1 - n] = x;
        self.fwd.push(x);
    }

    /// Whether the mirror holds as many values as `g` and its last value is
    /// `g`'s (a value past 16 bits compares as its low 16 bits).
    pub fn ends_like<T: Value>(&self, g: &[T]) -> bool {
        self.fwd.len() == g.len() && self.fwd.last().copied() == g.last().map(|v| v.get() as u16)
    }

    /// Makes the mirror hold exactly `g`.
    pub fn rebuild<T: Value>(&mut self, g: &[T]) {
        self.clear();
        for &v in g {
            self.push(v.get());
        }
    }
}

/// The sequence a step reads, with its mirror when that holds the same
/// values in 16 bits.
#[derive(Clone, Copy, Debug)]
pub struct Pairs<'a, T> {
    g: &'a [T],
    mirror: Option<&'a Mirror>,
}

/// A block of `N` nim-sums aligned to a cache line, so that vector loads
/// and stores of it never straddle two lines ([`Pairs::find_all`],
/// [`Pairs::scatter`]).
#[repr(align(64))]
struct Aligned<const N: usize>([u16; N]);

impl<'a, T: Value> Pairs<'a, T> {
    /// The view of `g`, using `mirror` only if it holds as many values as
    /// `g` and all of them fit 16 bits (the caller keeps it equal to `g`).
    pub fn new(g: &'a [T], mirror: &'a Mirror) -> Pairs<'a, T> {
        let ok = !mirror.wide && mirror.len() == g.len();
        Pairs {
            g,
            mirror: ok.then_some(mirror),
        }
    }

    /// The plain view, with no mirror (the reference path).
    pub fn plain(g: &'a [T]) -> Pairs<'a, T> {
        Pairs { g, mirror: None }
    }

    /// The sequence.
    pub fn values(&self) -> &'a [T] {
        self.g
    }

    /// `G(a)` and `G(m − a)` for `a` in `lo..=hi` as two forward slices,
    /// when the mirror is in use.
    fn slices(&self, m: usize, lo: usize, hi: usize) -> Option<(&'a [u16], &'a [u16])> {
        let r = self.mirror?;
        let off = r.rev.len() - 1 - m;
        Some((&r.fwd[lo..=hi], &r.rev[off + lo..=off + hi]))
    }

    /// Sets `state[G(a) ⊕ G(m − a)] = mark` for every `a` in `lo..=hi`
    /// (nothing if `lo > hi`). `state` must have a place for every such
    /// value; with [`FAST_MARKS`] places or more the fast path needs no
    /// bounds checks.
    ///
    /// # Panics
    /// If a nim-sum has no place in `state`.
    pub fn scatter(&self, state: &mut [u8], m: usize, lo: usize, hi: usize, mark: u8) {
        if lo > hi {
            return;
        }
        if let Some((left, right)) = self.slices(m, lo, hi) {
            if let Some(marks) = state.first_chunk_mut::<FAST_MARKS>() {
                let mut block = Aligned([0u16; BLOCK]);
                let sums = &mut block.0;
                for (lc, rc) in left.chunks(BLOCK).zip(right.chunks(BLOCK)) {
                    for ((s, &x), &y) in sums.iter_mut().zip(lc).zip(rc) {
                        *s = x ^ y;
                    }
                    for &s in &sums[..lc.len()] {
                        marks[usize::from(s)] = mark;
                    }
                }
            } else {
                match state.len() {
                    256 => mark_masked::<256>(state, left, right, mark),
                    512 => mark_masked::<512>(state, left, right, mark),
                    1024 => mark_masked::<1024>(state, left, right, mark),
                    2048 => mark_masked::<2048>(state, left, right, mark),
                    _ => {
                        for (&x, &y) in left.iter().zip(right) {
                            state[usize::from(x ^ y)] = mark;
                        }
                    }
                }
            }
            return;
        }
        let g = self.g;
        for (&x, &y) in g[lo..=hi].iter().zip(g[m - hi..=m - lo].iter().rev()) {
            state[(x ^ y).get() as usize] = mark;
        }
    }

    /// Whether `G(a) ⊕ G(m − a) = v` for some `a` in `lo..=hi`.
    pub fn occurs(&self, m: usize, lo: usize, hi: usize, v: u32) -> bool {
        self.first_block(m, lo, hi, v, false).is_some()
    }

    /// The least `a` in `lo..=hi` with `G(a) ⊕ G(m − a) = v`, if any. The
    /// comparison runs [`FIND_BLOCK`] pairs at a time (it vectorises); the
    /// block with the hit is then read pair by pair.
    pub fn first_at(&self, m: usize, lo: usize, hi: usize, v: u32) -> Option<usize> {
        if lo > hi {
            return None;
        }
        if let Some((left, right)) = self.slices(m, lo, hi) {
            let v = u16::try_from(v).ok()?;
            let mut start = lo;
            for (lc, rc) in left.chunks(FIND_BLOCK).zip(right.chunks(FIND_BLOCK)) {
                let mut h = 0u8;
                for (&x, &y) in lc.iter().zip(rc) {
                    h |= (x ^ y == v) as u8;
                }
                if h != 0 {
                    let i = lc.iter().zip(rc).position(|(&x, &y)| x ^ y == v)?;
                    return Some(start + i);
                }
                start += lc.len();
            }
            return None;
        }
        let v = T::from_u32(v)?;
        let g = self.g;
        (lo..=hi).find(|&a| g[a] ^ g[m - a] == v)
    }

    /// Looks for every value of `pending` among the pairs `a` in
    /// `lo..=hi`, in blocks of [`FIND_BLOCK`] pairs from `lo` (the last
    /// block may be shorter). Leaves in `pending` the values no pair has,
    /// in their order, and returns the end of the last block holding the
    /// first pair of a value found (`lo − 1` if none is found).
    ///
    /// Each block's nim-sums are computed once and compared with every
    /// value still pending (the comparisons vectorise); a value found
    /// leaves the list branch-free. Used where many values are looked for
    /// in one split set (sparse mode's rare values below the candidate).
    /// Pairs start at `a = 1`, so `lo` must be at least 1.
    pub fn find_all(&self, m: usize, lo: usize, hi: usize, pending: &mut Vec<u32>) -> usize {
        debug_assert!(lo >= 1, "pairs start at a = 1");
        let mut last = lo.saturating_sub(1);
        if lo > hi || pending.is_empty() {
            return last;
        }
        if let Some((left, right)) = self.slices(m, lo, hi) {
            let mut end = lo - 1;
            // Aligned to a cache line: the comparisons below read the block
            // in vector loads, which must not straddle two lines (where the
            // stack put it moved with unrelated code, and cost 5-8 % on
            // Grundy's game).
            let mut block = Aligned([0u16; FIND_BLOCK]);
            let sums = &mut block.0;
            for (lc, rc) in left.chunks(FIND_BLOCK).zip(right.chunks(FIND_BLOCK)) {
                end += lc.len();
                for ((s, &x), &y) in sums.iter_mut().zip(lc).zip(rc) {
                    *s = x ^ y;
                }
                // A short last block repeats its last pair: the same values.
                let fill = sums[lc.len() - 1];
                sums[lc.len()..].fill(fill);
                let before = pending.len();
                let mut len = 0;
                for i in 0..before {
                    let v = pending[i];
                    // A value past 16 bits is in no pair of the mirror.
                    let v16 = v as u16;
                    let mut h = 0u8;
                    for &s in sums.iter() {
                        h |= (s == v16) as u8;
                    }
                    pending[len] = v;
                    len += usize::from(h == 0 || v > u32::from(u16::MAX));
                }
                pending.truncate(len);
                if len < before {
                    last = end;
                }
                if len == 0 {
                    break;
                }
            }
            return last;
        }
        pending.retain(|&v| match self.first_at(m, lo, hi, v) {
            Some(a) => {
                let end = lo - 1 + (a - lo + FIND_BLOCK) / FIND_BLOCK * FIND_BLOCK;
                last = last.max(end.min(hi));
                false
            }
            None => true,
        });
        last
    }

    /// Looks for `v` among the pairs `a` in `lo..=hi`, [`BLOCK`] pairs at
    /// a time (the comparison vectorises), from `lo` up, or from `hi` down
    /// when `down`. Returns the bound of the first block with a hit that
    /// lies farthest from where the search began (its last `a` going up,
    /// its first going down); None if no pair has the value.
    pub fn first_block(&self, m: usize, lo: usize, hi: usize, v: u32, down: bool) -> Option<usize> {
        if lo > hi {
            return None;
        }
        if let Some((left, right)) = self.slices(m, lo, hi) {
            let v = u16::try_from(v).ok()?;
            let hit = |lc: &[u16], rc: &[u16]| {
                let mut h = 0u8;
                for (&x, &y) in lc.iter().zip(rc) {
                    h |= (x ^ y == v) as u8;
                }
                h != 0
            };
            return if down {
                let mut start = hi + 1;
                for (lc, rc) in left.rchunks(BLOCK).zip(right.rchunks(BLOCK)) {
                    start -= lc.len();
                    if hit(lc, rc) {
                        return Some(start);
                    }
                }
                None
            } else {
                let mut end = lo - 1;
                for (lc, rc) in left.chunks(BLOCK).zip(right.chunks(BLOCK)) {
                    end += lc.len();
                    if hit(lc, rc) {
                        return Some(end);
                    }
                }
                None
            };
        }
        let v = T::from_u32(v)?;
        let g = self.g;
        let hit = |a: usize| g[a] ^ g[m - a] == v;
        if down {
            let mut start = hi + 1;
            while start > lo {
                let from = start.saturating_sub(BLOCK).max(lo);
                if (from..start).any(hit) {
                    return Some(from);
                }
                start = from;
            }
        } else {
            let mut end = lo - 1;
            while end < hi {
                let to = (end + BLOCK).min(hi);
                if (end + 1..=to).any(hit) {
                    return Some(to);
                }
                end = to;
            }
        }
        None
    }
}

/// Four values below 2^16 as the 16-bit lanes of one word, `v[0]` in the
/// lowest: the nim-sums of two such words' values are one XOR, each read
/// back with a shift. The mark loops index from such words rather than
/// from a vector register (moving each nim-sum out of one took a slow
/// instruction a mark, at Officers to 2^22).
#[inline(always)]
pub(super) fn four_lanes(v: [u64; 4]) -> u64 {
    v[0] | (v[1] << 16) | (v[2] << 32) | (v[3] << 48)
}

/// Sets `state[x ⊕ y] = mark` for the pairs of `left` and `right`, in a
/// `state` of `W` places (a power of two): every nim-sum has a place (the
/// contract of [`Pairs::scatter`]), so masking it with `W − 1` changes
/// nothing and lets the compiler drop the bounds checks.
fn mark_masked<const W: usize>(state: &mut [u8], left: &[u16], right: &[u16], mark: u8) {
    let Some(marks) = state.first_chunk_mut::<W>() else {
        unreachable!("the caller matched the length")
    };
    // Four pairs a word ([`four_lanes`]).
    let word = |v: &[u16]| {
        let v: &[u16; 4] = v.try_into().expect("chunks of four");
        four_lanes(v.map(u64::from))
    };
    let k = left.len().min(right.len());
    let (l4, r4) = (left[..k].chunks_exact(4), right[..k].chunks_exact(4));
    let (l_rest, r_rest) = (l4.remainder(), r4.remainder());
    for (l, r) in l4.zip(r4) {
        let s = word(l) ^ word(r);
        marks[(s as usize) & (W - 1)] = mark;
        marks[((s >> 16) as usize) & (W - 1)] = mark;
        marks[((s >> 32) as usize) & (W - 1)] = mark;
        marks[((s >> 48) as usize) & (W - 1)] = mark;
    }
    for (&x, &y) in l_rest.iter().zip(r_rest) {
        marks[usize::from(x ^ y) & (W - 1)] = mark;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seq(n: usize, modulus: u32) -> Vec<u16> {
        (0..n as u32).map(|i| (i * 37 % modulus) as u16).collect()
    }

    /// The mirror's paths mark and find exactly what the plain path does,
    /// for every range, direction and value, across a regrowth.
    #[test]
    fn mirror_agrees_with_the_plain_path() {
        let g = seq(3000, 1009);
        let mut mirror = Mirror::default();
        mirror.rebuild(&g[..1]);
        for &v in &g[1..] {
            mirror.push(u32::from(v));
        }
        assert!(mirror.ends_like(&g));
        assert!(!mirror.ends_like(&g[..2999]));
        let mut other = g.clone();
        other[2999] ^= 1;
        assert!(!mirror.ends_like(&other));
        let fast = Pairs::new(&g, &mirror);
        assert!(fast.mirror.is_some());
        let plain = Pairs::plain(&g);
        for m in [2usize, 3, 7, 700, 2047, 2999] {
            for (lo, hi) in [(1, m / 2), (1, 0), (3, m / 3), (m / 4 + 1, m / 2)] {
                if lo == 0 || hi > m / 2 {
                    continue;
                }
                let mut a = vec![0u8; FAST_MARKS];
                let mut b = vec![0u8; FAST_MARKS];
                fast.scatter(&mut a, m, lo, hi, 1);
                plain.scatter(&mut b, m, lo, hi, 1);
                assert_eq!(a, b, "m {m} {lo}..={hi}");
                let mut small = vec![0u8; 1024];
                fast.scatter(&mut small, m, lo, hi, 1);
                assert_eq!(small[..], a[..1024]);
                let mut odd = vec![0u8; 1100];
                fast.scatter(&mut odd, m, lo, hi, 1);
                assert_eq!(odd[..], a[..1100]);
                for v in [0u32, 1, 5, 300, 1008, 1023, 70000] {
                    for down in [false, true] {
                        assert_eq!(
                            fast.first_block(m, lo, hi, v, down),
                            plain.first_block(m, lo, hi, v, down),
                            "m {m} {lo}..={hi} v {v} down {down}"
                        );
                    }
                    let want = lo <= hi && (lo..=hi).any(|a| u32::from(g[a] ^ g[m - a]) == v);
                    assert_eq!(fast.occurs(m, lo, hi, v), want);
                    let first = (lo..=hi).find(|&a| u32::from(g[a] ^ g[m - a]) == v);
                    assert_eq!(fast.first_at(m, lo, hi, v), first);
                    assert_eq!(plain.first_at(m, lo, hi, v), first);
                }
            }
        }
    }

    /// `find_all` finds what `first_at` finds, value by value, and ends at
    /// the block of the latest first pair, on the mirror's path and the
    /// plain one.
    #[test]
    fn find_all_equals_first_at_value_by_value() {
        let g = seq(3000, 613);
        let mut mirror = Mirror::default();
        mirror.rebuild(&g);
        for p in [Pairs::new(&g, &mirror), Pairs::plain(&g)] {
            for m in [5usize, 200, 2047, 2999] {
                for (lo, hi) in [(1, m / 2), (1, (m / 2).min(2048)), (65, m / 2), (3, 2)] {
                    let values: Vec<u32> = vec![0, 1, 2, 7, 100, 300, 612, 700, 1023, 70000];
                    let mut pending = values.clone();
                    let last = p.find_all(m, lo, hi, &mut pending);
                    let firsts: Vec<Option<usize>> =
                        values.iter().map(|&v| p.first_at(m, lo, hi, v)).collect();
                    let missing: Vec<u32> = values
                        .iter()
                        .zip(&firsts)
                        .filter(|(_, f)| f.is_none())
                        .map(|(&v, _)| v)
                        .collect();
                    assert_eq!(pending, missing, "m {m} {lo}..={hi}");
                    let want = firsts
                        .iter()
                        .flatten()
                        .map(|&a| {
                            (lo - 1 + (a - lo + FIND_BLOCK) / FIND_BLOCK * FIND_BLOCK).min(hi)
                        })
                        .max()
                        .unwrap_or(lo - 1);
                    assert_eq!(last, want, "m {m} {lo}..={hi}");
                }
            }
        }
    }

    /// The block bounds: going up, the last heap of the first block with a
    /// hit; going down, the first.
    #[test]
    fn block_bounds() {
        let mut g = vec![0u16; 2000];
        g[700] = 9; // the pair (700, 1300) of m = 2000 has value 9
        let mut mirror = Mirror::default();
        mirror.rebuild(&g);
        for p in [Pairs::new(&g, &mirror), Pairs::plain(&g)] {
            assert_eq!(p.first_block(2000, 1, 1000, 9, false), Some(768));
            assert_eq!(p.first_block(2000, 1, 1000, 9, true), Some(489));
            assert_eq!(p.first_block(2000, 701, 1000, 9, true), None);
        }
    }

    /// A value past 16 bits turns the mirror off.
    #[test]
    fn wide_values_use_the_plain_path() {
        let g: Vec<u32> = vec![0, 1, 70000, 3];
        let mut mirror = Mirror::default();
        mirror.rebuild(&g);
        assert!(Pairs::new(&g, &mirror).mirror.is_none());
        assert!(Pairs::new(&g[..2], &mirror).mirror.is_none());
        assert!(Pairs::new(&g, &mirror).occurs(3, 1, 1, 70001));
        assert!(!Pairs::new(&g, &mirror).occurs(3, 1, 1, 70000));
    }
}
