//! The full solve: the nimber of every position reachable from the start.
//!
//! Positions are identified up to the four symmetries of the station
//! ([`canonical_key`]); symmetric positions have equal nimbers, so each
//! class is solved once. The search is a depth-first mex recursion with a
//! memo shared by all threads; the start position's options are shared out
//! among the threads with rayon. Whatever the thread count, the memo ends
//! holding exactly the reachable classes with their nimbers, which are then
//! sorted by key, so the result is deterministic.

use super::search::{canonical_key, options, start, Entry};

use super::table::LoopTable;
use crate::impartial::{mex, Nimber};
use crate::progress::Progress;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};

/// The memo: a fixed-capacity, lock-free, open-addressing hash table from
/// canonical keys to nimbers, one `AtomicU64` per slot packing
/// `((loop << 24 | mask) + 1) << 14 | nimber` (0 = empty slot). Loop ids
/// stay below 2^26 and masks below 2^24 for every supported tile count
/// (T = 24 has about 3·10^7 loops); nimbers stay below 2^14.
///
/// Threads insert with compare-and-swap and read with plain atomic loads,
/// so no lock is taken. When the table is 85 % full it raises `full`; the
/// solve then stops and restarts with twice the capacity.
struct Memo {
    slots: Vec<AtomicU64>,
    bits: u32,
    len: AtomicUsize,
    full: AtomicBool,
}

const VALUE_BITS: u32 = 14;

impl Memo {
    fn with_bits(bits: u32) -> Memo {
        Memo {
            slots: std::iter::repeat_with(|| AtomicU64::new(0))
                .take(1 << bits)
                .collect(),
            bits,
            len: AtomicUsize::new(0),
            full: AtomicBool::new(false),
        }
    }

    #[inline]
    fn pack(key: u64) -> u64 {
        ((key >> 32) << 24 | (key & 0xFF_FFFF)) + 1
    }

    #[inline]
    fn slot(&self, packed: u64) -> usize {
        (packed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - self.bits)) as usize
    }

    #[inline]
    fn get(&self, key: u64) -> Option<u16> {
        let p = Self::pack(key);
        let m = self.slots.len() - 1;
        let mut i = self.slot(p);
        loop {
            let s = self.slots[i].load(Ordering::Relaxed);
            if s == 0 {
                return None;
            }
            if s >> VALUE_BITS == p {
                return Some((s & ((1 << VALUE_BITS) - 1)) as u16);
            }
            i = (i + 1) & m;
        }
    }

    fn insert(&self, key: u64, v: u16) {
        debug_assert!(u32::from(v) < 1 << VALUE_BITS);
        let p = Self::pack(key);
        let entry = p << VALUE_BITS | u64::from(v);
        let m = self.slots.len() - 1;
        let mut i = self.slot(p);
        loop {
            let mut s = self.slots[i].load(Ordering::Relaxed);
            if s == 0 {
                match self.slots[i].compare_exchange(0, entry, Ordering::Relaxed, Ordering::Relaxed)
                {
                    Ok(_) => {
                        let n = self.len.fetch_add(1, Ordering::Relaxed) + 1;
                        if n > self.slots.len() / 20 * 17 {
                            self.full.store(true, Ordering::Relaxed);
                        }
                        return;
                    }
                    Err(actual) => s = actual,
                }
            }
            if s >> VALUE_BITS == p {
                return;
            }
            i = (i + 1) & m;
        }
    }

    /// Every entry as `(key, nimber)`, unordered.
    fn entries(&self) -> Vec<(u64, u16)> {
        self.slots
            .par_iter()
            .filter_map(|a| {
                let s = a.load(Ordering::Relaxed);
                (s != 0).then(|| {
                    let p = (s >> VALUE_BITS) - 1;
                    (
                        (p >> 24) << 32 | (p & 0xFF_FFFF),
                        (s & ((1 << VALUE_BITS) - 1)) as u16,
                    )
                })
            })
            .collect()
    }
}

