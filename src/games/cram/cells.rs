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

/// The cells of `within` next to a cell of `x`.
#[inline]
pub fn neighbours(x: Cells, within: Cells) -> Cells {
    ((x << 1) | (x >> 1) | (x << STRIDE) | (x >> STRIDE)) & within
}

/// The cells of `e` whose left, right, upper and lower neighbour is in `e`.
#[inline]
fn sides(e: Cells) -> [Cells; 4] {
    [
        e & (e << 1),
        e & (e >> 1),
        e & (e << STRIDE),
        e & (e >> STRIDE),
    ]
}

/// The horizontal moves of `e`: the left cell of every horizontal pair of
/// empty cells (the domino covers it and the cell to its right).
#[inline]
pub fn horizontal_moves(e: Cells) -> Cells {
    e & (e >> 1)
}

/// The vertical moves of `e`: the upper cell of every vertical pair.
#[inline]
pub fn vertical_moves(e: Cells) -> Cells {
    e & (e >> STRIDE)
}

/// The number of moves in `e`: the adjacent pairs of empty cells, the
/// edges of its adjacency graph.
#[inline]
pub fn moves_count(e: Cells) -> u32 {
    horizontal_moves(e).count_ones() + vertical_moves(e).count_ones()
}

/// The cells of `e` with exactly one neighbour in `e` (the leaves of its
/// adjacency graph).
#[inline]
pub fn leaves(e: Cells) -> Cells {
    let [l, r, u, d] = sides(e);
    let odd = l ^ r ^ u ^ d;
    let two = (l & r) | (u & d) | ((l | r) & (u | d));
    odd & !two
}

/// The cells of `e` with three or more neighbours in `e`.
#[inline]
pub fn branchings(e: Cells) -> Cells {
    let [l, r, u, d] = sides(e);
    (l & r & (u | d)) | (u & d & (l | r))
}

/// `e` without the cells that cannot change any value:
///
/// - cells with no neighbour (no move covers them);
/// - all but one of the leaves hanging on the same cell: a move covering
///   such a leaf covers its cell too, leaving the other leaves alone, so
///   the moves over any of them reach the same position up to lone cells;
/// - every cell whose neighbours all carry a leaf (and which is neither a
///   leaf nor carries one): a move covering it and a neighbour `b` reaches
///   the position that the move covering `b` and `b`'s leaf reaches once
///   the cell is gone, and no move removes a leaf without its cell, so
///   the game with the cell and the game without it have options of the
///   same values (by induction on the position) and the same value.
///
/// Both are the reductions of Arc Kayles on which Cram is played (the
/// leaves and "stars" of Beling and Rogalski's Cram solver, *Artificial
/// Intelligence* 283, 2020; the argument above is this crate's); the tests
/// check the values against the plain search.
pub fn reduce(e: Cells) -> Cells {
    let e = e & neighbours(e, e); // no lone cells
    let leaf = leaves(e);
    // The leaves by the side their one neighbour (their carrier) lies on,
    // and those carriers; a carrier keeps the leaf of the first class
    // that reaches it (below, right, above, left), the others go. A lone
    // pair's two cells carry each other and no third leaf, so both stay.
    let below = leaf & (e >> STRIDE);
    let mut carriers = below << STRIDE;
    let right = (leaf & (e >> 1)) << 1;
    let mut kept = e & !((carriers & right) >> 1);
    carriers |= right;
    let above = (leaf & (e << STRIDE)) >> STRIDE;
    kept &= !((carriers & above) << STRIDE);
    carriers |= above;
    let left = (leaf & (e << 1)) >> 1;
    kept &= !((carriers & left) << 1);
    carriers |= left;
    let inner = e & !leaf & !carriers;
    let removable = inner & !neighbours(inner, e);
    kept & !removable
}

/// The connected region of `e` holding the lowest cell of `start`.
#[inline]
pub fn region_of(start: Cells, e: Cells) -> Cells {
    let mut r = start & start.wrapping_neg();
    loop {
        let next = r | neighbours(r, e);
        if next == r {
            return r;
        }
        r = next;
    }
}

