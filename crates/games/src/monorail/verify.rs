//! Independent check of a solved-positions table against the rules.
//!
//! [`check_table`] walks the game from the start position, regenerating
//! every position's options from the rules (the loop table's move generator,
//! itself tested against the plain rules of [`super::rules`]), and checks
//! that each stored nimber is the mex of its options' stored nimbers and
//! that the table holds exactly the reachable classes. It returns what it
//! found: either the first [`Mismatch`], or the table as a [`Solved`] from
//! which [`super::analysis::analyse`] re-derives every other number. Which
//! file a number was read from is the dataset code's business
//! (`grundy_dataset::monorail_verify::verify_dataset`).

use super::loop_table::LoopTable;
use super::memo::CompactMemo;
use super::memo_size::memo_for;
use super::moves::{canonical_key, options, start, Entry};
use super::position::Position;
use super::solve::OptionBuffers;
use super::solved::{Solved, StartOption};
use grundy_core::impartial::{mex, Nimber};
use grundy_core::progress::Progress;
use rayon::prelude::*;
use std::fmt;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Mutex;

/// The first disagreement between a table and the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mismatch {
    /// Keys are not strictly ascending at record `index` (0-based).
    NotSorted {
        /// The first record out of order.
        index: usize,
    },
    /// A reachable position has no record.
    MissingRecord {
        /// The position, compact notation.
        position: String,
        /// The position it is an option of, if not the start.
        parent: Option<String>,
    },
    /// A stored nimber is not the mex of its options' stored nimbers.
    WrongNimber {
        /// The position, compact notation.
        position: String,
        /// The stored nimber.
        stored: u16,
        /// The mex of its options.
        computed: u32,
        /// Its number of options.
        options: usize,
    },
    /// A stored nimber too large for the checker's memo.
    ValueTooLarge {
        /// The record's key.
        key: u64,
        /// Its nimber.
        value: u16,
    },
    /// Records that no play from the start reaches.
    Unreachable {
        /// How many.
        count: u64,
        /// The first one's key.
        first_key: u64,
    },
}

impl fmt::Display for Mismatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Mismatch::NotSorted { index } => {
                write!(f, "record {index}: keys are not strictly ascending")
            }
            Mismatch::MissingRecord {
                position,
                parent: None,
            } => write!(f, "position {position} is reachable but has no record"),
            Mismatch::MissingRecord {
                position,
                parent: Some(p),
            } => write!(
                f,
                "position {position} (an option of {p}) is reachable but has no record"
            ),
            Mismatch::WrongNimber {
                position,
                stored,
                computed,
                options,
            } => write!(
                f,
                "position {position} is stored with nimber {stored} but the mex of its {options} options is {computed}"
            ),
            Mismatch::ValueTooLarge { key, value } => write!(
                f,
                "record with key {key:#x} stores nimber {value}, more than any position of this game can have"
            ),
            Mismatch::Unreachable { count, first_key } => write!(
                f,
                "{count} records are not reachable from the start, the first with key {first_key:#x}"
            ),
        }
    }
}

/// One depth's working space of the walk.
#[derive(Default)]
struct WalkBuffers {
    opts: OptionBuffers,
    found: Vec<(usize, u16)>,
    /// Options looked up at this depth (added to the walk's count when the
    /// task's buffers are dropped: no shared counter per position).
    options: u64,
    /// Positions checked at this depth not yet reported to the progress.
    checked: u64,
}

/// What the walk of [`check_table`] counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct WalkCounts {
    /// Records checked against their regenerated options.
    pub positions: u64,
    /// Option lookups made.
    pub options: u64,
}

/// Walks every position reachable from the start, marking the records it
/// meets and checking each one's nimber against the mex of its options.
struct Walk<'a> {
    table: &'a LoopTable,
    memo: &'a CompactMemo,
    progress: &'a dyn Progress,
    visited: Vec<AtomicU64>,
    options: AtomicU64,
    failed: AtomicBool,
    error: Mutex<Option<Mismatch>>,
}

/// One task's buffers, one per depth; dropping them adds their option
/// counts to the walk's.
struct TaskBuffers<'w, 'a>(&'w Walk<'a>, Vec<WalkBuffers>);

impl std::ops::Deref for TaskBuffers<'_, '_> {
    type Target = [WalkBuffers];
    fn deref(&self) -> &[WalkBuffers] {
        &self.1
    }
}

