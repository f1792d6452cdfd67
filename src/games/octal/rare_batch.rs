//! Sparse mode's hottest loop, run for many split sets at once.
//!
//! In sparse mode ([`super::sparse`]) every split set
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
//! not depend on the thread count or on the order of the pairs.
//!
//! Nothing here decides a value: each row becomes exactly the marks the
//! one-at-a-time loop would make (a test compares the two on every row).

use super::values::Value;

/// Rows of one tile: their marks are filled together and stay in cache
/// (32 rows of 512 marks: 16 KiB; 8 and 16 rows were slower on 0.6, 64 no
/// faster).
pub const TILE: usize = 32;

/// The pairs with a rare member of the split sets `m0 ≤ m < m0 + rows`,
/// as one row of marks per `m` (`marks[v] = 1` for every value `v` found).
#[derive(Clone, Debug, Default)]
pub struct RareBatch {
    m0: usize,
    rows: usize,
    width: usize,
    /// Rare heap sizes `lo ≤ r < hi` (and `r < m`) are entered in the rows.
    lo: usize,
    hi: usize,
    marks: Vec<u8>,
    /// Per tile of [`TILE`] rows: the least rare heap size its rows hold
    /// (`lo` until the tile is first read, see [`RareBatch::complete`]).
    near: Vec<usize>,
    /// Every value `G(hi..checked)` is below `width`, so the tiles' fill
    /// may read them ([`RareBatch::complete`]); false once one is not.
    checked: usize,
    fits: bool,
    valid: bool,
    /// Only the rows of `m` of this parity are filled (and covered): a
    /// thread of a paired run reads only those ([`RareBatch::set_parity`]).
    parity: Option<usize>,
}

impl RareBatch {
    /// Forgets the rows (the rare heap sizes changed).
    pub fn clear(&mut self) {
        self.valid = false;
    }

    /// Whether the row of `m` is held.
    pub fn covers(&self, m: usize) -> bool {
        self.valid
            && m >= self.m0
            && m < self.m0 + self.rows
            && self.parity.is_none_or(|p| m % 2 == p)
    }

    /// From the next fill on, only rows of `m` of this parity (all with
    /// `None`); the rows held now are kept, and still covered, only if
    /// the setting does not change.
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
    /// values of `g` (a power of two above every value is fastest). With `two_threads`, each half of the rows is filled
    /// on its own thread of the current rayon pool.
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
        self.width = width;
        self.lo = lo;
        self.hi = n;
        self.marks.clear();
        self.marks.resize(rows * width, 0);
        let from = below(rare, lo);
        let rare = &rare[from..];
        let parity = self.parity;
        if two_threads && rows >= 2 * TILE {
            let half = rows / 2;
            let (a, b) = self.marks.split_at_mut(half * width);
            rayon::join(
                || enter(a, m0, width, g, rare, distinct, parity),
                || enter(b, m0 + half, width, g, rare, distinct, parity),
            );
        } else {
            enter(&mut self.marks, m0, width, g, rare, distinct, parity);
        }
        self.near.clear();
        self.near.resize(rows.div_ceil(TILE), lo);
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
        let j = m - self.m0;
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
            let t0 = self.m0 + t * TILE;
            let t1 = (t0 + TILE).min(self.m0 + self.rows);
            // Every row m' < t1 of the tile has G(m' − r) for r >= from.
            let from = t1.saturating_sub(g.len()).min(self.lo);
            let a = below(rare, from);
            let b = below(rare, self.lo);
            let rows = &mut self.marks[(t0 - self.m0) * width..(t1 - self.m0) * width];
            enter(rows, t0, width, g, &rare[a..b], distinct, self.parity);
            self.near[t] = from;
        }
        present[..width].copy_from_slice(&self.marks[j * width..(j + 1) * width]);
        let early = below(rare, self.near[t].min(m));
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
/// in the rows of `marks` (`m = first, first + 1, …`, `width` marks
/// each; with `parity`, only the rows of `m` of that parity). Every
/// partner `G(m − r)` must be in `g`.
fn enter<T: Value>(
    marks: &mut [u8],
    first: usize,
    width: usize,
    g: &[T],
    rare: &[u32],
    distinct: bool,
    parity: Option<usize>,
) {
    let rows = marks.len() / width;
    // The plain pairs: every row has the pair (r < first, so r < m for
    // every row's m, and no equal split among the rows). The rest are
    // checked one by one.
    let plain = |r: usize| r < first && !(distinct && 2 * r >= first && 2 * r < first + rows);
    let easy: Vec<(usize, T)> = rare
        .iter()
        .map(|&r| r as usize)
        .filter(|&r| plain(r))
        .map(|r| (r, g[r]))
        .collect();
    fill_tiles(marks, width, g, &easy, first, parity);
    for r in rare.iter().map(|&r| r as usize).filter(|&r| !plain(r)) {
        for (j, row) in marks.chunks_exact_mut(width).enumerate() {
            let m = first + j;
            if r < m && !(distinct && 2 * r == m) && parity.is_none_or(|p| m % 2 == p) {
                row[(g[r] ^ g[m - r]).get() as usize] = 1;
            }
        }
    }
}