/// The horizontal moves of `e` (their left cells) that take part in a
/// *twin square*: a 2 × 2 block of empty cells two opposite corners of
/// which, `A` and `B`, have no other neighbour (walls or filled cells on
/// their two outer sides), so both are adjacent to exactly the other two
/// corners `X` and `Y`. The two horizontal moves of the block (`A X` and
/// `Y B`, or `X A` and `B Y`) are returned.
///
/// **Why they can be dropped.** Let `G` be the graph of `e` (Cram is
/// Arc Kayles on it: a move removes two adjacent vertices) and `G'` the
/// graph without the edges `AX` and `BY`. Then `G` and `G'` have the same
/// value, by induction on the number of vertices:
///
/// - a move away from `A`, `B`, `X`, `Y` keeps the square in both;
/// - a move `XZ` (or `YZ`, or `XY` were they adjacent) leaves `A` and `B`
///   as two leaves on `Y` in `G` (equal to one leaf: [`reduce`]), and `A`
///   a leaf on `Y` with `B` isolated in `G'`: the same graph up to a lone
///   cell;
/// - `G − B − X = G' − B − X` and `G − A − Y = G' − A − Y` (both dropped
///   edges are gone), while `A X` and `B Y` in `G` reach graphs isomorphic
///   to these, by the automorphism exchanging the twins `A` and `B`.
///
/// So both have options of the same values. The moves `A X` and `Y B`
/// are never needed in a search (their positions are images of others),
/// and the regions may be found without those two edges: a cut there can
/// split a region in two (this is the splitting of Beling's Cram solver,
/// `forbidden_horizontal_moves` in the crate `igs`; the argument above is
/// this crate's). Two squares never share an edge (a corner of one would
/// be a twin of the other only in an isolated 2 × 2 block, a cycle), so
/// every square's edges can be dropped at once.
#[inline]
pub fn twin_cuts(e: Cells) -> Cells {
    let [l, r, u, d] = sides(e);
    // A at the top left (walls left and up), B below right of it.
    let a1 = r & d & !l & !u & ((l & u & !r & !d) >> (STRIDE + 1));
    // A at the top right (walls right and up), B below left of it.
    let a2 = l & d & !r & !u & ((r & u & !l & !d) >> (STRIDE - 1));
    let x2 = a2 >> 1;
    a1 | (a1 << STRIDE) | x2 | (x2 << STRIDE)
}

/// The region of `e` holding the lowest cell of `start` when the
/// horizontal edges whose left cells are in `cut` are ignored.
#[inline]
pub fn region_cut(start: Cells, e: Cells, cut: Cells) -> Cells {
    let mut r = start & start.wrapping_neg();
    loop {
        let next = (r | ((r & !cut) << 1) | ((r >> 1) & !cut) | (r << STRIDE) | (r >> STRIDE)) & e;
        if next == r {
            return r;
        }
        r = next;
    }
}

/// Calls `f` on each region of the reduced cells `e`, the regions found
/// without the edges of twin squares ([`twin_cuts`]); a region cut off
/// that way may reduce further ([`reduce`]) and is split again.
#[inline]
pub fn for_each_region(e: Cells, f: &mut impl FnMut(Cells)) {
    let cut = twin_cuts(e);
    let mut rest = e;
    while rest != 0 {
        let r = if cut == 0 {
            region_of(rest, rest)
        } else {
            region_cut(rest, rest, cut)
        };
        rest &= !r;
        if cut != 0 && r != e {
            let again = reduce(r);
            if again != r {
                for_each_region(again, f);
                continue;
            }
        }
        f(r);
    }
}

/// `x` moved to the top left: its first row and first column hold a cell.
#[inline]
pub fn to_corner(x: Cells) -> Cells {
    if x == 0 {
        return 0;
    }
    let x = x >> (x.trailing_zeros() / STRIDE * STRIDE);
    x >> columns(x).trailing_zeros()
}

/// The columns holding a cell of `x`, as the low 16 bits.
#[inline]
fn columns(x: Cells) -> u32 {
    let mut c = x | (x >> 64);
    c |= c >> 32;
    c |= c >> 16;
    (c & 0xFFFF) as u32
}

/// The height and width of `x` (at the top left).
#[inline]
pub fn extent(x: Cells) -> (u32, u32) {
    if x == 0 {
        return (0, 0);
    }
    let h = (127 - x.leading_zeros()) / STRIDE + 1;
    let w = 32 - columns(x).leading_zeros();
    (h, w)
}

/// Marks a canonical form too wide for the 8 × 8 layout.
const WIDE: Cells = 1 << 127;

/// The rows of `x` (at the top left, at most 8 columns) as the bytes of a
/// `u64`: the 8 × 8 layout.
#[inline]
fn to_square(x: Cells) -> u64 {
    let mut s = 0u64;
    for r in 0..MAX_ROWS {
        s |= (((x >> (r as u32 * STRIDE)) & 0xFF) as u64) << (8 * r);
    }
    s
}