impl std::ops::DerefMut for TaskBuffers<'_, '_> {
    fn deref_mut(&mut self) -> &mut [WalkBuffers] {
        &mut self.1
    }
}

impl Drop for TaskBuffers<'_, '_> {
    fn drop(&mut self) {
        let n: u64 = self.1.iter().map(|b| b.options).sum();
        self.0.options.fetch_add(n, Ordering::Relaxed);
        self.0
            .progress
            .advance(self.1.iter().map(|b| b.checked).sum());
    }
}

impl<'a> Walk<'a> {
    fn new(table: &'a LoopTable, memo: &'a CompactMemo, progress: &'a dyn Progress) -> Walk<'a> {
        Walk {
            table,
            memo,
            progress,
            visited: (0..(memo.slots() as usize).div_ceil(64))
                .map(|_| AtomicU64::new(0))
                .collect(),
            options: AtomicU64::new(0),
            failed: AtomicBool::new(false),
            error: Mutex::new(None),
        }
    }

    fn fail(&self, m: Mismatch) {
        self.failed.store(true, Ordering::Relaxed);
        let mut e = self.error.lock().unwrap_or_else(|p| p.into_inner());
        if e.is_none() {
            *e = Some(m);
        }
    }

    fn describe(&self, entries: &[Entry]) -> String {
        Position::from_tiles(self.table.tiles(entries[0].0, entries[0].1))
            .map(|p| p.to_string())
            .unwrap_or_default()
    }

    fn index(&self, entries: &[Entry]) -> Option<(usize, u16)> {
        self.memo.find(canonical_key(self.table, entries))
    }

    fn is_visited(&self, i: usize) -> bool {
        self.visited[i >> 6].load(Ordering::Relaxed) >> (i & 63) & 1 == 1
    }

    /// Buffers for a walk down to the deepest position.
    fn buffers(&self) -> TaskBuffers<'_, 'a> {
        let depth = self.table.loops.iter().map(|l| l.len()).max().unwrap_or(0) + 3;
        TaskBuffers(self, (0..depth).map(|_| WalkBuffers::default()).collect())
    }

    /// Looks `entries` up and visits it, or records that it is missing.
    fn enter(&self, entries: &[Entry], parent: Option<&[Entry]>, bufs: &mut [WalkBuffers]) {
        match self.index(entries) {
            Some(found) => self.visit(entries, found, bufs),
            None => self.fail(Mismatch::MissingRecord {
                position: self.describe(entries),
                parent: parent.map(|p| self.describe(p)),
            }),
        }
    }

    /// Checks the position (found in memo slot `found.0` with nimber
    /// `found.1`) and, the first time it is seen, its options.
    fn visit(&self, entries: &[Entry], found: (usize, u16), bufs: &mut [WalkBuffers]) {
        if self.failed.load(Ordering::Relaxed) {
            return;
        }
        let Some((buf, rest)) = self.expand(entries, found, bufs) else {
            return;
        };
        for j in 0..buf.found.len() {
            self.visit(buf.opts.option(j), buf.found[j], rest);
        }
    }

    /// Marks the position (found in memo slot `found.0` with nimber
    /// `found.1`) visited and checks its nimber against its options', which
    /// it leaves in the first buffer; `None` if it was visited before or a
    /// check failed.
    fn expand<'b>(
        &self,
        entries: &[Entry],
        found: (usize, u16),
        bufs: &'b mut [WalkBuffers],
    ) -> Option<(&'b mut WalkBuffers, &'b mut [WalkBuffers])> {
        let (i, stored) = found;
        let bit = 1u64 << (i & 63);
        // A plain load first: most arrivals are at a position already
        // visited, and a read-modify-write costs more than a read.
        if self.visited[i >> 6].load(Ordering::Relaxed) & bit != 0
            || self.visited[i >> 6].fetch_or(bit, Ordering::Relaxed) & bit != 0
        {
            return None;
        }
        let (buf, rest) = bufs
            .split_first_mut()
            .expect("buffers cover the longest play");
        let n = buf.opts.fill(self.table, entries, self.memo);
        buf.found.clear();
        for j in 0..n {
            match self.memo.find_at(buf.opts.places[j]) {
                Some(f) => buf.found.push(f),
                None => {
                    self.fail(Mismatch::MissingRecord {
                        position: self.describe(buf.opts.option(j)),
                        parent: Some(self.describe(entries)),
                    });
                    return None;
                }
            }
        }
        // Touch the options' visited words together (overlapped misses).
        let mut touched = 0u64;
        for &(j, _) in &buf.found {
            touched ^= self.visited[j >> 6].load(Ordering::Relaxed);
        }
        std::hint::black_box(touched);
        buf.options += n as u64;
        buf.checked += 1;
        if buf.checked >= 1 << 16 {
            self.progress.advance(std::mem::take(&mut buf.checked));
        }
        let m = mex(buf.found.iter().map(|&(_, v)| Nimber(u32::from(v))));
        if m.0 != u32::from(stored) {
            self.fail(Mismatch::WrongNimber {
                position: self.describe(entries),
                stored,
                computed: m.0,
                options: n,
            });
            return None;
        }
        Some((buf, rest))
    }

