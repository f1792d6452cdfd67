//! Sparse mode's hottest loop, run for many split sets at once.
//!
//! In sparse mode ([`crate::octal::engine::sparse`]) every split set
//! `S(m) = {G(a) ⊕ G(m − a)}` a heap reads first gets the pairs with a
//! rare member: `G(r) ⊕ G(m − r)` for every rare heap size `r < m`. Done
//! one `m` at a time, each pair costs a load of `r`, a load of `G(r)` and
//! a load of `G(m − r)` from far apart in the sequence, and most of the
//! time of a game with a sparse space such as Officers (0.6) goes there.
//!
//! A [`RareBatch`] enters those pairs for a run of consecutive `m`,
//! `m0 ≤ m < m0 + rows`, before their heaps are computed: for one rare
//! `r`, the partners `G(m0 − r), G(m0 + 1 − r), …` are consecutive in the
//! sequence, so a tile of rows reads them as one forward slice against a
//! single `G(r)`, and the tile's marks stay in the first-level cache. A
//! pair is entered in the batch only when both its heaps are already known
//! (`lo ≤ r < hi`, see [`RareBatch::fill`]); the few others (small `r`,
//! and rare heap sizes found after the batch was filled) are entered when
//! the row is used ([`RareBatch::complete`]). Rows are filled by up to two
//! threads, each a half of the rows; a row's marks are a set, so they do
//! not depend on the thread count or on the order of the pairs. A thread
//! of a paired run ([`crate::octal::engine::paired`]), which computes every other heap,
//! holds only the rows of one parity, one after the other
//! ([`RareBatch::set_parity`]); its tiles read every other partner.
//!
//! Nothing here decides a value: each row becomes exactly the marks the
//! one-at-a-time loop would make (a test compares the two on every row).

use crate::octal::engine::pairs::four_lanes;
use crate::octal::engine::values::Value;

/// Rows of one tile: their marks are filled together and stay in cache
/// (32 rows of 512 marks: 16 KiB; 8 and 16 rows were slower on 0.6, 64 no
/// faster).
pub const TILE: usize = 32;

/// The pairs with a rare member of the split sets `m0 ≤ m < m0 + rows`
/// (of one parity, if set), as one row of marks per `m` (`marks[v] = 1`
/// for every value `v` found).
#[derive(Clone, Debug, Default)]
pub struct RareBatch {
    m0: usize,
    rows: usize,
    /// Row `j` holds `m = first + step · j`, for `j < count`.
    first: usize,
    step: usize,
    count: usize,
    /// Only rows of `m` of this parity are filled and covered.
    parity: Option<usize>,
    width: usize,
    /// Rare heap sizes `lo ≤ r < hi` (and `r < m`) are entered in the rows.
    lo: usize,
    hi: usize,
    marks: Vec<u8>,
    /// Per tile of [`TILE`] rows: the least rare heap size its rows hold
    /// (`lo` until the tile is first read, see [`RareBatch::complete`]).
    near: Vec<usize>,
    /// The last count of rare heap sizes below a tile's `near` (or `m`),
    /// as `(x, rare.len(), count)`: a tile's rows read the same one, so
    /// the binary search is done once a tile, not once a row.
    early: (usize, usize, usize),
    /// Every value `G(hi..checked)` is below `width`, so the tiles' fill
    /// may read them ([`RareBatch::complete`]); false once one is not.
    checked: usize,
    fits: bool,
    valid: bool,
}

impl RareBatch {
    /// Forgets the rows (the rare heap sizes changed).
    pub fn clear(&mut self) {
        self.valid = false;
        self.early = (usize::MAX, 0, 0);
    }

    /// Whether the row of `m` is held.
    pub fn covers(&self, m: usize) -> bool {
        self.valid
            && m >= self.first
            && m < self.m0 + self.rows
            && (m - self.first) % self.step == 0
    }

    /// From the next fill on, only rows of `m` of this parity (all with
    /// `None`); the rows held now stay only if the setting does not
    /// change.
    pub fn set_parity(&mut self, parity: Option<usize>) {
        if parity != self.parity {
            self.valid = false;
            self.parity = parity;
        }
    }

