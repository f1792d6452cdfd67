//! The two layouts of Cram positions as bit sets: [`Wide`], every position
//! of at most 7 rows and 15 columns in a `u128` with 16 bits a row (the
//! layout of [`Cells`], in which positions enter), and [`Narrow`], a
//! position whose rows fit a `u64` with one bit more than its larger side
//! a row (as in Beling's solver, the crate
//! `igsolve`), which halves the arithmetic of every step of the search.
//! Both leave one bit a row that is never a cell, so that a shift by one
//! bit never wraps a cell into the next row.

use super::cells::{Cells, Grid, MAX_ROWS, STRIDE, WIDE};
use std::fmt::Debug;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not, Shl, Shr};

/// An unsigned integer used as a set of cells.
pub trait Bits:
    Copy
    + Eq
    + Ord
    + Debug
    + BitAnd<Output = Self>
    + BitAndAssign
    + BitOr<Output = Self>
    + BitOrAssign
    + BitXor<Output = Self>
    + BitXorAssign
    + Not<Output = Self>
    + Shl<u32, Output = Self>
    + Shr<u32, Output = Self>
{
    /// The empty set.
    const ZERO: Self;
    /// The bits of the type.
    const BITS: u32;
    /// The cells of the set.
    fn count_ones(self) -> u32;
    /// The index of the lowest cell (`BITS` for the empty set).
    fn trailing_zeros(self) -> u32;
    /// `BITS` minus one more than the index of the highest cell.
    fn leading_zeros(self) -> u32;
    /// The lowest cell alone.
    fn lowest(self) -> Self;
    /// `self + x`, modulo `2^BITS`.
    fn wrapping_add(self, x: Self) -> Self;
    /// Bit `i` to bit `BITS - 1 - i`.
    fn reverse_bits(self) -> Self;
    /// The low 64 bits.
    fn low_u64(self) -> u64;
    /// `x` in the low 64 bits.
    fn from_u64(x: u64) -> Self;
}

macro_rules! bits {
    ($t:ty) => {
        impl Bits for $t {
            const ZERO: Self = 0;
            const BITS: u32 = <$t>::BITS;
            #[inline]
            fn count_ones(self) -> u32 {
                <$t>::count_ones(self)
            }
            #[inline]
            fn trailing_zeros(self) -> u32 {
                <$t>::trailing_zeros(self)
            }
            #[inline]
            fn leading_zeros(self) -> u32 {
                <$t>::leading_zeros(self)
            }
            #[inline]
            fn lowest(self) -> Self {
                self & self.wrapping_neg()
            }
            #[inline]
            fn wrapping_add(self, x: Self) -> Self {
                <$t>::wrapping_add(self, x)
            }
            #[inline]
            fn reverse_bits(self) -> Self {
                <$t>::reverse_bits(self)
            }
            #[inline]
            fn low_u64(self) -> u64 {
                self as u64
            }
            #[inline]
            fn from_u64(x: u64) -> Self {
                x as $t
            }
        }
    };
}
bits!(u64);
bits!(u128);

/// The layout of [`Cells`]: bit `16 r + c` is cell `(r, c)`, at most 7
/// rows of 15 columns.
#[derive(Clone, Copy, Debug, Default)]
pub struct Wide;

/// Column 0 of every row of [`Wide`].
const WIDE_COLUMN: Cells = {
    let mut c: Cells = 0;
    let mut r = 0;
    while r < 8 {
        c |= 1 << (r * STRIDE);
        r += 1;
    }
    c
};

impl Grid for Wide {
    type B = u128;
    type Key = u128;
    #[inline]
    fn stride(&self) -> u32 {
        STRIDE
    }
    #[inline]
    fn row_of(&self, i: u32) -> u32 {
        i / STRIDE
    }
    #[inline]
    fn column(&self) -> u128 {
        WIDE_COLUMN
    }
    #[inline]
    fn to_cells(&self, x: u128) -> Cells {
        x
    }
    #[inline]
    fn import(&self, x: Cells) -> u128 {
        x
    }
    /// `x` with the top bit set: bits 112 to 126 are 0.
    #[inline]
    fn wide_key(&self, x: u128, _h: u32, _w: u32) -> u128 {
        x | WIDE
    }
    #[inline]
    fn unwide(&self, key: u128) -> Option<u128> {
        (key & WIDE != 0).then_some(key & !WIDE)
    }
}