/// The inverse of [`to_square`].
#[inline]
fn from_square(s: u64) -> Cells {
    let mut x: Cells = 0;
    for r in 0..MAX_ROWS {
        x |= Cells::from((s >> (8 * r)) & 0xFF) << (r as u32 * STRIDE);
    }
    x
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

/// The canonical form of a region `x` (any set of cells): the least of
/// its images under the symmetries of the square (rotations and
/// reflections, which keep the adjacency graph and so the value), moved
/// to the top left. Two sets of cells have the same canonical form
/// exactly when one is an image of the other. A region of at most 7
/// columns is compared in the 8 × 8 layout (all eight symmetries, every
/// image at most 7 rows high); a wider one in this module's layout with
/// the top bit set (the four that keep it at most 7 rows high). Bits 112
/// to 126 of a canonical form are always 0.
pub fn canonical(x: Cells) -> Cells {
    let x = to_corner(x);
    let (h, w) = extent(x);
    if w <= MAX_ROWS as u32 {
        let s = to_square(x);
        let t = transpose8(s);
        let mut best = s;
        for (v, hh, ww) in [(s, h, w), (t, w, h)] {
            let m = mirror8(v, ww);
            for y in [v, m, flip8(v, hh), flip8(m, hh)] {
                best = best.min(y);
            }
        }
        Cells::from(best)
    } else {
        let m = mirror_wide(x, h, w);
        let best = [x, m, flip_wide(x, h), flip_wide(m, h)]
            .into_iter()
            .min()
            .unwrap_or(x);
        best | WIDE
    }
}

/// The cells of a canonical form (the inverse of [`canonical`] up to the
/// symmetry chosen): a set of cells at the top left with the same value.
#[inline]
pub fn cells_of(canonical: Cells) -> Cells {
    if canonical & WIDE != 0 {
        canonical & !WIDE
    } else {
        from_square(canonical as u64)
    }
}

/// Mirrors each row of `x` (`h` rows, width `w`), keeping it at the left.
fn mirror_wide(x: Cells, h: u32, w: u32) -> Cells {
    let mut y: Cells = 0;
    for r in 0..h {
        let row = ((x >> (r * STRIDE)) & 0xFFFF) as u16;
        y |= Cells::from(row.reverse_bits() >> (16 - w)) << (r * STRIDE);
    }
    y
}

/// Reverses the order of the `h` rows of `x`.
fn flip_wide(x: Cells, h: u32) -> Cells {
    let mut y: Cells = 0;
    for r in 0..h {
        let row = (x >> (r * STRIDE)) & 0xFFFF;
        y |= row << ((h - 1 - r) * STRIDE);
    }
    y
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

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
            let (h, w) = extent(x);
            let (h, w) = (h as usize, w as usize);
            let k = canonical(x);
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
                assert_eq!(canonical(y), k, "{s}");
                assert_eq!(canonical(y << 17), k, "{s} moved");
            }
            assert_eq!(canonical(cells_of(k)), k);
            assert_eq!(cells_of(k).count_ones(), x.count_ones());
        }
        assert_ne!(canonical(pic("...|.##")), canonical(pic("...|#.#")));
    }

    #[test]
    fn reductions() {
        // A path of three is a path of two; a star keeps one leaf.
        assert_eq!(reduce(pic("...")).count_ones(), 2);
        assert_eq!(reduce(pic("#.#|...|#.#")).count_ones(), 2);
        // An H: each side keeps one leaf, and the bar between goes.
        assert_eq!(reduce(pic(".#.|...|.#.")), pic(".#.|.#."));
        // The middle of a path of five goes: two pairs.
        assert_eq!(reduce(pic("...|.#.")), pic(".#.|.#."));
        // A 2 × 2 block and a plain path of four are kept.
        assert_eq!(reduce(pic("..|..")), pic("..|.."));
        assert_eq!(reduce(pic("....")), pic("...."));
        // Lone cells go.
        assert_eq!(reduce(pic(".#.")), 0);
    }

    /// Twin squares in both orientations, their two horizontal edges, and
    /// the regions once those are ignored; the values are checked against
    /// the plain search in the solver's tests.
    #[test]
    fn twin_squares() {
        // A = (0,1), B = (1,2): walls left of A and right of / below B.
        let e = pic("#...|#..#|..#.");
        assert_eq!(twin_cuts(e), cell(0, 1) | cell(1, 1));
        let cut = twin_cuts(e);
        assert_eq!(region_cut(cell(0, 1), e, cut), pic("#.|#.|.."));
        assert_eq!(region_cut(cell(0, 2), e, cut), pic("##..|##."));
        assert_eq!(region_of(cell(0, 1), e), e & !cell(2, 3));
        // The mirror image: A = (0,2), B = (1,1); the edges X A and B Y.
        let m = pic("...#|#..#|.#..");
        assert_eq!(twin_cuts(m), cell(0, 1) | cell(1, 1));
        // A lone 2 × 2 block is a twin square both ways: its two
        // horizontal edges. X may have other neighbours; a square whose
        // corner B has a third one is none.
        assert_eq!(twin_cuts(pic("..|..")), cell(0, 0) | cell(1, 0));
        assert_eq!(twin_cuts(pic("...|..#")), cell(0, 0) | cell(1, 0));
        assert_eq!(twin_cuts(pic("...|...|...")), 0);
    }

    #[test]
    fn moves_and_leaves() {
        let e = rectangle(2, 3);
        assert_eq!(moves_count(e), 7);
        assert_eq!(leaves(pic("...")), pic(".#."));
        assert_eq!(branchings(pic("...|.#.")), 0);
        assert_eq!(branchings(pic(".#.|...")), 0);
        assert_eq!(branchings(pic("#.#|...")), cell(1, 1));
        assert_eq!(region_of(cell(0, 0), pic(".#.|...")), pic(".#.|..."));
        assert_eq!(region_of(cell(0, 0), pic(".#.|.#.")), pic(".|."));
    }
}