    /// Fills the rows of `m0 ≤ m < m0 + rows` with the pairs
    /// `G(r) ⊕ G(m − r)` of every rare heap size `r` of `rare` (ascending)
    /// with `lo ≤ r < m`, where `lo = m0 + rows − g.len()` makes every
    /// partner `m − r` a known heap size; with `distinct`, not the pair
    /// `2r = m`. Each row has `width` marks, more than any nim-sum of two
    /// values of `g` (a power of two above every value is fastest). With
    /// `two_threads`, each half of the rows is filled on its own thread of
    /// the current rayon pool. Only the rows of the
    /// [parity](Self::set_parity) set, if one is.
    ///
    /// # Panics
    /// If `m0 + rows < g.len()` (the rows would leave known partners out of
    /// `lo`), `m0 + rows > 2 g.len()`, or a nim-sum has no place in a row.
    #[allow(clippy::too_many_arguments)]
    pub fn fill<T: Value>(
        &mut self,
        g: &[T],
        rare: &[u32],
        m0: usize,
        rows: usize,
        width: usize,
        distinct: bool,
        two_threads: bool,
    ) {
        let n = g.len();
        assert!(m0 + rows >= n, "a batch starts at most `rows` before n");
        let lo = m0 + rows - n;
        assert!(lo <= n, "a batch ends at most `n` past n");
        self.m0 = m0;
        self.rows = rows;
        let (first, step) = match self.parity {
            Some(p) => (m0 + (p + 2 - m0 % 2) % 2, 2),
            None => (m0, 1),
        };
        let count = (m0 + rows).saturating_sub(first).div_ceil(step);
        (self.first, self.step, self.count) = (first, step, count);
        self.width = width;
        self.lo = lo;
        self.hi = n;
        self.marks.clear();
        self.marks.resize(count * width, 0);
        let from = below(rare, lo);
        let rare = &rare[from..];
        if two_threads && count >= 2 * TILE {
            let half = count / 2;
            let (a, b) = self.marks.split_at_mut(half * width);
            rayon::join(
                || enter(a, first, step, width, g, rare, distinct),
                || enter(b, first + step * half, step, width, g, rare, distinct),
            );
        } else {
            enter(&mut self.marks, first, step, width, g, rare, distinct);
        }
        self.near.clear();
        self.near.resize(count.div_ceil(TILE), lo);
        self.early = (usize::MAX, 0, 0);
        self.checked = n;
        self.fits = true;
        self.valid = true;
    }

    /// Copies the row of `m` (which must be [covered](Self::covers)) into
    /// `present` and enters the pairs the batch left out, so that `present`
    /// holds what entering every rare pair of `m` one by one gives. `g` is
    /// the sequence known now and `rare` every rare heap size of it
    /// (ascending; those from `m` on are not read).
    ///
    /// The first time a row of a tile of [`TILE`] rows is read, the tile's
    /// rows get the rare heap sizes below `lo` whose partners are known by
    /// now, as the batch entered its own: a forward slice of partners per
    /// rare heap size instead of a load from far away per pair. For a code
    /// with one two-heap split, such as 0.6, that leaves fewer than
    /// [`TILE`] pairs per row to enter one by one. The rows of the tile
    /// still to come get pairs only of rare heap sizes known now, the same
    /// ones `rare` gives them later. Once a value of `g` does not fit a
    /// row (values grew past the width since the fill), no tile is filled
    /// any more: a nim-sum with no place in its row is never masked into
    /// another place.
    ///
    /// # Panics
    /// If `present` is shorter than a row or a nim-sum has no place in it.
    pub fn complete<T: Value>(
        &mut self,
        m: usize,
        g: &[T],
        rare: &[u32],
        distinct: bool,
        present: &mut [u8],
    ) {
        debug_assert!(self.covers(m));
        let j = (m - self.first) / self.step;
        let t = j / TILE;
        let width = self.width;
        // Values found after the fill may not fit the rows: then the tiles
        // are left as they are and their pairs entered below, into
        // `present`.
        while self.fits && self.checked < g.len() {
            self.fits = (g[self.checked].get() as usize) < width;
            self.checked += 1;
        }
        if self.fits && self.near[t] == self.lo {
            let (j0, j1) = (t * TILE, (t * TILE + TILE).min(self.count));
            let t0 = self.first + self.step * j0;
            // One past the tile's last m: every row m' < t1 of the tile has
            // G(m' − r) for r >= from.
            let t1 = self.first + self.step * (j1 - 1) + 1;
            let from = t1.saturating_sub(g.len()).min(self.lo);
            let a = below(rare, from);
            let b = below(rare, self.lo);
            let rows = &mut self.marks[j0 * width..j1 * width];
            enter(rows, t0, self.step, width, g, &rare[a..b], distinct);
            self.near[t] = from;
        }
        present[..width].copy_from_slice(&self.marks[j * width..(j + 1) * width]);
        let x = self.near[t].min(m);
        let early = match self.early {
            (y, len, count) if y == x && len == rare.len() => count,
            _ => {
                let count = below(rare, x);
                self.early = (x, rare.len(), count);
                count
            }
        };
        let from = below(rare, self.hi);
        let to = below(rare, m);
        let rest = rare[..early].iter().chain(&rare[from.min(to)..to]);
        for &r in rest {
            let r = r as usize;
            if !(distinct && 2 * r == m) {
                present[(g[r] ^ g[m - r]).get() as usize] = 1;
            }
        }
    }
}

