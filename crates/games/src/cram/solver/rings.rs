//! The order in which the search tries a region's moves.

use crate::cram::cells::Grid;
use crate::cram::layout::Bits;

/// The moves of one direction in the order they are tried: vertical
/// moves by their column's distance from the region's centre column,
/// horizontal ones by their row's distance from its centre row, each
/// ring from the top left (the order of igsolve's
/// `Cram2ColumnsMovesIterator`; central moves tend to split a region into
/// parts of equal size, whose values are found fastest and cancel most).
pub(super) struct Rings<B> {
    left: B,
    ring: B,
    bits: B,
    /// The shift from one ring to the next.
    shift: u32,
}

impl<B: Bits> Rings<B> {
    pub(super) fn new<G: Grid<B = B>>(g: &G, moves: B, step: u32, r: B) -> Rings<B> {
        let (h, w) = g.extent(r);
        // The band of the centre row (horizontal moves) or column.
        let (ring, shift) = if step == 1 {
            (g.row() << ((h.max(1) - 1) / 2 * g.stride()), g.stride())
        } else {
            (g.column() << ((w.max(1) - 1) / 2), 1)
        };
        Rings {
            left: moves & !ring,
            bits: moves & ring,
            ring,
            shift,
        }
    }

    /// The next move (the bit of its top or left cell), if any.
    #[inline]
    pub(super) fn next(&mut self) -> Option<B> {
        while self.bits == B::ZERO {
            if self.left == B::ZERO {
                return None;
            }
            // One more row (column) on each side.
            self.ring |= (self.ring << self.shift) | (self.ring >> self.shift);
            self.bits = self.left & self.ring;
            self.left &= !self.ring;
        }
        let b = self.bits.lowest();
        self.bits ^= b;
        Some(b)
    }
}
