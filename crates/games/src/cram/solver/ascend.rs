//! Regions solved from the value 0 up, one value at a time: the root's
//! aspiration search (Beling and Rogalski 2020, §5) and every region
//! asked about a value of [`ASCEND_FROM`] or more.

use super::{NimberSet, Opened, Solver};
use crate::cram::cells::Grid;
use crate::cram::layout::Bits;
use grundy_core::{Error, Result};

/// The least value that makes a question [`Solver::ascend`]'s: a region
/// asked whether its value lies in a set whose greatest value is this or
/// more is solved from 0 up, one value at a time; any other question is
/// [`Solver::search`]'s. Asking an option whether its value lies in
/// `{0, …, k}` asks each of its own options about a set as wide, all the
/// way down; asking about one value at a time keeps the questions below
/// narrow and stores the values found. Measured (positions of the
/// one-thread search): on the 38-cell option of 5 × 8 of value 6 (a
/// domino on the middle row, third and fourth columns) 540 million with
/// no such questions, 123 million from 5, 33 from 4, 37 from 3; on 6 × 7
/// (value 5) 6.1 billion with none, 0.58 from 4, 0.60 from 3, 0.49 from
/// 2; from 3, 4 × 7 (value 3) takes twice the positions (0.21 against
/// 0.11 million) and from 2 the regions of value 2 take up to twice as
/// many; from 4 every board of the table of record takes fewer than
/// before (`data/cram/boards.csv`).
pub(super) const ASCEND_FROM: u8 = 4;

/// The `n`-th option of those from `base` to `end`, counted from `turn`
/// places on (wrapping round).
pub(super) fn turned(base: usize, end: usize, turn: usize, n: usize) -> usize {
    if turn == 0 {
        n
    } else {
        base + (n - base + turn) % (end - base)
    }
}

/// The error of a region whose options take every value up to its number
/// of moves: impossible, a value is the least one no option has.
pub(super) fn no_value() -> Error {
    Error::CheckFailed {
        what: "the Cram search".into(),
        reason: "a region's options took every value up to its number of moves".into(),
    }
}

/// `v` as a bit of an exclusion mask (`0` for a value of 64 or more,
/// which the masks do not hold).
pub(super) fn value_bit(v: u8) -> u64 {
    1u64.checked_shl(u32::from(v)).unwrap_or(0)
}

impl Solver<'_> {
    /// Tells the progress how far the root's test of the value `v` is:
    /// its `n`-th option (from 0) of `of` is being asked.
    pub(super) fn note_root(&self, v: u8, n: usize, of: usize) {
        if let Some(p) = self.progress {
            p.note(&format!("root: value {v}, option {} of {of}", n + 1));
        }
    }

    /// The value of the region `key` (not in the table) by testing each
    /// value `0, 1, 2, …` in turn: every option not yet answered is asked
    /// only whether its value is the one under test; the first value no
    /// option has is the region's (the mex). Beling and Rogalski's
    /// "aspiration sets" (2020, §5).
    pub(super) fn aspiration<G: Grid>(&mut self, g: &G, key: G::Key, least: u8) -> Result<u8> {
        let r = g.cells_of(key);
        if self.threads > 1 && self.abort.is_none() && r.count_ones() >= self.parallel_cells {
            return self.aspiration_parallel(g, key, least);
        }
        let all = NimberSet::below(g.moves_count(r) + 1);
        self.at_root = true;
        let value = self.ascend(g, key, all, least)?;
        value.ok_or_else(no_value)
    }

    /// The value of the region `key` (not in the table) if it is at most
    /// the greatest value of `wanted`, else `None`: the values `least,
    /// least + 1, …` (those below `least` known not to be its value) are
    /// tested in turn, each option not yet answered asked only whether
    /// its value is the one under test, until one no option has (the
    /// region's value, the mex, stored) or every wanted value is an
    /// option's. Beling and Rogalski's "aspiration sets" (2020, §5), which
    /// they use at the root; here also for any region asked about a value
    /// of [`ASCEND_FROM`] or more.
    pub(super) fn ascend<G: Grid>(
        &mut self,
        g: &G,
        key: G::Key,
        wanted: NimberSet,
        least: u8,
    ) -> Result<Option<u8>> {
        let root = std::mem::take(&mut self.at_root);
        self.poll()?;
        let Some(Opened {
            mut possible,
            mut seen,
            base,
            end,
            turn,
            stack_base,
        }) = self.open_options(g, g.cells_of(key), wanted)
        else {
            return Ok(None);
        };
        let top = wanted.greatest().unwrap_or(0);
        let mut value = None;
        'values: for v in least..=top {
            if !possible.contains(v) {
                continue;
            }
            if possible.and(wanted).is_empty() {
                break;
            }
            let mut want = NimberSet::default();
            want.insert(v);
            for n in base..end {
                let i = turned(base, end, turn, n);
                let p = self.pending[i];
                if p.exact {
                    continue;
                }
                self.prefetch_next::<G::Key>(base, end, turn, n);
                if root {
                    self.note_root(v, n - base, end - base);
                }
                if let Some(y) = self.ask(g, p.x, p.start, p.len, want)? {
                    self.pending[i].exact = true;
                    possible.exclude(y);
                    seen |= value_bit(y);
                    if y == v {
                        continue 'values;
                    }
                }
            }
            value = Some(v);
            break;
        }
        self.pending.truncate(base);
        self.stack.truncate(stack_base);
        if value.is_none() {
            self.seen = seen;
            return Ok(None);
        }
        self.settle(key, value).map(Some)
    }
}