/// How many heap sizes of `rare` (ascending) are below `x`: all of them,
/// without a search, once `x` is past the last (as it soon is in a game
/// whose rare heap sizes end, such as 0.6).
#[inline]
pub fn below(rare: &[u32], x: usize) -> usize {
    match rare.last() {
        Some(&last) if (last as usize) < x => rare.len(),
        _ => rare.partition_point(|&r| (r as usize) < x),
    }
}

/// Enters the pairs `G(r) ⊕ G(m − r)` of the rare heap sizes `rare`
/// (ascending, each `r < m` of a row and not `2r = m` with `distinct`)
/// in the rows of `marks` (`m = first, first + step, …`, `width` marks
/// each). Every partner `G(m − r)` must be in `g`.
fn enter<T: Value>(
    marks: &mut [u8],
    first: usize,
    step: usize,
    width: usize,
    g: &[T],
    rare: &[u32],
    distinct: bool,
) {
    let rows = marks.len() / width;
    let end = first + step * rows.saturating_sub(1) + 1;
    // The plain pairs: every row has the pair (r < first, so r < m for
    // every row's m, and no equal split among the rows). The rest are
    // checked one by one.
    let plain = |r: usize| r < first && !(distinct && 2 * r >= first && 2 * r < end);
    let easy: Vec<(usize, T)> = rare
        .iter()
        .map(|&r| r as usize)
        .filter(|&r| plain(r))
        .map(|r| (r, g[r]))
        .collect();
    fill_tiles(marks, width, g, &easy, first, step);
    for r in rare.iter().map(|&r| r as usize).filter(|&r| !plain(r)) {
        for (j, row) in marks.chunks_exact_mut(width).enumerate() {
            let m = first + step * j;
            if r < m && !(distinct && 2 * r == m) {
                row[(g[r] ^ g[m - r]).get() as usize] = 1;
            }
        }
    }
}

/// The plain pairs of `easy` (`(r, G(r))`, every `r < m` of every row) in
/// the rows of `marks` (`m = first, first + step, …`, `step` 1 or 2), a
/// tile of rows at a time: for one `r` the partners of a tile are one
/// forward slice (every other value of it with step 2). Rows of a
/// power-of-two width take a path whose marks need no bounds check.
fn fill_tiles<T: Value>(
    marks: &mut [u8],
    width: usize,
    g: &[T],
    easy: &[(usize, T)],
    first: usize,
    step: usize,
) {
    match (width, step) {
        (256, 1) => fixed::<T, 256, 1>(marks, g, easy, first),
        (512, 1) => fixed::<T, 512, 1>(marks, g, easy, first),
        (1024, 1) => fixed::<T, 1024, 1>(marks, g, easy, first),
        (2048, 1) => fixed::<T, 2048, 1>(marks, g, easy, first),
        (4096, 1) => fixed::<T, 4096, 1>(marks, g, easy, first),
        (256, 2) => fixed::<T, 256, 2>(marks, g, easy, first),
        (512, 2) => fixed::<T, 512, 2>(marks, g, easy, first),
        (1024, 2) => fixed::<T, 1024, 2>(marks, g, easy, first),
        (2048, 2) => fixed::<T, 2048, 2>(marks, g, easy, first),
        (4096, 2) => fixed::<T, 4096, 2>(marks, g, easy, first),
        _ => {
            for (t, tile) in marks.chunks_mut(TILE * width).enumerate() {
                let m = first + step * t * TILE;
                let count = tile.len() / width;
                for &(r, gr) in easy {
                    let partners = g[m - r..].iter().step_by(step).take(count);
                    for (row, &q) in tile.chunks_exact_mut(width).zip(partners) {
                        row[(gr ^ q).get() as usize] = 1;
                    }
                }
            }
        }
    }
}

