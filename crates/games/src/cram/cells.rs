//! Cram positions as sets of empty cells in one `u128`, and the
//! operations the search needs on them: the moves, the connected regions,
//! the reductions that keep a region's value, and a canonical form under
//! the board's symmetries.
//!
//! Cell `(r, c)` (row `r < 7`, column `c < 15`, from the top left) is bit
//! `16 r + c`. Column 15 of every row is never a cell, so that shifting
//! by one bit moves a cell to its left or right neighbour without
//! wrapping to the next row; shifting by 16 bits moves it up or down.
//! A board of more than 7 rows is turned on its side first (Cram is
//! played on the cells' adjacency graph, which a rotation keeps).
//!
//! The operations are written once, as the provided methods of [`Grid`],
//! for any layout of rows of equal stride in an unsigned integer; the
//! search runs them in the narrowest layout its position fits
//! ([`super::layout`]). A region that fits 7 × 7 has the same canonical
//! form in every layout (an 8 × 8 bit matrix); a wider one has a form of
//! its layout's kind (`u128` or `u64`), the same for every stride of that
//! kind.

use super::layout::Bits;
use super::table::Key;

/// A set of cells (`1` bits) in the layout above.
pub type Cells = u128;

/// Bits from one row to the next.
pub const STRIDE: u32 = 16;
/// The most rows a position may have.
pub const MAX_ROWS: usize = 7;
/// The most columns a position may have.
pub const MAX_COLS: usize = 15;

/// The cell at row `r`, column `c` (both from 0).
///
/// # Panics
/// Never for `r < MAX_ROWS`, `c < MAX_COLS`; other values are a bug of
/// the caller (debug assertion).
#[inline]
pub const fn cell(r: usize, c: usize) -> Cells {
    debug_assert!(r < MAX_ROWS && c < MAX_COLS);
    1u128 << (r * STRIDE as usize + c)
}

/// Every cell of a `rows × cols` rectangle at the top left.
pub fn rectangle(rows: usize, cols: usize) -> Cells {
    let row: Cells = (1u128 << cols) - 1;
    (0..rows).fold(0, |acc, r| acc | row << (r * STRIDE as usize))
}