    /// As [`Walk::enter`], visiting the position's options as parallel
    /// tasks (so no thread idles while another finishes a large subtree).
    fn enter_split(&self, entries: &[Entry], parent: Option<&[Entry]>) {
        let Some(found) = self.index(entries) else {
            return self.enter(entries, parent, &mut self.buffers());
        };
        if self.failed.load(Ordering::Relaxed) {
            return;
        }
        let mut bufs = self.buffers();
        let Some((buf, _)) = self.expand(entries, found, &mut bufs) else {
            return;
        };
        let buf = &*buf;
        (0..buf.found.len()).into_par_iter().for_each_init(
            || self.buffers(),
            |bufs, j| self.visit(buf.opts.option(j), buf.found[j], bufs),
        );
    }

    /// The first mismatch found, or the number of records visited.
    fn finish(self) -> Result<WalkCounts, Mismatch> {
        if let Some(e) = self.error.lock().unwrap_or_else(|p| p.into_inner()).take() {
            return Err(e);
        }
        let visited: u64 = self
            .visited
            .iter()
            .map(|w| u64::from(w.load(Ordering::Relaxed).count_ones()))
            .sum();
        let n = self.memo.len();
        if visited != n {
            let first_key = (0..self.memo.slots() as usize)
                .filter(|&i| !self.is_visited(i))
                .filter_map(|i| self.memo.entry(i))
                .map(|(k, _)| k)
                .min()
                .unwrap_or(0);
            return Err(Mismatch::Unreachable {
                count: n - visited,
                first_key,
            });
        }
        Ok(WalkCounts {
            positions: visited,
            options: self.options.load(Ordering::Relaxed),
        })
    }
}

/// Phase 1: records into a memo, checking their keys strictly ascend.
/// Records may come in several calls ([`RecordSink::add`]).
pub struct RecordSink {
    memo: CompactMemo,
    last: Option<u64>,
    index: usize,
}

impl RecordSink {
    /// A sink for about `records` records of `table`'s game.
    pub fn new(table: &LoopTable, records: u64) -> RecordSink {
        RecordSink {
            memo: memo_for(table, records as f64),
            last: None,
            index: 0,
        }
    }

    /// Adds records that continue the ascending sequence.
    ///
    /// # Errors
    /// [`Mismatch::NotSorted`] or [`Mismatch::ValueTooLarge`].
    pub fn add(&mut self, records: &[(u64, u16)]) -> Result<(), Mismatch> {
        let max = self.memo.max_value();
        for (j, &(k, v)) in records.iter().enumerate() {
            if self.last.is_some_and(|l| l >= k) {
                return Err(Mismatch::NotSorted {
                    index: self.index + j,
                });
            }
            if v > max {
                return Err(Mismatch::ValueTooLarge { key: k, value: v });
            }
            self.last = Some(k);
        }
        // Checked: insert in parallel (each insert is a cache miss).
        let memo = &self.memo;
        records.par_chunks(4096).for_each(|c| memo.insert_batch(c));
        if memo.is_full() {
            return Err(Mismatch::Unreachable {
                count: memo.len(),
                first_key: records.first().map_or(0, |r| r.0),
            });
        }
        self.index += records.len();
        Ok(())
    }
}

/// Phase 2: the walk from the start, the start's options shared out among
/// threads.
fn walk(
    table: &LoopTable,
    memo: &CompactMemo,
    root: &[Entry],
    root_options: &[&[Entry]],
    progress: &dyn Progress,
) -> Result<WalkCounts, Mismatch> {
    progress.phase("verify positions", memo.len());
    let walk = Walk::new(table, memo, progress);
    root_options
        .par_iter()
        .for_each(|o| walk.enter_split(o, Some(root)));
    walk.enter(root, None, &mut walk.buffers());
    progress.finish_phase();
    walk.finish()
}