/// A `u64` layout fitted to one position: bit `s r + c` is cell `(r, c)`,
/// where the stride `s` is one more than the position's larger side, so
/// that every region of it and every image of a region under the
/// symmetries of the square that [`Grid::cells_of`] gives fits too.
#[derive(Clone, Debug)]
pub struct Narrow {
    stride: u32,
    column: u64,
    rows: [u8; 64],
}

impl Narrow {
    /// The cells of the region whose canonical form is `key` (any
    /// stride's).
    #[inline]
    pub fn key_size(key: u64) -> u32 {
        if key >> 63 == 0 {
            key.count_ones()
        } else {
            (key & ((1 << PACKED_BITS) - 1)).count_ones()
        }
    }

    /// The layout for the cells `e` (in the layout of [`Cells`], at the
    /// top left), if its rows fit a `u64` with a stride one more than its
    /// larger side.
    pub fn fitting(e: Cells) -> Option<Narrow> {
        let (h, w) = Wide.extent(e);
        let stride = h.max(w) + 1;
        // Every region's rows then fit 64 bits, every image of the 8 × 8
        // layout fits turned as [`Grid::unsquare`] turns it, and a
        // region of 8 columns or more has at most `h × w` cells.
        if e == 0 || h as usize > MAX_ROWS || h * stride > u64::BITS || h * w > PACKED_BITS {
            return None;
        }
        let mut column = 0u64;
        let mut rows = [0u8; 64];
        for (i, r) in rows.iter_mut().enumerate() {
            let i = i as u32;
            *r = (i / stride) as u8;
            if i % stride == 0 {
                column |= 1 << i;
            }
        }
        Some(Narrow {
            stride,
            column,
            rows,
        })
    }
}

impl Grid for Narrow {
    type B = u64;
    type Key = u64;
    #[inline]
    fn stride(&self) -> u32 {
        self.stride
    }
    #[inline]
    fn row_of(&self, i: u32) -> u32 {
        u32::from(self.rows[(i & 63) as usize])
    }
    #[inline]
    fn column(&self) -> u64 {
        self.column
    }
    #[inline]
    fn to_cells(&self, mut x: u64) -> Cells {
        let row = (1u64 << self.stride) - 1;
        let mut out: Cells = 0;
        let mut at = 0;
        while x != 0 {
            out |= Cells::from(x & row) << at;
            x >>= self.stride;
            at += STRIDE;
        }
        out
    }
    #[inline]
    fn import(&self, mut x: Cells) -> u64 {
        let mut out = 0u64;
        let mut at = 0;
        while x != 0 {
            out |= ((x & 0xFFFF) as u64) << at;
            x >>= STRIDE;
            at += self.stride;
        }
        out
    }
    /// The rows of `x` packed at stride `w` (at most 59 bits:
    /// [`Narrow::fitting`]), `w` in bits 59 to 62 and bit 63 set: the
    /// same form whatever the stride, and never a form of the 8 × 8
    /// layout (whose top byte is 0).
    #[inline]
    fn wide_key(&self, x: u64, h: u32, w: u32) -> u64 {
        let row = (1u64 << w) - 1;
        let mut out = 0u64;
        for r in 0..h {
            out |= ((x >> (r * self.stride)) & row) << (r * w);
        }
        out | u64::from(w) << PACKED_BITS | 1 << 63
    }
    #[inline]
    fn unwide(&self, key: u64) -> Option<u64> {
        if key >> 63 == 0 {
            return None;
        }
        let w = (key >> PACKED_BITS & 0xF) as u32;
        let row = (1u64 << w) - 1;
        let mut packed = key & ((1 << PACKED_BITS) - 1);
        let mut out = 0u64;
        let mut at = 0;
        while packed != 0 {
            out |= (packed & row) << at;
            packed >>= w;
            at += self.stride;
        }
        Some(out)
    }
}