/// The picture of the cells `x` (at the top left): `.` empty, `#` filled,
/// rows joined by `/`.
pub fn picture(x: Cells) -> String {
    let (h, w) = super::layout::Wide.extent(x);
    (0..h as usize)
        .map(|r| {
            (0..w as usize)
                .map(|c| if x & cell(r, c) != 0 { '.' } else { '#' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

/// Marks a canonical form too wide for the 8 × 8 layout.
pub const WIDE: Cells = 1 << 127;

/// A layout of cells: rows of `stride()` bits in the integer `B`, the
/// last bit of each row never a cell. The required methods describe the
/// layout; the provided ones are the operations of the search.
pub trait Grid: Sync {
    /// The integer holding a set of cells.
    type B: Bits;
    /// The integer holding a canonical form.
    type Key: Key;
    /// Bits from one row to the next.
    fn stride(&self) -> u32;
    /// The row of bit `i`.
    fn row_of(&self, i: u32) -> u32;
    /// Column 0 of every row.
    fn column(&self) -> Self::B;
    /// `x` (at the top left) in the layout of [`Cells`].
    fn to_cells(&self, x: Self::B) -> Cells;
    /// The inverse of [`to_cells`](Self::to_cells): `x` (at the top left,
    /// fitting this layout) in this layout.
    fn import(&self, x: Cells) -> Self::B;
    /// The canonical form of a region too wide for the 8 × 8 layout,
    /// given its least image `x` (at the top left, `h` rows of width `w`)
    /// under the four symmetries that keep its rows rows.
    fn wide_key(&self, x: Self::B, h: u32, w: u32) -> Self::Key;
    /// The cells of a canonical form made by
    /// [`wide_key`](Self::wide_key), or `None` for a form of the 8 × 8
    /// layout.
    fn unwide(&self, key: Self::Key) -> Option<Self::B>;

    /// Row 0 (with the bit that is never a cell).
    #[inline]
    fn row(&self) -> Self::B {
        Self::B::from_u64((1u64 << self.stride()) - 1)
    }

    /// The cells of `within` next to a cell of `x`.
    #[inline]
    fn neighbours(&self, x: Self::B, within: Self::B) -> Self::B {
        let s = self.stride();
        ((x << 1) | (x >> 1) | (x << s) | (x >> s)) & within
    }

    /// The cells of `e` whose left, right, upper and lower neighbour is
    /// in `e`.
    #[inline]
    fn sides(&self, e: Self::B) -> [Self::B; 4] {
        let s = self.stride();
        [e & (e << 1), e & (e >> 1), e & (e << s), e & (e >> s)]
    }

    /// The horizontal moves of `e`: the left cell of every horizontal
    /// pair of empty cells (the domino covers it and the cell to its
    /// right).
    #[inline]
    fn horizontal_moves(&self, e: Self::B) -> Self::B {
        e & (e >> 1)
    }

    /// The vertical moves of `e`: the upper cell of every vertical pair.
    #[inline]
    fn vertical_moves(&self, e: Self::B) -> Self::B {
        e & (e >> self.stride())
    }

    /// The number of moves in `e`: the adjacent pairs of empty cells, the
    /// edges of its adjacency graph.
    #[inline]
    fn moves_count(&self, e: Self::B) -> u32 {
        self.horizontal_moves(e).count_ones() + self.vertical_moves(e).count_ones()
    }

    /// The cells of `e` with exactly one neighbour in `e` (the leaves of
    /// its adjacency graph).
    #[inline]
    fn leaves(&self, e: Self::B) -> Self::B {
        let [l, r, u, d] = self.sides(e);
        let odd = l ^ r ^ u ^ d;
        let two = (l & r) | (u & d) | ((l | r) & (u | d));
        odd & !two
    }

    /// The cells of `e` with three or more neighbours in `e`.
    #[inline]
    fn branchings(&self, e: Self::B) -> Self::B {
        let [l, r, u, d] = self.sides(e);
        (l & r & (u | d)) | (u & d & (l | r))
    }

    /// `e` without the cells that cannot change any value:
    ///
    /// - cells with no neighbour (no move covers them);
    /// - all but one of the leaves hanging on the same cell: a move
    ///   covering such a leaf covers its cell too, leaving the other
    ///   leaves alone, so the moves over any of them reach the same
    ///   position up to lone cells;
    /// - every cell whose neighbours all carry a leaf (and which is
    ///   neither a leaf nor carries one): a move covering it and a
    ///   neighbour `b` reaches the position that the move covering `b`
    ///   and `b`'s leaf reaches once the cell is gone, and no move removes
    ///   a leaf without its cell, so the game with the cell and the game
    ///   without it have options of the same values (by induction on the
    ///   position) and the same value.
    ///
    /// Both are the reductions of Arc Kayles on which Cram is played (the
    /// leaves and "stars" of Beling and Rogalski's Cram solver,
    /// *Artificial Intelligence* 283, 2020; the argument above is this
    /// crate's); the tests check the values against the plain search.
    #[inline]
    fn reduce(&self, e: Self::B) -> Self::B {
        let s = self.stride();
        let e = e & self.neighbours(e, e); // no lone cells
        let leaf = self.leaves(e);
        // The leaves by the side their one neighbour (their carrier) lies
        // on, and those carriers; a carrier keeps the leaf of the first
        // class that reaches it (below, right, above, left), the others
        // go. A lone pair's two cells carry each other and no third leaf,
        // so both stay.
        let below = leaf & (e >> s);
        let mut carriers = below << s;
        let right = (leaf & (e >> 1)) << 1;
        let mut kept = e & !((carriers & right) >> 1);
        carriers |= right;
        let above = (leaf & (e << s)) >> s;
        kept &= !((carriers & above) << s);
        carriers |= above;
        let left = (leaf & (e << 1)) >> 1;
        kept &= !((carriers & left) << 1);
        carriers |= left;
        let inner = e & !leaf & !carriers;
        let removable = inner & !self.neighbours(inner, e);
        kept & !removable
    }

    /// The connected region of `e` holding the lowest cell of `start`
    /// (a cell of `e`), grown a step at a time: each step adds every cell
    /// to the right of a cell of the region up to the end of its run of
    /// `e` in the row, at once, and then the neighbours to the left, above
    /// and below. The run is found by a carry, as chess programs find a
    /// sliding piece's attacks (`o ^ (o - 2r)`, "Subtracting a Rook from
    /// a Blocking Piece", Chess Programming Wiki): adding a cell `p` of a
    /// run `a..=b` of `e` to `e` clears the bits `p..=b` and carries into
    /// `b + 1`, which is never a cell (the bit at the end of each row), so
    /// `((e + r) ^ e) & e` is the run from `p` on, for every cell of `r`
    /// at once. The start is the lowest cell, so the first step takes its
    /// whole run.
    #[inline]
    fn region_of(&self, start: Self::B, e: Self::B) -> Self::B {
        let s = self.stride();
        let mut r = start.lowest();
        debug_assert!(r & e == r, "the start is a cell of e");
        loop {
            let right = ((e.wrapping_add(r) ^ e) & e) | r;
            let next = right | (((right >> 1) | (right << s) | (right >> s)) & e);
            if next == r {
                return r;
            }
            r = next;
        }
    }

    /// The horizontal moves of `e` (their left cells) that take part in a
    /// *twin square*: a 2 × 2 block of empty cells two opposite corners
    /// of which, `A` and `B`, have no other neighbour (walls or filled
    /// cells on their two outer sides), so both are adjacent to exactly
    /// the other two corners `X` and `Y`. The two horizontal moves of the
    /// block (`A X` and `Y B`, or `X A` and `B Y`) are returned.
    ///
    /// **Why they can be dropped.** Let `G` be the graph of `e` (Cram is
    /// Arc Kayles on it: a move removes two adjacent vertices) and `G'`
    /// the graph without the edges `AX` and `BY`. Then `G` and `G'` have
    /// the same value, by induction on the number of vertices:
    ///
    /// - a move away from `A`, `B`, `X`, `Y` keeps the square in both;
    /// - a move `XZ` (or `YZ`, or `XY` were they adjacent) leaves `A` and
    ///   `B` as two leaves on `Y` in `G` (equal to one leaf:
    ///   [`reduce`](Self::reduce)), and `A` a leaf on `Y` with `B`
    ///   isolated in `G'`: the same graph up to a lone cell;
    /// - `G − B − X = G' − B − X` and `G − A − Y = G' − A − Y` (both
    ///   dropped edges are gone), while `A X` and `B Y` in `G` reach
    ///   graphs isomorphic to these, by the automorphism exchanging the
    ///   twins `A` and `B`.
    ///
    /// So both have options of the same values. The moves `A X` and
    /// `Y B` are never needed in a search (their positions are images of
    /// others), and the regions may be found without those two edges: a
    /// cut there can split a region in two (this is the splitting of
    /// Beling's Cram solver, `forbidden_horizontal_moves` in the crate
    /// `igs`; the argument above is this crate's). Two squares never
    /// share an edge (a corner of one would be a twin of the other only
    /// in an isolated 2 × 2 block, a cycle), so every square's edges can
    /// be dropped at once.
    #[inline]
    fn twin_cuts(&self, e: Self::B) -> Self::B {
        let s = self.stride();
        let [l, r, u, d] = self.sides(e);
        // A at the top left (walls left and up), B below right of it.
        let a1 = r & d & !l & !u & ((l & u & !r & !d) >> (s + 1));
        // A at the top right (walls right and up), B below left of it.
        let a2 = l & d & !r & !u & ((r & u & !l & !d) >> (s - 1));
        let x2 = a2 >> 1;
        a1 | (a1 << s) | x2 | (x2 << s)
    }

    /// The region of `e` holding the lowest cell of `start` when the
    /// horizontal edges whose left cells are in `cut` are ignored.
    #[inline]
    fn region_cut(&self, start: Self::B, e: Self::B, cut: Self::B) -> Self::B {
        let s = self.stride();
        let mut r = start.lowest();
        loop {
            let next = (r | ((r & !cut) << 1) | ((r >> 1) & !cut) | (r << s) | (r >> s)) & e;
            if next == r {
                return r;
            }
            r = next;
        }
    }

    /// Calls `f` on each region of the reduced cells `e`, the regions
    /// found without the edges of twin squares
    /// ([`twin_cuts`](Self::twin_cuts)); a region cut off that way may
    /// reduce further ([`reduce`](Self::reduce)) and is split again.
    #[inline]
    fn for_each_region(&self, e: Self::B, f: &mut impl FnMut(Self::B)) {
        let cut = self.twin_cuts(e);
        let mut rest = e;
        while rest != Self::B::ZERO {
            let r = if cut == Self::B::ZERO {
                self.region_of(rest, rest)
            } else {
                self.region_cut(rest, rest, cut)
            };
            rest &= !r;
            if cut != Self::B::ZERO && r != e {
                let again = self.reduce(r);
                if again != r {
                    self.for_each_region(again, f);
                    continue;
                }
            }
            f(r);
        }
    }

    /// The columns holding a cell of `x`, as the low bits.
    #[inline]
    fn columns(&self, x: Self::B) -> u32 {
        let s = self.stride();
        let mut c = x;
        let mut k = s;
        while k < Self::B::BITS {
            c |= c >> k;
            k <<= 1;
        }
        (c.low_u64() & ((1u64 << s) - 1)) as u32
    }

    /// `x` moved to the top left: its first row and first column hold a
    /// cell.
    #[inline]
    fn to_corner(&self, x: Self::B) -> Self::B {
        if x == Self::B::ZERO {
            return x;
        }
        let x = x >> (self.row_of(x.trailing_zeros()) * self.stride());
        x >> self.columns(x).trailing_zeros()
    }

    /// The height and width of `x` (at the top left).
    #[inline]
    fn extent(&self, x: Self::B) -> (u32, u32) {
        if x == Self::B::ZERO {
            return (0, 0);
        }
        let h = self.row_of(Self::B::BITS - 1 - x.leading_zeros()) + 1;
        let w = 32 - self.columns(x).leading_zeros();
        (h, w)
    }

    /// The rows of `x` (at the top left, `h` rows of at most 8 columns)
    /// as the bytes of a `u64`: the 8 × 8 layout.
    #[inline]
    fn to_square(&self, x: Self::B, h: u32) -> u64 {
        let s = self.stride();
        let mut out = 0u64;
        for r in 0..h {
            out |= ((x >> (r * s)).low_u64() & 0xFF & ((1u64 << s) - 1)) << (8 * r);
        }
        out
    }

    /// The cells of the 8 × 8 matrix `q` in this layout, turned on its
    /// side first if it fits only that way.
    #[inline]
    fn unsquare(&self, q: u64) -> Self::B {
        if q == 0 {
            return Self::B::ZERO;
        }
        let s = self.stride();
        let (mut h, w) = square_extent(q);
        let mut q = q;
        if h * s > Self::B::BITS || w >= s {
            q = transpose8(q);
            h = w;
        }
        let mut x = Self::B::ZERO;
        for r in 0..h {
            x |= Self::B::from_u64((q >> (8 * r)) & 0xFF) << (r * s);
        }
        x
    }

    /// `x` (`h` rows of width `w`) turned half a turn, at the top left.
    #[inline]
    fn half_turn(&self, x: Self::B, h: u32, w: u32) -> Self::B {
        let s = self.stride();
        x.reverse_bits() >> (Self::B::BITS - h * s + s - w)
    }

    /// The `h` rows of `x` in reverse order.
    #[inline]
    fn flip(&self, x: Self::B, h: u32) -> Self::B {
        let s = self.stride();
        let row = self.row();
        let mut y = Self::B::ZERO;
        for r in 0..h {
            y |= ((x >> (r * s)) & row) << ((h - 1 - r) * s);
        }
        y
    }

    /// The canonical form of a region `x` (any set of cells): the least
    /// of its images under the symmetries of the square (rotations and
    /// reflections, which keep the adjacency graph and so the value),
    /// moved to the top left. Two sets of cells have the same canonical
    /// form exactly when one is an image of the other. A region of at
    /// most 7 columns is compared in the 8 × 8 layout (all eight
    /// symmetries, every image at most 7 rows high), the same form in
    /// every layout; a wider one as the layout writes it
    /// ([`wide_key`](Self::wide_key): the four symmetries that keep it at
    /// most 7 rows high; every row-major layout orders sets of cells
    /// alike, so every layout picks the same image).
    #[inline]
    fn canonical(&self, x: Self::B) -> Self::Key {
        let x = self.to_corner(x);
        let (h, w) = self.extent(x);
        if w <= MAX_ROWS as u32 {
            let s = self.to_square(x, h);
            let t = transpose8(s);
            let mut best = s;
            for (v, hh, ww) in [(s, h, w), (t, w, h)] {
                let m = mirror8(v, ww);
                for y in [v, m, flip8(v, hh), flip8(m, hh)] {
                    best = best.min(y);
                }
            }
            Self::Key::narrow(Cells::from(best))
        } else {
            let turned = self.half_turn(x, h, w);
            let best = x.min(turned).min(self.flip(x, h)).min(self.flip(turned, h));
            self.wide_key(best, h, w)
        }
    }

    /// The cells of a canonical form in this layout (the inverse of
    /// [`canonical`](Self::canonical) up to the symmetry chosen): a set
    /// of cells at the top left with the same value.
    #[inline]
    fn cells_of(&self, canonical: Self::Key) -> Self::B {
        match self.unwide(canonical) {
            Some(x) => x,
            None => self.unsquare(canonical.widen() as u64),
        }
    }
}

/// The height and width of an 8 × 8 matrix at the top left (not empty).
#[inline]
fn square_extent(q: u64) -> (u32, u32) {
    let h = (63 - q.leading_zeros()) / 8 + 1;
    let mut c = q | (q >> 32);
    c |= c >> 16;
    c |= c >> 8;
    (h, 8 - (c as u8).leading_zeros())
}

/// The transpose of an 8 × 8 bit matrix (bit `8 r + c` to `8 c + r`;
/// Warren, *Hacker's Delight*, 2nd ed., §7-3).
#[inline]
fn transpose8(mut x: u64) -> u64 {
    let t = (x ^ (x >> 7)) & 0x00AA_00AA_00AA_00AA;
    x ^= t ^ (t << 7);
    let t = (x ^ (x >> 14)) & 0x0000_CCCC_0000_CCCC;
    x ^= t ^ (t << 14);
    let t = (x ^ (x >> 28)) & 0x0000_0000_F0F0_F0F0;
    x ^= t ^ (t << 28);
    x
}

/// Mirrors each row of an 8 × 8 matrix of width `w`, keeping it at the left.
#[inline]
fn mirror8(x: u64, w: u32) -> u64 {
    x.reverse_bits().swap_bytes() >> (8 - w)
}

/// Reverses the order of the `h` rows of an 8 × 8 matrix, keeping them at
/// the top.
#[inline]
fn flip8(x: u64, h: u32) -> u64 {
    x.swap_bytes() >> (8 * (8 - h))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::cram::layout::Wide;

    /// Cells from a picture: rows separated by `|`, `.` empty, `#` filled.
    pub(crate) fn pic(s: &str) -> Cells {
        let mut x = 0;
        for (r, row) in s.split('|').enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if ch == '.' {
                    x |= cell(r, c);
                }
            }
        }
        x
    }

    /// The image of `x` under `(r, c) -> f(r, c)`, the plain way.
    fn image(x: Cells, f: impl Fn(usize, usize) -> (usize, usize)) -> Cells {
        let mut y = 0;
        for r in 0..MAX_ROWS {
            for c in 0..MAX_COLS {
                if x & cell(r, c) != 0 {
                    let (a, b) = f(r, c);
                    y |= 1u128 << (a * 16 + b);
                }
            }
        }
        y
    }

    #[test]
    fn transpose_is_the_plain_transpose() {
        for seed in 0..200u64 {
            let s = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ (seed << 17);
            let mut want = 0u64;
            for r in 0..8 {
                for c in 0..8 {
                    if s >> (8 * r + c) & 1 == 1 {
                        want |= 1 << (8 * c + r);
                    }
                }
            }
            assert_eq!(transpose8(s), want);
        }
    }

    #[test]
    fn canonical_forms_agree_exactly_on_images() {
        let shapes = [
            "..|.#",
            ".|.|.",
            "...|.##",
            "....#|#....",
            "..........#|#.........#",
            "...|...|..#",
            ".#.|...|.#.",
        ];
        for s in shapes {
            let x = pic(s);
            let (h, w) = Wide.extent(x);
            let (h, w) = (h as usize, w as usize);
            let k = Wide.canonical(x);
            // Every image with at most 7 rows has the same form.
            let mut images = vec![
                image(x, |r, c| (r, w - 1 - c)),
                image(x, |r, c| (h - 1 - r, c)),
                image(x, |r, c| (h - 1 - r, w - 1 - c)),
            ];
            if w <= 7 {
                images.push(image(x, |r, c| (c, r)));
                images.push(image(x, |r, c| (w - 1 - c, r)));
            }
            for y in images {
                assert_eq!(Wide.canonical(y), k, "{s}");
                assert_eq!(Wide.canonical(y << 17), k, "{s} moved");
            }
            assert_eq!(Wide.canonical(Wide.cells_of(k)), k);
            assert_eq!(Wide.cells_of(k).count_ones(), x.count_ones());
        }
        assert_ne!(
            Wide.canonical(pic("...|.##")),
            Wide.canonical(pic("...|#.#"))
        );
    }

    #[test]
    fn reductions() {
        // A path of three is a path of two; a star keeps one leaf.
        assert_eq!(Wide.reduce(pic("...")).count_ones(), 2);
        assert_eq!(Wide.reduce(pic("#.#|...|#.#")).count_ones(), 2);
        // An H: each side keeps one leaf, and the bar between goes.
        assert_eq!(Wide.reduce(pic(".#.|...|.#.")), pic(".#.|.#."));
        // The middle of a path of five goes: two pairs.
        assert_eq!(Wide.reduce(pic("...|.#.")), pic(".#.|.#."));
        // A 2 × 2 block and a plain path of four are kept.
        assert_eq!(Wide.reduce(pic("..|..")), pic("..|.."));
        assert_eq!(Wide.reduce(pic("....")), pic("...."));
        // Lone cells go.
        assert_eq!(Wide.reduce(pic(".#.")), 0);
    }

    /// Twin squares in both orientations, their two horizontal edges, and
    /// the regions once those are ignored; the values are checked against
    /// the plain search in the solver's tests.
    #[test]
    fn twin_squares() {
        // A = (0,1), B = (1,2): walls left of A and right of / below B.
        let e = pic("#...|#..#|..#.");
        assert_eq!(Wide.twin_cuts(e), cell(0, 1) | cell(1, 1));
        let cut = Wide.twin_cuts(e);
        assert_eq!(Wide.region_cut(cell(0, 1), e, cut), pic("#.|#.|.."));
        assert_eq!(Wide.region_cut(cell(0, 2), e, cut), pic("##..|##."));
        assert_eq!(Wide.region_of(cell(0, 1), e), e & !cell(2, 3));
        // The mirror image: A = (0,2), B = (1,1); the edges X A and B Y.
        let m = pic("...#|#..#|.#..");
        assert_eq!(Wide.twin_cuts(m), cell(0, 1) | cell(1, 1));
        // A lone 2 × 2 block is a twin square both ways: its two
        // horizontal edges. X may have other neighbours; a square whose
        // corner B has a third one is none.
        assert_eq!(Wide.twin_cuts(pic("..|..")), cell(0, 0) | cell(1, 0));
        assert_eq!(Wide.twin_cuts(pic("...|..#")), cell(0, 0) | cell(1, 0));
        assert_eq!(Wide.twin_cuts(pic("...|...|...")), 0);
    }

    /// The region of `e` holding cell `(r, c)`, by a plain depth-first
    /// search over rows and columns, without the horizontal edges whose
    /// left cells are in `cut`.
    fn plain_region(e: Cells, cut: Cells, r: usize, c: usize) -> Cells {
        let mut seen = cell(r, c);
        let mut stack = vec![(r, c)];
        while let Some((r, c)) = stack.pop() {
            let near = [
                (r.wrapping_sub(1), c, true),
                (r + 1, c, true),
                (r, c.wrapping_sub(1), c > 0 && cut & cell(r, c - 1) == 0),
                (r, c + 1, cut & cell(r, c) == 0),
            ];
            for (a, b, joined) in near {
                if joined
                    && a < MAX_ROWS
                    && b < MAX_COLS
                    && e & cell(a, b) != 0
                    && seen & cell(a, b) == 0
                {
                    seen |= cell(a, b);
                    stack.push((a, b));
                }
            }
        }
        seen
    }

    /// The flood fills (a run of a row at once by a carry) find the
    /// region of every cell of random sets of cells, sparse to dense, in
    /// both layouts, with and without random horizontal edges cut.
    #[test]
    fn regions_are_the_plain_flood_fill() {
        use crate::cram::layout::Narrow;
        let mut state = 0x2545_F491_4F6C_DD1Du64;
        let mut next = || {
            state ^= state << 13;
            state ^= state >> 7;
            state ^= state << 17;
            u128::from(state) | (u128::from(state.rotate_left(29)) << 64)
        };
        let mut narrow_checked = 0;
        for k in 0..2000 {
            let (a, b) = (next(), next());
            let board = rectangle(1 + k % MAX_ROWS, 1 + (k / 7) % MAX_COLS);
            let e = board & [a & b, a, a | b, a | b | next()][k % 4];
            // Horizontal edges of e cut at random, about a quarter of them.
            let cut = e & (e >> 1) & next() & next();
            let narrow = Narrow::fitting(Wide.to_corner(e)).filter(|_| e == Wide.to_corner(e));
            for r in 0..MAX_ROWS {
                for c in 0..MAX_COLS {
                    if e & cell(r, c) == 0 {
                        continue;
                    }
                    let want = plain_region(e, 0, r, c);
                    assert_eq!(Wide.region_of(cell(r, c), e), want, "{}", picture(e));
                    // Any cell of the region as the start: its lowest.
                    assert_eq!(Wide.region_of(want, e), want);
                    let cut_want = plain_region(e, cut, r, c);
                    assert_eq!(Wide.region_cut(cell(r, c), e, cut), cut_want);
                    assert_eq!(Wide.region_cut(cell(r, c), e, 0), want);
                    if let Some(n) = &narrow {
                        let got = n.region_of(n.import(cell(r, c)), n.import(e));
                        assert_eq!(n.to_cells(got), want, "{}", picture(e));
                        let got = n.region_cut(n.import(cell(r, c)), n.import(e), n.import(cut));
                        assert_eq!(n.to_cells(got), cut_want, "{}", picture(e));
                        narrow_checked += 1;
                    }
                }
            }
        }
        assert!(narrow_checked > 10_000, "{narrow_checked}");
    }

    #[test]
    fn moves_and_leaves() {
        let e = rectangle(2, 3);
        assert_eq!(Wide.moves_count(e), 7);
        assert_eq!(Wide.leaves(pic("...")), pic(".#."));
        assert_eq!(Wide.branchings(pic("...|.#.")), 0);
        assert_eq!(Wide.branchings(pic(".#.|...")), 0);
        assert_eq!(Wide.branchings(pic("#.#|...")), cell(1, 1));
        assert_eq!(Wide.region_of(cell(0, 0), pic(".#.|...")), pic(".#.|..."));
        assert_eq!(Wide.region_of(cell(0, 0), pic(".#.|.#.")), pic(".|."));
    }
}