/// Checks a solved-positions table (`(canonical key, nimber)` records in
/// ascending key order, the layout of [`Solved::positions`]) against the
/// rules of `table`, and on success returns it as a [`Solved`] with the
/// start's nimber and options looked up in it, ready for
/// [`super::analysis::analyse`] to re-derive every other number.
///
/// # Errors
/// The first [`Mismatch`] found: keys out of order, a reachable class with
/// no record, a nimber that is not the mex of its options', or records no
/// play reaches.
pub fn check_table(
    table: &LoopTable,
    records: &[(u64, u16)],
    progress: &dyn Progress,
) -> Result<(Solved, WalkCounts), Mismatch> {
    let mut sink = RecordSink::new(table, records.len() as u64);
    sink.add(records)?;
    check_records(table, sink, progress)
}

/// As [`check_table`], for records already gathered in a [`RecordSink`]
/// (read in chunks from a file).
///
/// # Errors
/// As [`check_table`].
pub fn check_records(
    table: &LoopTable,
    sink: RecordSink,
    progress: &dyn Progress,
) -> Result<(Solved, WalkCounts), Mismatch> {
    let memo = sink.memo;
    let root = start(table);
    let (mut out, mut bounds, mut scratch) = (Vec::new(), Vec::new(), Default::default());
    options(table, &root, &mut out, &mut bounds, &mut scratch);
    let root_options: Vec<&[Entry]> = bounds.windows(2).map(|w| &out[w[0]..w[1]]).collect();
    let counts = walk(table, &memo, &root, &root_options, progress)?;
    // The walk found a record for every key looked up below.
    let lookup = |entries: &[Entry]| {
        let k = canonical_key(table, entries);
        (k, memo.get(k).unwrap_or(0))
    };
    let start_options = root_options
        .iter()
        .map(|o| {
            let (k, nimber) = lookup(o);
            StartOption {
                entries: o.to_vec(),
                canonical_key: k,
                nimber,
            }
        })
        .collect();
    let start_nimber = lookup(&root).1;
    Ok((
        Solved {
            memo,
            start_nimber,
            start_options,
            start_remoteness: None,
        },
        counts,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monorail::rules::Rules;
    use crate::monorail::solve::solve;
    use grundy_core::progress::NoProgress;

    #[test]
    fn a_solved_table_checks_and_an_edited_one_does_not() {
        let table = LoopTable::new(&Rules::new(8).unwrap());
        let solved = solve(&table, &NoProgress).expect("the solve succeeds");
        let positions = solved.positions();
        let (again, counts) = check_table(&table, &positions, &NoProgress).unwrap();
        assert_eq!(again.positions(), positions);
        assert_eq!(again.start_nimber, 8);
        assert_eq!(counts.positions, 404);
        assert_eq!(again.start_options.len(), solved.start_options.len());
        for (a, b) in again.start_options.iter().zip(&solved.start_options) {
            assert_eq!((a.canonical_key, a.nimber), (b.canonical_key, b.nimber));
        }
        let mut edited = positions.clone();
        edited[100].1 ^= 1;
        assert!(matches!(
            check_table(&table, &edited, &NoProgress),
            Err(Mismatch::WrongNimber { .. })
        ));
        let mut missing = positions.clone();
        missing.remove(50);
        assert!(matches!(
            check_table(&table, &missing, &NoProgress),
            Err(Mismatch::MissingRecord { .. })
        ));
        let mut extra = positions.clone();
        let last = table.len() as u64 - 1;
        let key = (0..1u64 << 8)
            .rev()
            .map(|m| last << 32 | m)
            .find(|&k| k > positions.last().unwrap().0)
            .unwrap();
        extra.push((key, 0));
        assert!(matches!(
            check_table(&table, &extra, &NoProgress),
            Err(Mismatch::Unreachable { count: 1, .. })
        ));
        let mut unsorted = positions;
        unsorted.swap(3, 4);
        assert_eq!(
            check_table(&table, &unsorted, &NoProgress).unwrap_err(),
            Mismatch::NotSorted { index: 4 }
        );
    }
}
