//! One step of the sparse engine: the value of one heap size, in sparse
//! mode or in full mode.

use super::state::{key, marks_word, parity, to_bits, Scattered, Shared, Stats, Worker};
use super::{
    BATCH_MIN_RARE, BATCH_ROWS, FEW_PENDING, FIRST_ROUND, PAIR_WORK, SPARSE_PREFIX, STEP_WORK,
};
use crate::octal::engine::pairs::Pairs;
use crate::octal::engine::splits::{self, PRESENT};
use crate::octal::engine::values::Value;

#[inline(always)]
pub(super) fn set(seen: &mut [u8], v: u32) {
    seen[v as usize] = 1;
}

/// The heap sizes `m = n − k` whose splits `m = a + (m − a)` heap `n`
/// reads.
pub(super) fn splits_read(sh: &Shared, n: usize) -> Vec<usize> {
    sh.split2
        .iter()
        .filter(|&&k| n >= k + 2)
        .map(|&k| n - k)
        .collect()
}

/// `G(n)` from `g`, which holds at least `G(0..=n − lag)`. In full mode,
/// `sets` are the split sets of [`splits_read`]`(n)`, in that order.
pub(super) fn compute<T: Value>(
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
pub(super) fn begin<T: Value>(sh: &Shared, w: &mut Worker, g: &[T], n: usize, ahead: bool) {
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
pub(super) fn plain_options(sh: &Shared, n: usize) -> u64 {
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
/// (see [`super::SparseEngine::speculate`]; the splits must not read
/// `G(n − 1)`); a `snapshot` receives the first set's marks of its rare
/// pairs.
pub(super) fn sparse_step<T: Value>(
    sh: &Shared,
    w: &mut Worker,
    p: &Pairs<'_, T>,
    ms: &[usize],
    n: usize,
    ahead: bool,
    snapshot: Option<&mut Vec<u8>>,
) -> (u32, u32) {
    let sets = enter_rare_pairs(sh, w, p.values(), ms, n, ahead);
    if let Some(snap) = snapshot {
        snap.clear();
        snap.extend_from_slice(&w.known[sets[0]].present);
    }
    let (c, words) = candidate(sh, w, ms[0]);
    let Worker {
        pending,
        known,
        stats,
        bits,
        ..
    } = w;
    let pend = &mut bits[..words];
    if sh.shortcuts && sets.len() == 1 && sh.split2.len() == 1 && known[sets[0]].scattered == 0 {
        let v = single_set(sh, &mut known[sets[0]], pend, pending, stats, p, c);
        return (v, c);
    }
    pending.clear();
    for (i, &w) in pend.iter().enumerate() {
        push_bits(pending, 64 * i as u32, w);
    }
    scatter_rounds(sh, w, &sets, p);
    match scan_pending(sh, w, &sets, p) {
        Some(v) => (v, c),
        None => (c, c),
    }
}

/// The first part of [`sparse_step`]: the split sets of `ms`, as indices
/// into the worker's `known`, each with its pairs with a rare heap size
/// entered (once per set), then the values earlier heaps found in them
/// entered into `seen` (no later heap reads a set below the least m of
/// `ms`, so such a set makes room).
#[inline]
fn enter_rare_pairs<T: Value>(
    sh: &Shared,
    w: &mut Worker,
    g: &[T],
    ms: &[usize],
    n: usize,
    ahead: bool,
) -> Vec<usize> {
    let Worker {
        seen,
        known,
        stats,
        batch,
        ..
    } = w;
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
            let below = crate::octal::engine::rare_batch::below(&sh.rare, m);
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
    sets
}

/// The candidate of a step whose split sets have heaps of the parity of
/// `m0`: the least common value not seen, and the number of words of the
/// worker's `bits` that then hold the pending values (the rare values
/// below it not seen, one bit each). Word by word (a value's kind is a
/// coin toss to a branch predictor).
#[inline]
fn candidate(sh: &Shared, w: &mut Worker, m0: usize) -> (u32, usize) {
    let Worker {
        seen,
        bits,
        common: common_bits,
        ..
    } = w;
    to_bits(seen, bits);
    let com = common_bits.get(sh.mask, sh.ext, m0 % 2 == 1, seen.len());
    let c = com
        .iter()
        .zip(bits.iter())
        .enumerate()
        .find_map(|(i, (&cw, &sw))| {
            let free = cw & !sw;
            (free != 0).then(|| 64 * i as u32 + free.trailing_zeros())
        })
        .expect("a missing common value");
    // Every m of `ms` has the parity of ms[0] when keys carry it.
    debug_assert!(parity(key(sh.ext, m0, c), sh.mask) && seen[c as usize] == 0);
    // The pending values as bits: the rare values below `c` not seen.
    let words = (c as usize).div_ceil(64);
    for (i, (b, &cw)) in bits[..words].iter_mut().zip(com).enumerate() {
        *b = !cw & !*b;
        let base = 64 * i as u32;
        if c - base < 64 {
            *b &= (1u64 << (c - base)) - 1;
        }
    }
    (c, words)
}

/// Scatters blocks of each set's next pairs branch-free, doubling in
/// length, dropping the pending values seen after each: few checks when
/// the values turn up late, an early stop when they turn up at once.
#[inline]
fn scatter_rounds<T: Value>(sh: &Shared, w: &mut Worker, sets: &[usize], p: &Pairs<'_, T>) {
    let Worker {
        seen,
        pending,
        known,
        stats,
        ..
    } = w;
    let mut len = FIRST_ROUND;
    while !pending.is_empty() {
        let mut more = false;
        for &i in sets {
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
}

/// Looks for each value still pending after [`scatter_rounds`] among the
/// pairs not scattered, set by set, stopping at the first hit: the first
/// value found in no set is the step's answer (`Some`); `None` when every
/// one was found.
#[inline]
fn scan_pending<T: Value>(
    sh: &Shared,
    w: &mut Worker,
    sets: &[usize],
    p: &Pairs<'_, T>,
) -> Option<u32> {
    let Worker {
        pending,
        known,
        stats,
        ..
    } = w;
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
                return Some(v);
            }
        }
    }
    None
}

/// Keeps the values of `pending` not marked in `seen`, in order; free of
/// branches (whether a value was seen is a coin toss to the predictor).
pub(super) fn keep_unseen(pending: &mut Vec<u32>, seen: &[u8]) {
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
pub(super) fn push_bits(list: &mut Vec<u32>, base: u32, mut word: u64) {
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
pub(super) fn single_set<T: Value>(
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

pub(super) fn full_step<T: Value>(
    w: &mut Worker,
    sets: &mut [splits::SplitSet],
    p: &Pairs<'_, T>,
) -> u32 {
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
