//! The options of a region split into regions and looked up in the
//! table, for a search ([`Solver::options`]).

use super::ascend::value_bit;
use super::rings::Rings;
use super::{Opened, Pending, Solver};
use crate::cram::cells::Grid;
use crate::cram::nimber_set::NimberSet;
use crate::cram::table::Key;

impl Solver<'_> {
    /// Splits every option of the region `r`: the values of options whose
    /// regions are all known (closed forms or the table) leave
    /// `possible`; the others are kept in `self.pending` from the index
    /// returned, their unknown regions on the stack, the cheapest first
    /// (fewest cells to solve). The caller truncates both. Returns `None`
    /// as soon as the values excluded leave no value of `wanted` possible
    /// (the other options are then not split: Beling and Rogalski's
    /// enhanced transposition cutoff, 2020, §4).
    ///
    /// The table is read for an option's regions only once the next
    /// option is split, their buckets fetched into the cache meanwhile:
    /// the split hides the wait for memory.
    pub(super) fn options<G: Grid>(
        &mut self,
        g: &G,
        r: G::B,
        possible: &mut NimberSet,
        wanted: NimberSet,
        seen: &mut u64,
    ) -> Option<usize> {
        let base = self.pending.len();
        let stack_base = self.stack.len();
        // The option split last and not yet looked up: its known nim-sum
        // and where its regions start on the stack.
        let mut last: Option<(u8, usize)> = None;
        // The moves of twin squares reach images of other options.
        let horizontal = g.horizontal_moves(r) & !g.twin_cuts(r);
        for (all, step) in [(g.vertical_moves(r), g.stride()), (horizontal, 1u32)] {
            let mut rings = Rings::new(g, all, step, r);
            while let Some(b) = rings.next() {
                self.stats.positions += 1;
                let s = self.split(g, r & !(b | b << step));
                if s.start == self.stack.len() {
                    // Every region a closed form: known at once.
                    if !self.look_up::<G>(s.known, s.start, s.start, possible, wanted, seen) {
                        return None;
                    }
                    continue;
                }
                for &k in &self.stack[s.start..] {
                    self.prefetch(G::Key::narrow(k));
                }
                if let Some((x, start)) = last.replace((s.known, s.start)) {
                    if !self.look_up::<G>(x, start, s.start, possible, wanted, seen) {
                        return None;
                    }
                }
            }
        }
        if let Some((x, start)) = last {
            if !self.look_up::<G>(x, start, self.stack.len(), possible, wanted, seen) {
                return None;
            }
        }
        // Close the gaps the regions found in the table left.
        let mut to = stack_base;
        for p in &mut self.pending[base..] {
            let start = to;
            for i in p.start..p.start + p.len {
                if self.stack[i] != 0 {
                    self.stack[to] = self.stack[i];
                    to += 1;
                }
            }
            p.start = start;
            p.len = to - start;
        }
        self.stack.truncate(to);
        // Stable: among options of equal cost, the order of the moves.
        self.pending[base..].sort_by_key(|p| p.cells);
        Some(base)
    }

    /// Looks up in the table the regions `stack[start..end]` of an option
    /// whose other regions' values sum to `x`, marking those found with 0
    /// (no region's form). An option whose regions are then all known
    /// excludes its value from `possible`; any other is kept in
    /// `self.pending`. Returns `false` once no value of `wanted` is
    /// possible.
    #[inline]
    fn look_up<G: Grid>(
        &mut self,
        mut x: u8,
        start: usize,
        end: usize,
        possible: &mut NimberSet,
        wanted: NimberSet,
        seen: &mut u64,
    ) -> bool {
        let mut cells = 0;
        for i in start..end {
            let k = G::Key::narrow(self.stack[i]);
            if let Some(v) = self.get(k) {
                x ^= v;
                self.stack[i] = 0;
            } else {
                cells += k.size().pow(2);
            }
        }
        if cells == 0 {
            possible.exclude(x);
            *seen |= value_bit(x);
            return !possible.and(wanted).is_empty();
        }
        self.pending.push(Pending {
            x,
            start,
            len: end - start,
            cells,
            exact: false,
        });
        true
    }

    /// Splits the options of the region `r` for a question about `wanted`
    /// ([`options`](Self::options)); `None`, with [`seen`](Self::seen)
    /// set and nothing left on the stacks, when the options whose regions
    /// are all known already rule out every wanted value.
    pub(super) fn open_options<G: Grid>(
        &mut self,
        g: &G,
        r: G::B,
        wanted: NimberSet,
    ) -> Option<Opened> {
        let stack_base = self.stack.len();
        let pending_base = self.pending.len();
        let mut possible = NimberSet::below(g.moves_count(r) + 1);
        let mut seen = 0;
        let Some(base) = self.options(g, r, &mut possible, wanted, &mut seen) else {
            self.pending.truncate(pending_base);
            self.stack.truncate(stack_base);
            self.seen = seen;
            return None;
        };
        let end = self.pending.len();
        // A helper thread starts part way round (see `rotate`).
        let turn = ((end - base) * usize::from(std::mem::take(&mut self.rotate))) >> 16;
        Some(Opened {
            possible,
            seen,
            base,
            end,
            turn,
            stack_base,
        })
    }

    /// Splits every option of the region `r` ([`options`](Self::options),
    /// with no cutoff): the values its options leave possible, where its
    /// pending options start, and where the stack stood before.
    pub(super) fn all_options<G: Grid>(&mut self, g: &G, r: G::B) -> (NimberSet, usize, usize) {
        let stack_base = self.stack.len();
        let mut possible = NimberSet::below(g.moves_count(r) + 1);
        let all = possible;
        let base = self
            .options(g, r, &mut possible, all, &mut 0)
            .unwrap_or(self.pending.len());
        (possible, base, stack_base)
    }
}