/// The bits of the packed rows of a wide [`Narrow`] form.
const PACKED_BITS: u32 = 59;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cram::cells::rectangle;
    use crate::cram::cells::tests::pic;

    /// Every operation gives the same cells in both layouts, on every
    /// region of random positions of boards that fit the narrow one.
    #[test]
    fn both_layouts_agree() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        for (rows, cols) in [
            (5, 9),
            (4, 11),
            (3, 3),
            (7, 8),
            (6, 9),
            (1, 15),
            (3, 15),
            (6, 2),
            (4, 14),
        ] {
            let board = rectangle(rows, cols);
            let n = Narrow::fitting(board).expect("fits");
            let wider = (cols < 15)
                .then(|| Narrow::fitting(rectangle(rows, cols + 1)))
                .flatten()
                .filter(|m| m.stride > n.stride);
            assert_eq!(n.to_cells(n.import(board)), board);
            for _ in 0..300 {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let e = board & (Cells::from(seed) | Cells::from(seed.rotate_left(23)) << 64)
                    | board & Cells::from(seed.rotate_left(41));
                let x = n.import(e);
                assert_eq!(n.to_cells(x), e);
                assert_eq!(n.to_cells(n.reduce(x)), Wide.reduce(e));
                assert_eq!(n.to_cells(n.twin_cuts(x)), Wide.twin_cuts(e));
                assert_eq!(n.to_cells(n.leaves(x)), Wide.leaves(e));
                assert_eq!(n.to_cells(n.branchings(x)), Wide.branchings(e));
                assert_eq!(n.moves_count(x), Wide.moves_count(e));
                assert_eq!(n.extent(n.to_corner(x)), Wide.extent(Wide.to_corner(e)));
                let mut wide = Vec::new();
                Wide.for_each_region(Wide.reduce(e), &mut |r| wide.push(r));
                let mut narrow = Vec::new();
                n.for_each_region(n.reduce(x), &mut |r| narrow.push(n.to_cells(r)));
                assert_eq!(narrow, wide);
                for &r in &wide {
                    let k = Wide.canonical(r);
                    let nk = n.canonical(n.import(r));
                    if k & WIDE == 0 {
                        assert_eq!(u128::from(nk), k, "the 8 × 8 forms are shared");
                    } else {
                        assert_eq!(Wide.canonical(n.to_cells(n.cells_of(nk))), k);
                    }
                    // The same form in a wider stride.
                    if let Some(m) = &wider {
                        assert_eq!(m.canonical(m.import(r)), nk);
                    }
                    let back = n.cells_of(nk);
                    assert_eq!(n.canonical(back), nk);
                    assert_eq!(back.count_ones(), r.count_ones());
                    assert_eq!(Narrow::key_size(nk), r.count_ones());
                }
            }
        }
    }

    #[test]
    fn fitting() {
        assert_eq!(
            Narrow::fitting(rectangle(5, 11)).map(|n| n.stride),
            Some(12)
        );
        assert_eq!(Narrow::fitting(rectangle(7, 8)).map(|n| n.stride), Some(9));
        assert_eq!(
            Narrow::fitting(rectangle(3, 15)).map(|n| n.stride),
            Some(16)
        );
        assert_eq!(Narrow::fitting(rectangle(6, 3)).map(|n| n.stride), Some(7));
        assert!(Narrow::fitting(rectangle(5, 12)).is_none());
        assert!(Narrow::fitting(rectangle(6, 10)).is_none());
        // 4 × 15 fits 64 bits, but a region of it 15 wide would not pack.
        assert!(Narrow::fitting(rectangle(4, 15)).is_none());
        assert!(Narrow::fitting(0).is_none());
        // A tall region of a wide board comes back lying down.
        let n = Narrow::fitting(rectangle(2, 9)).expect("fits");
        let tall = pic("..|..|..|.#|.#|.#|.#");
        let k = Wide.canonical(tall) as u64;
        assert_eq!(n.to_cells(n.cells_of(k)).count_ones(), tall.count_ones());
        assert_eq!(Wide.extent(n.to_cells(n.cells_of(k))), (2, 7));
    }
}
