//! Remoteness: how many moves a Monorail position lasts under perfect
//! play.
//!
//! The remoteness of a position (C. A. B. Smith, "Graphs and composite
//! games", *J. Combin. Theory* 1 (1966); the term of Steinhaus and of
//! GamesmanOne) is the number of moves to the end of the game when the
//! player who wins finishes as fast as possible and the player who loses
//! lasts as long as possible. In normal play (Monorail's: whoever completes
//! the loop wins):
//! - a finished loop has remoteness 0;
//! - a P-position (every option an N-position) has remoteness
//!   1 + the largest remoteness of its options (odd unless 0);
//! - an N-position has remoteness 1 + the least remoteness of its options
//!   that are P-positions (always odd).
//!
//! So a position's remoteness is even exactly when it is a P-position
//! (Winning Ways, ch. 9, "Remote and suspense numbers"), which the tests
//! and the dataset verifier check. The values come from the solved
//! nimbers (whose zeros are the P-positions) in one pass over every class
//! reachable from the start, and are keyed by the same canonical keys as
//! the nimbers: positions related by the station's symmetries have equal
//! remoteness.

use super::loop_table::LoopTable;
use super::memo::CompactMemo;
use super::moves::{canonical_key, is_complete, options, start, Entry, OptionScratch};
use super::solve::{memo_for, Solved};
use crate::error::{Error, Result};
use rayon::prelude::*;

/// The remoteness of every position class reachable from the start.
pub struct Remoteness {
    memo: CompactMemo,
    start: u16,
}

impl std::fmt::Debug for Remoteness {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Remoteness")
            .field("classes", &self.memo.len())
            .field("start", &self.start)
            .finish_non_exhaustive()
    }
}

impl Remoteness {
    /// The remoteness of the class with this canonical key
    /// ([`canonical_key`]), if it is reachable from the start.
    pub fn get(&self, canonical_key: u64) -> Option<u16> {
        self.memo.get(canonical_key)
    }

    /// The start position's remoteness: the length of the game under
    /// perfect play, in moves.
    pub fn start(&self) -> u16 {
        self.start
    }

    /// Number of classes valued (equal to the solve's classes).
    pub fn classes(&self) -> u64 {
        self.memo.len()
    }

    /// Every `(canonical key, remoteness)`, ascending by key (16 bytes a
    /// class in memory: for the sizes `serve` and `play` use).
    pub fn records(&self) -> Vec<(u64, u16)> {
        let out = std::sync::Mutex::new(Vec::with_capacity(
            usize::try_from(self.memo.len()).unwrap_or(0),
        ));
        self.memo.par_for_each_block(|it| {
            let block: Vec<(u64, u16)> = it.collect();
            out.lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner)
                .extend(block);
        });
        let mut v = out
            .into_inner()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        v.par_sort_unstable();
        v
    }
}

fn broken(reason: String) -> Error {
    Error::VerificationFailed {
        path: "monorail remoteness".into(),
        reason,
    }
}

/// What a position's remoteness is, given the nimber of the position and,
/// for each option, its nimber and remoteness (see the module docs);
/// `None` when the values are inconsistent (no option, or an N-position
/// without a P-option, or a P-position with one).
pub fn remoteness_of(nimber: u16, opts: impl IntoIterator<Item = (u16, u16)>) -> Option<u16> {
    let mut best: Option<u16> = None;
    for (on, or) in opts {
        if nimber == 0 {
            if on == 0 {
                return None;
            }
            best = Some(best.map_or(or, |b| b.max(or)));
        } else if on == 0 {
            best = Some(best.map_or(or, |b| b.min(or)));
        }
    }
    best?.checked_add(1)
}

struct Walk<'a> {
    table: &'a LoopTable,
    solved: &'a Solved,
    memo: &'a CompactMemo,
}