/// [`fill_tiles`] for rows of `W` marks, `W` a power of two above every
/// nim-sum (so masking the index with `W − 1` changes nothing, and lets the
/// compiler see that every mark is in its row). Rows `m = first + S · j`.
fn fixed<T: Value, const W: usize, const S: usize>(
    marks: &mut [u8],
    g: &[T],
    easy: &[(usize, T)],
    first: usize,
) {
    debug_assert_eq!(marks.len() % W, 0);
    // With S = 2 a tile's partners are every other value of a slice: they
    // are read from the values of the window the rows need split by the
    // parity of their heap size, each a forward slice again (reading every
    // other value made the fill a third slower).
    let split = match (S, easy.first(), easy.last()) {
        (2, Some(&(least, _)), Some(&(most, _))) => {
            let rows = marks.len() / W;
            Some(Split::new(g, first - most, first + S * rows - least))
        }
        _ => None,
    };
    for (t, tile) in marks.chunks_mut(TILE * W).enumerate() {
        let m = first + S * t * TILE;
        if tile.len() == TILE * W {
            let full = &mut tile[..TILE * W];
            // A whole tile: the nim-sums of a slice are computed together
            // (they vectorise), then each row's mark is a store at a fixed
            // offset from the tile's start, with no pointer per row.
            for &(r, gr) in easy {
                let from = match &split {
                    Some(split) => split.from(m - r),
                    None => &g[m - r..],
                };
                let Some(partners) = from.first_chunk::<TILE>() else {
                    unreachable!("every partner of the tile is known")
                };
                // Four nim-sums a word (`pairs::four_lanes`): 16-bit lanes
                // hold every index below W ≤ 4,096.
                let lane = |x: T| u64::from(x.get() & 0xffff);
                let gr = four_lanes([lane(gr); 4]);
                for (j, q) in partners.chunks_exact(4).enumerate() {
                    let q: &[T; 4] = q.try_into().expect("chunks of four");
                    let s = four_lanes(q.map(lane)) ^ gr;
                    let row = &mut full[4 * j * W..][..4 * W];
                    row[(s as usize) & (W - 1)] = 1;
                    row[W + ((s >> 16) as usize & (W - 1))] = 1;
                    row[2 * W + ((s >> 32) as usize & (W - 1))] = 1;
                    row[3 * W + ((s >> 48) as usize & (W - 1))] = 1;
                }
            }
            continue;
        }
        // The last, short tile: rows as arrays, converted once.
        let mut rows: Vec<&mut [u8; W]> = tile
            .chunks_exact_mut(W)
            .map(|r| r.try_into().expect("rows of W marks"))
            .collect();
        let count = rows.len();
        for &(r, gr) in easy {
            let partners = g[m - r..].iter().step_by(S).take(count);
            for (row, &q) in rows.iter_mut().zip(partners) {
                row[(gr ^ q).get() as usize & (W - 1)] = 1;
            }
        }
    }
}

/// The values `G(lo..hi)` (those that exist) split by the parity of the
/// heap size: `G(s), G(s + 2), …` is one forward slice.
struct Split<T> {
    base: usize,
    halves: [Vec<T>; 2],
}

impl<T: Value> Split<T> {
    fn new(g: &[T], lo: usize, hi: usize) -> Split<T> {
        let base = lo & !1;
        let window = &g[base..hi.min(g.len())];
        let half = |p: usize| window.iter().skip(p).step_by(2).copied().collect();
        Split {
            base,
            halves: [half(0), half(1)],
        }
    }