/// The plain pairs of `easy` (`(r, G(r))`, every `r < m` of every row) in
/// the rows of `marks` (`m = first, first + 1, …`), a tile of rows at a
/// time: for one `r` the partners of a tile are one forward slice. Rows of
/// a power-of-two width take a path whose marks need no bounds check.
/// With `parity`, only the rows of `m` of that parity.
fn fill_tiles<T: Value>(
    marks: &mut [u8],
    width: usize,
    g: &[T],
    easy: &[(usize, T)],
    first: usize,
    parity: Option<usize>,
) {
    match (width, parity) {
        (256, None) => fixed::<T, 256, false>(marks, g, easy, first, 0),
        (512, None) => fixed::<T, 512, false>(marks, g, easy, first, 0),
        (1024, None) => fixed::<T, 1024, false>(marks, g, easy, first, 0),
        (2048, None) => fixed::<T, 2048, false>(marks, g, easy, first, 0),
        (4096, None) => fixed::<T, 4096, false>(marks, g, easy, first, 0),
        (256, Some(p)) => fixed::<T, 256, true>(marks, g, easy, first, p),
        (512, Some(p)) => fixed::<T, 512, true>(marks, g, easy, first, p),
        (1024, Some(p)) => fixed::<T, 1024, true>(marks, g, easy, first, p),
        (2048, Some(p)) => fixed::<T, 2048, true>(marks, g, easy, first, p),
        (4096, Some(p)) => fixed::<T, 4096, true>(marks, g, easy, first, p),
        _ => {
            for (t, tile) in marks.chunks_mut(TILE * width).enumerate() {
                let m = first + t * TILE;
                let count = tile.len() / width;
                for &(r, gr) in easy {
                    let partners = &g[m - r..m - r + count];
                    for (j, (row, &q)) in tile.chunks_exact_mut(width).zip(partners).enumerate() {
                        if parity.is_none_or(|p| (m + j) % 2 == p) {
                            row[(gr ^ q).get() as usize] = 1;
                        }
                    }
                }
            }
        }
    }
}

/// [`fill_tiles`] for rows of `W` marks, `W` a power of two above every
/// nim-sum (so masking the index with `W − 1` changes nothing, and lets the
/// compiler see that every mark is in its row). With `ALT`, only the
/// rows of `m` of parity `parity`.
fn fixed<T: Value, const W: usize, const ALT: bool>(
    marks: &mut [u8],
    g: &[T],
    easy: &[(usize, T)],
    first: usize,
    parity: usize,
) {
    debug_assert_eq!(marks.len() % W, 0);
    for (t, tile) in marks.chunks_mut(TILE * W).enumerate() {
        let m = first + t * TILE;
        // The first row of the tile to fill; with ALT, every other one.
        let j0 = if ALT { (parity + 2 - m % 2) % 2 } else { 0 };
        if tile.len() == TILE * W {
            let full = &mut tile[..TILE * W];
            // A whole tile: the nim-sums of a slice are computed together
            // (they vectorise), then each row's mark is a store at a fixed
            // offset from the tile's start, with no pointer per row.
            if ALT {
                // Unrolled with fixed offsets, as below: a loop over
                // every other row costs as much as all of them.
                if j0 == 0 {
                    alternate::<T, W, 0>(full, g, easy, m);
                } else {
                    alternate::<T, W, 1>(full, g, easy, m);
                }
                continue;
            }
            for &(r, gr) in easy {
                let Some(partners) = g[m - r..].first_chunk::<TILE>() else {
                    unreachable!("every partner of the tile is known")
                };
                let mut sums = [0usize; TILE];
                for (s, &q) in sums.iter_mut().zip(partners) {
                    *s = (gr ^ q).get() as usize & (W - 1);
                }
                for (j, &s) in sums.iter().enumerate() {
                    full[j * W + s] = 1;
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
            let partners = &g[m - r..m - r + count];
            for (j, (row, &q)) in rows.iter_mut().zip(partners).enumerate() {
                if !ALT || j % 2 == j0 {
                    row[(gr ^ q).get() as usize & (W - 1)] = 1;
                }
            }
        }
    }
}

/// The whole tile `full` of rows `m, m + 1, …` of [`fixed`], rows
/// `J0, J0 + 2, …` only: each row's nim-sums with the partners of its
/// parity, computed together.
#[inline(always)]
fn alternate<T: Value, const W: usize, const J0: usize>(
    full: &mut [u8],
    g: &[T],
    easy: &[(usize, T)],
    m: usize,
) {
    for &(r, gr) in easy {
        let Some(partners) = g[m - r..].first_chunk::<TILE>() else {
            unreachable!("every partner of the tile is known")
        };
        let mut sums = [0u32; TILE / 2];
        for (i, s) in sums.iter_mut().enumerate() {
            *s = (gr ^ partners[J0 + 2 * i]).get() & (W as u32 - 1);
        }
        for (i, &s) in sums.iter().enumerate() {
            full[(J0 + 2 * i) * W + s as usize] = 1;
        }
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
    /// fill ([`RareBatch::complete`]) is exercised with `lo` up to 511.
    #[test]
    fn rows_equal_the_pairs_one_by_one() {
        let g: Vec<u16> = (0..3000u32).map(|i| ((i * 7919) % 613) as u16).collect();
        let rare: Vec<u32> = (1..3000u32)
            .filter(|&i| i % 7 == 3 || i % 101 == 0 || i < 40 && i % 3 == 0)
            .collect();
        for distinct in [false, true] {
            for two in [false, true] {
                for (n, m0, rows, lag) in [
                    (1000usize, 937usize, 64usize, 1usize),
                    (2500, 2461, 40, 1),
                    (300, 1, 300, 1),
                    (1500, 1484, 17, 1),
                    (1000, 999, 512, 1),
                    (2500, 2497, 100, 3),
                    (600, 599, 300, 1),
                ] {
                    let known: Vec<u32> =
                        rare.iter().copied().filter(|&r| (r as usize) < n).collect();
                    let mut b = RareBatch::default();
                    // A power-of-two width and another (two paths).
                    let width = if rows % 2 == 0 { 1024 } else { 1536 };
                    b.fill(&g[..n], &known, m0, rows, width, distinct, two);
                    for m in m0..m0 + rows {
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
                        assert_eq!(got, want, "m {m} n {n} rows {rows} distinct {distinct}");
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