/// Table size (log2 of slots) expected to hold the solve from the start
/// with `tiles` tiles: classes grow about 13.5-fold per two tiles from 28
/// at T = 6 (see `tests/golden/monorail_numbers.csv`), plus headroom.
fn start_bits(tiles: usize) -> u32 {
    let est = 28.0 * 13.5f64.powf((tiles.saturating_sub(6)) as f64 / 2.0) * 1.25;
    (est.log2().ceil() as u32).clamp(10, 40)
}

#[derive(Default)]
struct Buffers {
    out: Vec<Entry>,
    bounds: Vec<usize>,
    scratch: Vec<(u32, u32, u32)>,
}

struct Solver<'a> {
    table: &'a LoopTable,
    memo: Memo,
}

impl Solver<'_> {
    fn value(&self, entries: &[Entry], bufs: &mut [Buffers]) -> u16 {
        let key = canonical_key(self.table, entries);
        if let Some(v) = self.memo.get(key) {
            return v;
        }
        if self.memo.full.load(Ordering::Relaxed) {
            return 0; // the solve restarts with a larger table
        }
        let (buf, rest) = bufs
            .split_first_mut()
            .expect("buffers cover the longest play");
        buf.out.clear();
        options(
            self.table,
            entries,
            &mut buf.out,
            &mut buf.bounds,
            &mut buf.scratch,
        );
        let values = (0..buf.bounds.len() - 1).map(|j| {
            Nimber(u32::from(
                self.value(&buf.out[buf.bounds[j]..buf.bounds[j + 1]], rest),
            ))
        });
        let v = mex(values).0 as u16;
        self.memo.insert(key, v);
        v
    }
}

/// One option of the start position with its value.
#[derive(Clone, Debug)]
pub struct StartOption {
    /// The option's compatible loops with masks, ascending by loop id.
    pub entries: Vec<Entry>,
    /// The option's canonical key.
    pub canonical_key: u64,
    /// Its nimber.
    pub nimber: u16,
}

/// The result of the full solve.
#[derive(Debug)]
pub struct Solved {
    /// Every reachable position class: `(canonical key, nimber)`, ascending
    /// by key. Keys are decoded with [`LoopTable`]: loop `key >> 32`, tiles
    /// `key as u32` as a mask over that loop's tiles.
    pub positions: Vec<(u64, u16)>,
    /// The start position's nimber.
    pub start_nimber: u16,
    /// Every option of the start position (not reduced by symmetry), in the
    /// order of [`options`].
    pub start_options: Vec<StartOption>,
}

impl Solved {
    /// The stored nimber of a canonical key.
    pub fn nimber(&self, canonical_key: u64) -> Option<u16> {
        self.positions
            .binary_search_by_key(&canonical_key, |&(k, _)| k)
            .ok()
            .map(|i| self.positions[i].1)
    }
}

/// Solves every position reachable from the start of `table`'s game.
///
/// Runs on the current rayon pool. Progress: one phase, one unit per option
/// of the start position.
pub fn solve(table: &LoopTable, progress: &dyn Progress) -> Solved {
    let tiles = table.loops.iter().map(|l| l.len()).max().unwrap_or(6);
    solve_with(table, &start(table), start_bits(tiles), progress)
}

/// Solves every position reachable from the position `root` (its entries,
/// ascending by loop id); [`Solved::start_nimber`] and
/// [`Solved::start_options`] then refer to `root`.
pub fn solve_from(table: &LoopTable, root: &[Entry], progress: &dyn Progress) -> Solved {
    solve_with(table, root, 16, progress)
}

/// As [`solve_from`], with the memo sized at the start for about
/// `expected_classes` classes (it still grows if they are more), which
/// saves the restarts of a memo grown from small.
pub fn solve_from_expecting(
    table: &LoopTable,
    root: &[Entry],
    expected_classes: f64,
    progress: &dyn Progress,
) -> Solved {
    let bits = (expected_classes * 1.25).max(1.0).log2().ceil();
    // Clamped to 16..=40 bits, so the conversion cannot truncate.
    let bits = bits.clamp(16.0, 40.0) as u32;
    solve_with(table, root, bits, progress)
}

