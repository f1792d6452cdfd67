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
const TILE: usize = 32;

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
    valid: bool,
}

impl RareBatch {
    /// Forgets the rows (the rare heap sizes changed).
    pub fn clear(&mut self) {
        self.valid = false;
    }

    /// Whether the row of `m` is held.
    pub fn covers(&self, m: usize) -> bool {
        self.valid && m >= self.m0 && m < self.m0 + self.rows
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
        let from = rare.partition_point(|&r| (r as usize) < lo);
        let rare = &rare[from..];
        // The plain pairs: every row has the pair (r < m0 for every row's
        // m > r, and no equal split in the run). The rest are checked one
        // by one.
        let plain = |r: usize| r < m0 && !(distinct && 2 * r >= m0 && 2 * r < m0 + rows);
        let easy: Vec<(usize, T)> = rare
            .iter()
            .map(|&r| r as usize)
            .filter(|&r| plain(r))
            .map(|r| (r, g[r]))
            .collect();
        let hard: Vec<usize> = rare
            .iter()
            .map(|&r| r as usize)
            .filter(|&r| !plain(r))
            .collect();
        let fill_rows = |marks: &mut [u8], j0: usize| {
            fill_tiles(marks, width, g, &easy, m0 + j0);
            for (j, row) in marks.chunks_exact_mut(width).enumerate() {
                let m = m0 + j0 + j;
                for &r in hard.iter().filter(|&&r| r < m && !(distinct && 2 * r == m)) {
                    row[(g[r] ^ g[m - r]).get() as usize] = 1;
                }
            }
        };
        if two_threads && rows >= 2 * TILE {
            let half = rows / 2;
            let (a, b) = self.marks.split_at_mut(half * width);
            rayon::join(|| fill_rows(a, 0), || fill_rows(b, half));
        } else {
            fill_rows(&mut self.marks, 0);
        }
        self.valid = true;
    }

    /// Copies the row of `m` (which must be [covered](Self::covers)) into
    /// `present` and enters the pairs the batch left out: the rare heap
    /// sizes `r < m` of `rare` below `lo` or from `hi` on. `present` then
    /// holds what entering every rare pair of `m` one by one gives.
    ///
    /// # Panics
    /// If `present` is shorter than a row or a nim-sum has no place in it.
    pub fn complete<T: Value>(
        &self,
        m: usize,
        g: &[T],
        rare: &[u32],
        distinct: bool,
        present: &mut [u8],
    ) {
        debug_assert!(self.covers(m));
        let j = m - self.m0;
        present[..self.width].copy_from_slice(&self.marks[j * self.width..(j + 1) * self.width]);
        let below = rare.partition_point(|&r| (r as usize) < self.lo.min(m));
        let from = rare.partition_point(|&r| (r as usize) < self.hi);
        let to = rare.partition_point(|&r| (r as usize) < m);
        let rest = rare[..below].iter().chain(&rare[from.min(to)..to]);
        for &r in rest {
            let r = r as usize;
            if !(distinct && 2 * r == m) {
                present[(g[r] ^ g[m - r]).get() as usize] = 1;
            }
        }
    }
}

/// The plain pairs of `easy` (`(r, G(r))`, every `r < m` of every row) in
/// the rows of `marks` (`m = first, first + 1, …`), a tile of rows at a
/// time: for one `r` the partners of a tile are one forward slice. Rows of
/// a power-of-two width take a path whose marks need no bounds check.
fn fill_tiles<T: Value>(
    marks: &mut [u8],
    width: usize,
    g: &[T],
    easy: &[(usize, T)],
    first: usize,
) {
    match width {
        256 => fixed::<T, 256>(marks, g, easy, first),
        512 => fixed::<T, 512>(marks, g, easy, first),
        1024 => fixed::<T, 1024>(marks, g, easy, first),
        2048 => fixed::<T, 2048>(marks, g, easy, first),
        4096 => fixed::<T, 4096>(marks, g, easy, first),
        _ => {
            for (t, tile) in marks.chunks_mut(TILE * width).enumerate() {
                let m = first + t * TILE;
                let count = tile.len() / width;
                for &(r, gr) in easy {
                    let partners = &g[m - r..m - r + count];
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
/// compiler see that every mark is in its row).
fn fixed<T: Value, const W: usize>(marks: &mut [u8], g: &[T], easy: &[(usize, T)], first: usize) {
    debug_assert_eq!(marks.len() % W, 0);
    for (t, tile) in marks.chunks_mut(TILE * W).enumerate() {
        let m = first + t * TILE;
        // The tile's rows as arrays, converted once per tile.
        let mut rows: Vec<&mut [u8; W]> = tile
            .chunks_exact_mut(W)
            .map(|r| r.try_into().expect("rows of W marks"))
            .collect();
        let count = rows.len();
        for &(r, gr) in easy {
            let partners = &g[m - r..m - r + count];
            for (row, &q) in rows.iter_mut().zip(partners) {
                row[(gr ^ q).get() as usize & (W - 1)] = 1;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every row equals the rare pairs of its `m` entered one by one, for
    /// plain and `!` codes, with rare heap sizes before, inside and after
    /// the batch, on one thread and two, with rows of both widths.
    #[test]
    fn rows_equal_the_pairs_one_by_one() {
        let g: Vec<u16> = (0..3000u32).map(|i| ((i * 7919) % 613) as u16).collect();
        let rare: Vec<u32> = (1..3000u32)
            .filter(|i| i % 7 == 3 || i % 101 == 0)
            .collect();
        for distinct in [false, true] {
            for two in [false, true] {
                for (n, rows) in [(1000usize, 64usize), (2500, 40), (300, 300), (1500, 17)] {
                    let m0 = n + 1 - rows.min(n + 1);
                    let known: Vec<u32> =
                        rare.iter().copied().filter(|&r| (r as usize) < n).collect();
                    let mut b = RareBatch::default();
                    // A power-of-two width and another (two paths).
                    let width = if rows % 2 == 0 { 1024 } else { 1536 };
                    b.fill(&g[..n], &known, m0, rows, width, distinct, two);
                    for m in m0..m0 + rows {
                        assert!(b.covers(m));
                        let now: Vec<u32> =
                            rare.iter().copied().filter(|&r| (r as usize) < m).collect();
                        let mut want = vec![0u8; 2048];
                        for &r in &now {
                            let r = r as usize;
                            if !(distinct && 2 * r == m) {
                                want[(g[r] ^ g[m - r]) as usize] = 1;
                            }
                        }
                        let mut got = vec![0u8; 2048];
                        b.complete(m, &g, &now, distinct, &mut got);
                        assert_eq!(got, want, "m {m} n {n} rows {rows} distinct {distinct}");
                    }
                    assert!(!b.covers(m0 + rows));
                }
            }
        }
    }
}
