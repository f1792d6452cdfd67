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
//! and the dataset verifier check. Positions related by the station's
//! symmetries have equal remoteness, so it is kept per class, beside the
//! nimber.
//!
//! Two computations, one the other's check:
//! - **in the solve** ([`super::solve`]): each class's remoteness is
//!   computed the moment its nimber is, from its options' values then at
//!   hand, and kept in the memo slot's 4-bit companion
//!   ([`super::memo::CompactMemo::with_companions`]) as [`companion`]
//!   encodes it;
//! - **by a walk** ([`fill_remoteness`]) over a solved table that kept
//!   none (a resumed checkpoint, a distributed solve, a table read back
//!   for `verify`), from the nimbers alone, visiting every class's options
//!   again.
//!
//! The companion holds `r / 2 + 1` (1..=15): the parity of `r` is the
//! outcome's, known from the nimber, so remoteness up to 29 fits four
//! bits. Every move places a tile, so no position of at most 24 tiles
//! lasts more than 24 moves.

use super::loop_table::LoopTable;
use super::moves::{canonical_key, is_complete, options, options_of, start, Entry, OptionScratch};
use super::solved::Solved;
use grundy_core::error::{Error, Result};
use grundy_core::progress::Progress;
use rayon::prelude::*;

/// The largest tile count whose solve keeps every class's remoteness
/// (`monorail solve` writes `remoteness.bin.zst` up to it): the
/// companions cost half a byte a memo slot where the slot's value field
/// has no room for them (1 GiB more at T = 20, where the solve then needs
/// about 14 GiB; see [`super::cost::solve_cost`]).
pub const KEPT_UP_TO: usize = 20;

/// The largest remoteness a companion holds.
pub const MAX_REMOTENESS: u16 = 29;

/// The memo companion (1..=15) keeping remoteness `r` (module docs), or
/// `None` past [`MAX_REMOTENESS`].
#[inline]
pub fn companion(r: u16) -> Option<u8> {
    (r <= MAX_REMOTENESS).then(|| (r / 2 + 1) as u8)
}

/// The remoteness kept by companion `c` (1..=15) of a class of nimber
/// `nimber`: odd exactly at N-positions.
#[inline]
pub fn from_companion(c: u8, nimber: u16) -> u16 {
    2 * (u16::from(c) - 1) + u16::from(nimber != 0)
}

/// The error of a remoteness past what a companion holds (never for a
/// game of at most 24 tiles).
pub(crate) fn too_remote(r: u16) -> Error {
    broken(format!(
        "a position lasts {r} moves, more than the {MAX_REMOTENESS} the table holds"
    ))
}

fn broken(reason: String) -> Error {
    Error::CheckFailed {
        what: "monorail remoteness".into(),
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
    progress: &'a dyn Progress,
}

/// Classes valued by a walk thread and not yet reported to the progress.
const REPORT_EVERY: u64 = 1 << 14;

impl Walk<'_> {
    /// The memo slot and nimber of the class of `entries`.
    fn slot(&self, entries: &[Entry]) -> Result<(usize, u16)> {
        let key = canonical_key(self.table, entries);
        self.solved.memo.find(key).ok_or_else(|| {
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
        valued: &mut u64,
    ) -> Result<u16> {
        let memo = &self.solved.memo;
        let (slot, nimber) = self.slot(entries)?;
        match memo.companion(slot) {
            0 => {}
            c => return Ok(from_companion(c, nimber)),
        }
        let r = if is_complete(self.table, entries) {
            0
        } else {
            let mut b = pool.pop().unwrap_or_default();
            b.out.clear();
            b.bounds.clear();
            b.opts.clear();
            options(self.table, entries, &mut b.out, &mut b.bounds, scratch);
            for w in b.bounds.windows(2) {
                let opt = &b.out[w[0]..w[1]];
                let or = self.visit(opt, scratch, pool, valued)?;
                let (_, on) = self.slot(opt)?;
                b.opts.push((on, or));
            }
            let r = remoteness_of(nimber, b.opts.iter().copied()).ok_or_else(|| {
                broken(format!(
                    "class at slot {slot}: its options' nimbers do not fit its own *{nimber}"
                ))
            })?;
            pool.push(b);
            r
        };
        // Two threads may value the same class; both write the same bits.
        memo.set_companion(slot, companion(r).ok_or_else(|| too_remote(r))?);
        *valued += 1;
        if *valued >= REPORT_EVERY {
            self.progress.advance(std::mem::take(valued));
        }
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

/// Gives every class of `solved` (a solve of `table` from its start) its
/// remoteness, computed from the nimbers alone by a walk from the start
/// (the start's options in parallel, each depth first; the depth is at
/// most the tile count), unless the solve kept it already. The memo gets
/// companions (half a byte a slot) if it had none; a table that kept
/// remoteness in the solve is left as it is. Returns the start's
/// remoteness, also set in [`Solved::start_remoteness`].
///
/// Progress: phase `remoteness`, counting the classes valued (about as
/// many as the table holds).
///
/// # Errors
/// [`Error::CheckFailed`] when the solved table lacks a reachable
/// class or its values are inconsistent (a bug, never a correct table).
pub fn fill_remoteness(
    table: &LoopTable,
    solved: &mut Solved,
    progress: &dyn Progress,
) -> Result<u16> {
    if let Some(r) = solved.start_remoteness {
        return Ok(r);
    }
    solved.memo.add_companions();
    progress.phase("remoteness", solved.classes());
    let walk = Walk {
        table,
        solved,
        progress,
    };
    let root = start(table);
    let (out, bounds) = options_of(table, &root);
    bounds.par_windows(2).try_for_each_init(
        || (OptionScratch::default(), Vec::new(), 0u64),
        |(scratch, pool, valued), w| {
            let r = walk
                .visit(&out[w[0]..w[1]], scratch, pool, valued)
                .map(|_| ());
            progress.advance(std::mem::take(valued));
            r
        },
    )?;
    let mut valued = 0;
    let start = walk.visit(
        &root,
        &mut OptionScratch::default(),
        &mut Vec::new(),
        &mut valued,
    )?;
    progress.advance(valued);
    progress.finish_phase();
    solved.start_remoteness = Some(start);
    Ok(start)
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

    #[test]
    fn companions_keep_every_remoteness_with_its_parity() {
        for r in 0..=MAX_REMOTENESS {
            let nimber = u16::from(r % 2 == 1);
            let c = companion(r).unwrap();
            assert!((1..16).contains(&c));
            assert_eq!(from_companion(c, nimber), r);
        }
        assert_eq!(companion(MAX_REMOTENESS + 1), None);
    }
}
