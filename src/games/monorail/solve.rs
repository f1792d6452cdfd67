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
use crate::progress::Progress;
use rayon::prelude::*;
use rustc_hash::FxHashMap;
use std::sync::Mutex;

const SHARDS: usize = 64;

/// The memo: canonical key → nimber, in shards behind locks.
struct Memo {
    shards: Vec<Mutex<FxHashMap<u64, u16>>>,
}

impl Memo {
    fn new() -> Memo {
        Memo {
            shards: (0..SHARDS)
                .map(|_| Mutex::new(FxHashMap::default()))
                .collect(),
        }
    }

    #[inline]
    fn shard(&self, key: u64) -> &Mutex<FxHashMap<u64, u16>> {
        let h = (key ^ key >> 32).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 58;
        &self.shards[h as usize]
    }

    fn get(&self, key: u64) -> Option<u16> {
        self.shard(key)
            .lock()
            .expect("memo lock poisoned")
            .get(&key)
            .copied()
    }

    fn insert(&self, key: u64, v: u16) {
        self.shard(key)
            .lock()
            .expect("memo lock poisoned")
            .insert(key, v);
    }
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
        let mut small: u64 = 0;
        let mut large: Vec<u16> = Vec::new();
        for j in 0..buf.bounds.len() - 1 {
            let v = self.value(&buf.out[buf.bounds[j]..buf.bounds[j + 1]], rest);
            if v < 64 {
                small |= 1 << v;
            } else {
                large.push(v);
            }
        }
        let v = crate::impartial::mex(
            (0..64)
                .filter(|b| small >> b & 1 == 1)
                .map(crate::impartial::Nimber)
                .chain(
                    large
                        .into_iter()
                        .map(|x| crate::impartial::Nimber(x as u32)),
                ),
        )
        .0 as u16;
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
    solve_from(table, &start(table), progress)
}

/// Solves every position reachable from the position `root` (its entries,
/// ascending by loop id); [`Solved::start_nimber`] and
/// [`Solved::start_options`] then refer to `root`.
pub fn solve_from(table: &LoopTable, root: &[Entry], progress: &dyn Progress) -> Solved {
    let solver = Solver {
        table,
        memo: Memo::new(),
    };
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
    let mut positions: Vec<(u64, u16)> = Vec::new();
    for shard in solver.memo.shards {
        let map = shard.into_inner().expect("memo lock poisoned");
        positions.reserve(map.len());
        positions.extend(map);
    }
    positions.par_sort_unstable();
    Solved {
        positions,
        start_nimber,
        start_options,
    }
}