/// Solves from `root` with a memo of `2^bits` slots, doubling it and
/// starting over whenever it fills.
fn solve_with(table: &LoopTable, root: &[Entry], mut bits: u32, progress: &dyn Progress) -> Solved {
    loop {
        if let Some(s) = try_solve(table, root, Memo::with_bits(bits), progress) {
            return s;
        }
        bits += 1;
    }
}

fn try_solve(
    table: &LoopTable,
    root: &[Entry],
    memo: Memo,
    progress: &dyn Progress,
) -> Option<Solved> {
    let solver = Solver { table, memo };
    let root = root.to_vec();
    let mut buf = Buffers::default();
    options(
        table,
        &root,
        &mut buf.out,
        &mut buf.bounds,
        &mut buf.scratch,
    );
    let opts: Vec<Vec<Entry>> = (0..buf.bounds.len() - 1)
        .map(|j| buf.out[buf.bounds[j]..buf.bounds[j + 1]].to_vec())
        .collect();
    // Solve each symmetry class of first moves once, largest first.
    let mut classes: Vec<(u64, usize)> = opts
        .iter()
        .enumerate()
        .map(|(i, o)| (canonical_key(table, o), i))
        .collect();
    classes.sort_unstable();
    classes.dedup_by_key(|c| c.0);
    classes.sort_by_key(|&(k, i)| (std::cmp::Reverse(opts[i].len()), k));
    progress.phase("solve", classes.len() as u64);
    let depth = table.loops.iter().map(|l| l.len()).max().unwrap_or(0) + 2;
    classes.par_iter().for_each(|&(_, i)| {
        let mut bufs: Vec<Buffers> = (0..depth).map(|_| Buffers::default()).collect();
        solver.value(&opts[i], &mut bufs);
        progress.advance(1);
    });
    progress.finish_phase();
    let mut bufs: Vec<Buffers> = (0..depth + 1).map(|_| Buffers::default()).collect();
    let start_nimber = solver.value(&root, &mut bufs);
    if solver.memo.full.load(Ordering::Relaxed) {
        return None;
    }
    let start_options = opts
        .into_iter()
        .map(|entries| {
            let k = canonical_key(table, &entries);
            let nimber = solver.memo.get(k).expect("every option was solved");
            StartOption {
                entries,
                canonical_key: k,
                nimber,
            }
        })
        .collect();
    let mut positions = solver.memo.entries();
    positions.par_sort_unstable();
    Some(Solved {
        positions,
        start_nimber,
        start_options,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::monorail::rules::Rules;
    use crate::progress::NoProgress;

    /// A memo far too small fills, restarts doubled, and ends with the same
    /// table as a large one.
    #[test]
    fn a_full_memo_restarts_larger_with_the_same_result() {
        let rules = Rules::new(10).unwrap();
        let table = LoopTable::new(&rules);
        let small = solve_with(&table, &start(&table), 8, &NoProgress);
        let large = solve(&table, &NoProgress);
        assert_eq!(small.positions, large.positions);
        assert_eq!(small.start_nimber, 10);
        assert_eq!(start_bits(16), 24);
    }

    #[test]
    fn memo_packs_and_unpacks_keys() {
        let m = Memo::with_bits(10);
        let keys = [0u64, 5, (3 << 32) | 0xFF_FFFF, ((1 << 26) - 1) << 32 | 1];
        for (i, &k) in keys.iter().enumerate() {
            m.insert(k, i as u16 * 1000);
        }
        for (i, &k) in keys.iter().enumerate() {
            assert_eq!(m.get(k), Some(i as u16 * 1000));
        }
        assert_eq!(m.get(7), None);
        let mut e = m.entries();
        e.sort_unstable();
        assert_eq!(e.len(), 4);
        assert_eq!(e[3].0, keys[3]);
    }
}