    /// `G(s), G(s + 2), …` to the end of the window.
    fn from(&self, s: usize) -> &[T] {
        let k = s - self.base;
        &self.halves[k % 2][k / 2..]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row equals the rare pairs of its `m` entered one by one, for
    /// plain and `!` codes, with rare heap sizes before, inside and after
    /// the batch, on one thread and two, with rows of both widths; each row
    /// read when the sequence is known to `m + lag` (or to `n`, where the
    /// batch was filled), as the engine reads it, so that the tiles' own
    /// fill ([`RareBatch::complete`]) is exercised with `lo` up to 511;
    /// all rows, or those of one parity (and no other row is covered).
    #[test]
    fn rows_equal_the_pairs_one_by_one() {
        let g: Vec<u16> = (0..3000u32).map(|i| ((i * 7919) % 613) as u16).collect();
        let rare: Vec<u32> = (1..3000u32)
            .filter(|&i| i % 7 == 3 || i % 101 == 0 || i < 40 && i % 3 == 0)
            .collect();
        for (distinct, two, parity) in [false, true]
            .into_iter()
            .flat_map(|d| [(d, false), (d, true)])
            .flat_map(|(d, t)| [(d, t, None), (d, t, Some(0)), (d, t, Some(1))])
        {
            {
                for (n, m0, rows, lag) in [
                    (1000usize, 937usize, 64usize, 1usize),
                    (2500, 2461, 40, 1),
                    (300, 1, 300, 1),
                    (1500, 1484, 17, 1),
                    (1000, 999, 512, 1),
                    (2500, 2497, 100, 3),
                    (600, 599, 300, 1),
                    // lo = 514 is rare, and the last row's partner of it
                    // is G(n − 1): the last tile reads to the end of g.
                    (1000, 1002, 512, 1),
                ] {
                    let known: Vec<u32> =
                        rare.iter().copied().filter(|&r| (r as usize) < n).collect();
                    let mut b = RareBatch::default();
                    b.set_parity(parity);
                    // A power-of-two width and another (two paths).
                    let width = if rows % 2 == 0 { 1024 } else { 1536 };
                    b.fill(&g[..n], &known, m0, rows, width, distinct, two);
                    for m in m0..m0 + rows {
                        if parity.is_some_and(|p| m % 2 != p) {
                            assert!(!b.covers(m));
                            continue;
                        }
                        assert!(b.covers(m));
                        let len = n.max(m + lag);
                        let now: Vec<u32> = rare
                            .iter()
                            .copied()
                            .filter(|&r| (r as usize) < len)
                            .collect();
                        let mut want = vec![0u8; 2048];
                        for &r in now.iter().filter(|&&r| (r as usize) < m) {
                            let r = r as usize;
                            if !(distinct && 2 * r == m) {
                                want[(g[r] ^ g[m - r]) as usize] = 1;
                            }
                        }
                        let mut got = vec![0u8; 2048];
                        b.complete(m, &g[..len], &now, distinct, &mut got);
                        assert_eq!(
                            got, want,
                            "m {m} n {n} rows {rows} distinct {distinct} parity {parity:?}"
                        );
                    }
                    assert!(!b.covers(m0 + rows));
                }
            }
        }
    }

    /// Values found after the fill that do not fit a row (the width was
    /// the power of two above the values then) leave the tiles unfilled,
    /// and every row is still exact: rows of 256 marks (a fixed-width
    /// path that masks indices) and of 64 (the plain path).
    #[test]
    fn values_past_the_width_are_not_masked() {
        for width in [256usize, 64] {
            let n = 700;
            // Values below the width up to n, past it from n on.
            let g: Vec<u16> = (0..1400u32)
                .map(|i| {
                    let v = (i * 7919) % width as u32;
                    if i as usize >= n + 5 {
                        (v | width as u32) as u16
                    } else {
                        v as u16
                    }
                })
                .collect();
            let rare: Vec<u32> = (1..1400u32).filter(|&i| i % 5 == 2).collect();
            let known: Vec<u32> = rare.iter().copied().filter(|&r| (r as usize) < n).collect();
            let (m0, rows) = (n - 1, 512);
            let mut b = RareBatch::default();
            b.fill(&g[..n], &known, m0, rows, width, false, false);
            for m in m0..m0 + rows {
                let len = m + 1;
                let now: Vec<u32> = rare
                    .iter()
                    .copied()
                    .filter(|&r| (r as usize) < len)
                    .collect();
                let mut want = vec![0u8; 4 * width];
                for &r in now.iter().filter(|&&r| (r as usize) < m) {
                    let r = r as usize;
                    want[(g[r] ^ g[m - r]) as usize] = 1;
                }
                let mut got = vec![0u8; 4 * width];
                b.complete(m, &g[..len], &now, false, &mut got);
                assert_eq!(got, want, "m {m} width {width}");
            }
        }
    }
}