impl Walk<'_> {
    fn nimber(&self, entries: &[Entry], key: u64) -> Result<u16> {
        self.solved.nimber(key).ok_or_else(|| {
            broken(format!(
                "class {key:#x} (loop {}) is not in the solved table",
                entries[0].0
            ))
        })
    }

    /// The remoteness of `entries`, visiting every option (so every
    /// reachable class gets a value, not only those on perfect lines).
    /// `pool` holds the option buffers of finished visits, reused by the
    /// next (one set per level of the walk in use at a time, so a walk
    /// allocates at most as many sets as it is deep).
    fn visit(
        &self,
        entries: &[Entry],
        scratch: &mut OptionScratch,
        pool: &mut Vec<OptionBuffers>,
    ) -> Result<u16> {
        let key = canonical_key(self.table, entries);
        if let Some(r) = self.memo.get(key) {
            return Ok(r);
        }
        let r = if is_complete(self.table, entries) {
            0
        } else {
            let nimber = self.nimber(entries, key)?;
            let mut b = pool.pop().unwrap_or_default();
            b.out.clear();
            b.bounds.clear();
            b.opts.clear();
            options(self.table, entries, &mut b.out, &mut b.bounds, scratch);
            for w in b.bounds.windows(2) {
                let opt = &b.out[w[0]..w[1]];
                let or = self.visit(opt, scratch, pool)?;
                let on = self.nimber(opt, canonical_key(self.table, opt))?;
                b.opts.push((on, or));
            }
            let r = remoteness_of(nimber, b.opts.iter().copied()).ok_or_else(|| {
                broken(format!(
                    "class {key:#x}: its options' nimbers do not fit its own *{nimber}"
                ))
            })?;
            pool.push(b);
            r
        };
        self.memo.insert(key, r);
        Ok(r)
    }
}

/// The options of one class in a walk: their entries (`out`, split at
/// `bounds`) and their `(nimber, remoteness)`.
#[derive(Default)]
struct OptionBuffers {
    out: Vec<Entry>,
    bounds: Vec<usize>,
    opts: Vec<(u16, u16)>,
}

/// The remoteness of every class of `solved` (a solve of `table` from its
/// start), computed from the nimbers: the start's options in parallel,
/// each walked depth first (the depth is at most the tile count).
///
/// # Errors
/// [`Error::VerificationFailed`] when the solved table lacks a reachable
/// class or its values are inconsistent (a bug, never a correct table).
pub fn remoteness(table: &LoopTable, solved: &Solved) -> Result<Remoteness> {
    let memo = memo_for(table, solved.classes() as f64);
    let walk = Walk {
        table,
        solved,
        memo: &memo,
    };
    let root = start(table);
    let (mut out, mut bounds) = (Vec::new(), Vec::new());
    options(
        table,
        &root,
        &mut out,
        &mut bounds,
        &mut OptionScratch::default(),
    );
    bounds.par_windows(2).try_for_each_init(
        || (OptionScratch::default(), Vec::new()),
        |(scratch, pool), w| walk.visit(&out[w[0]..w[1]], scratch, pool).map(|_| ()),
    )?;
    let start = walk.visit(&root, &mut OptionScratch::default(), &mut Vec::new())?;
    if memo.is_full() || memo.overflowed() {
        return Err(broken(format!(
            "{} classes did not fit a memo sized for the solve's {}",
            memo.len(),
            solved.classes()
        )));
    }
    Ok(Remoteness { memo, start })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn remoteness_follows_the_outcome() {
        // A P-position lasts as long as its longest option.
        assert_eq!(remoteness_of(0, [(1, 3), (2, 5)]), Some(6));
        // An N-position wins by its fastest P-option.
        assert_eq!(remoteness_of(2, [(0, 4), (1, 1), (0, 2)]), Some(3));
        // Inconsistent values are refused.
        assert_eq!(remoteness_of(1, [(1, 1)]), None);
        assert_eq!(remoteness_of(0, [(0, 0)]), None);
        assert_eq!(remoteness_of(0, []), None);
    }
}
