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
//! ([`crate::dataset::monorail::verify_dataset`]).

use super::position::Position;
use super::search::{canonical_key, options, start, Entry};
use super::solve::{Solved, StartOption};
use super::table::LoopTable;
use crate::impartial::{mex, Nimber};
use crate::progress::Progress;
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
            Mismatch::Unreachable { count, first_key } => write!(
                f,
                "{count} records are not reachable from the start, the first with key {first_key:#x}"
            ),
        }
    }
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
    records: &'a [(u64, u16)],
    visited: Vec<AtomicU64>,
    options: AtomicU64,
    failed: AtomicBool,
    error: Mutex<Option<Mismatch>>,
}

impl Walk<'_> {
    fn new<'a>(table: &'a LoopTable, records: &'a [(u64, u16)]) -> Walk<'a> {
        Walk {
            table,
            records,
            visited: (0..records.len().div_ceil(64))
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

    fn index(&self, entries: &[Entry]) -> Option<usize> {
        let k = canonical_key(self.table, entries);
        self.records.binary_search_by_key(&k, |r| r.0).ok()
    }

    fn is_visited(&self, i: usize) -> bool {
        self.visited[i >> 6].load(Ordering::Relaxed) >> (i & 63) & 1 == 1
    }

    /// Checks the position and, the first time it is seen, its options.
    fn visit(&self, entries: &[Entry], parent: Option<&[Entry]>) {
        if self.failed.load(Ordering::Relaxed) {
            return;
        }
        let Some(i) = self.index(entries) else {
            self.fail(Mismatch::MissingRecord {
                position: self.describe(entries),
                parent: parent.map(|p| self.describe(p)),
            });
            return;
        };
        let bit = 1u64 << (i & 63);
        if self.visited[i >> 6].fetch_or(bit, Ordering::Relaxed) & bit != 0 {
            return;
        }
        let (mut out, mut bounds, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
        options(self.table, entries, &mut out, &mut bounds, &mut scratch);
        let opts: Vec<&[Entry]> = bounds.windows(2).map(|w| &out[w[0]..w[1]]).collect();
        let mut values = Vec::with_capacity(opts.len());
        for o in &opts {
            match self.index(o) {
                Some(k) => values.push(Nimber(u32::from(self.records[k].1))),
                None => {
                    self.fail(Mismatch::MissingRecord {
                        position: self.describe(o),
                        parent: Some(self.describe(entries)),
                    });
                    return;
                }
            }
        }
        self.options
            .fetch_add(values.len() as u64, Ordering::Relaxed);
        let stored = self.records[i].1;
        let m = mex(values);
        if m.0 != u32::from(stored) {
            self.fail(Mismatch::WrongNimber {
                position: self.describe(entries),
                stored,
                computed: m.0,
                options: opts.len(),
            });
            return;
        }
        for o in opts {
            self.visit(o, Some(entries));
        }
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
        let n = self.records.len() as u64;
        if visited != n {
            let i = (0..self.records.len())
                .find(|&i| !self.is_visited(i))
                .unwrap_or(0);
            return Err(Mismatch::Unreachable {
                count: n - visited,
                first_key: self.records[i].0,
            });
        }
        Ok(WalkCounts {
            positions: visited,
            options: self.options.load(Ordering::Relaxed),
        })
    }
}

/// Phase 1: keys strictly ascending (the lookups binary-search them).
fn check_sorted(records: &[(u64, u16)]) -> Result<(), Mismatch> {
    match records.windows(2).position(|w| w[0].0 >= w[1].0) {
        Some(i) => Err(Mismatch::NotSorted { index: i + 1 }),
        None => Ok(()),
    }
}

/// Phase 2: the walk from the start, the start's options shared out among
/// threads.
fn walk(
    table: &LoopTable,
    records: &[(u64, u16)],
    root: &[Entry],
    root_options: &[&[Entry]],
    progress: &dyn Progress,
) -> Result<WalkCounts, Mismatch> {
    progress.phase("verify positions", root_options.len() as u64);
    let walk = Walk::new(table, records);
    root_options.par_iter().for_each(|o| {
        walk.visit(o, Some(root));
        progress.advance(1);
    });
    walk.visit(root, None);
    progress.finish_phase();
    walk.finish()
}

/// Checks a solved-positions table (`(canonical key, nimber)` records, the
/// layout of [`Solved::positions`]) against the rules of `table`, and on
/// success returns it as a [`Solved`] with the start's nimber and options
/// looked up in it, ready for [`super::analysis::analyse`] to re-derive
/// every other number.
///
/// # Errors
/// The first [`Mismatch`] found: keys out of order, a reachable class with
/// no record, a nimber that is not the mex of its options', or records no
/// play reaches.
pub fn check_table(
    table: &LoopTable,
    records: Vec<(u64, u16)>,
    progress: &dyn Progress,
) -> Result<(Solved, WalkCounts), Mismatch> {
    check_sorted(&records)?;
    let root = start(table);
    let (mut out, mut bounds, mut scratch) = (Vec::new(), Vec::new(), Vec::new());
    options(table, &root, &mut out, &mut bounds, &mut scratch);
    let root_options: Vec<&[Entry]> = bounds.windows(2).map(|w| &out[w[0]..w[1]]).collect();
    let counts = walk(table, &records, &root, &root_options, progress)?;
    // The walk found a record for every key looked up below.
    let lookup = |entries: &[Entry]| {
        let k = canonical_key(table, entries);
        let i = records.binary_search_by_key(&k, |r| r.0).ok();
        (k, i.map_or(0, |i| records[i].1))
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
            positions: records,
            start_nimber,
            start_options,
        },
        counts,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::monorail::rules::Rules;
    use crate::games::monorail::solve::solve;
    use crate::progress::NoProgress;

    #[test]
    fn a_solved_table_checks_and_an_edited_one_does_not() {
        let table = LoopTable::new(&Rules::new(8).unwrap());
        let solved = solve(&table, &NoProgress);
        let (again, counts) = check_table(&table, solved.positions.clone(), &NoProgress).unwrap();
        assert_eq!(again.positions, solved.positions);
        assert_eq!(again.start_nimber, 8);
        assert_eq!(counts.positions, 404);
        assert_eq!(again.start_options.len(), solved.start_options.len());
        for (a, b) in again.start_options.iter().zip(&solved.start_options) {
            assert_eq!((a.canonical_key, a.nimber), (b.canonical_key, b.nimber));
        }
        let mut edited = solved.positions.clone();
        edited[100].1 ^= 1;
        assert!(matches!(
            check_table(&table, edited, &NoProgress),
            Err(Mismatch::WrongNimber { .. })
        ));
        let mut missing = solved.positions.clone();
        missing.remove(50);
        assert!(matches!(
            check_table(&table, missing, &NoProgress),
            Err(Mismatch::MissingRecord { .. })
        ));
        let mut extra = solved.positions.clone();
        extra.push((u64::MAX, 0));
        assert!(matches!(
            check_table(&table, extra, &NoProgress),
            Err(Mismatch::Unreachable { count: 1, .. })
        ));
        let mut unsorted = solved.positions;
        unsorted.swap(3, 4);
        assert_eq!(
            check_table(&table, unsorted, &NoProgress).unwrap_err(),
            Mismatch::NotSorted { index: 4 }
        );
    }
}
