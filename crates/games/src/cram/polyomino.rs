//! Every connected region of a few cells: the free polyominoes (counted
//! up to rotation and reflection), each under one canonical picture. The
//! number of free polyominoes of `n` cells is OEIS A000105 (1, 1, 2, 5,
//! 12, 35, 108, 369, 1285, 4655, 17073 for `n = 1..=11`; Redelmeier,
//! "Counting polyominoes: yet another attack", *Discrete Mathematics* 36,
//! 1981), which the tests check.

use super::cells::{cell, Cells};
use super::misere::MisereSolver;
use super::solver::Solver;
use grundy_core::progress::Progress;
use grundy_core::Result;
use std::collections::BTreeSet;

/// The most cells [`free_polyominoes`] enumerates: every image of such a
/// region with its shorter side as rows fits the layout of [`Cells`]
/// (at most 6 rows, at most 12 columns).
pub const MAX_CELLS: usize = 12;

/// A symmetry of the square, on coordinates.
type Symmetry = fn((i32, i32)) -> (i32, i32);

/// The least of the images of `cells` (coordinates, any origin) under
/// the eight symmetries of the square that fit 7 rows and 15 columns,
/// each moved to the top left, as a set of cells: the same for every
/// image of the region and different for regions that are no image of
/// one another.
fn least_image(cells: &[(i32, i32)]) -> Cells {
    let images: [Symmetry; 8] = [
        |(r, c)| (r, c),
        |(r, c)| (r, -c),
        |(r, c)| (-r, c),
        |(r, c)| (-r, -c),
        |(r, c)| (c, r),
        |(r, c)| (c, -r),
        |(r, c)| (-c, r),
        |(r, c)| (-c, -r),
    ];
    let mut best = Cells::MAX;
    for f in images {
        let moved: Vec<(i32, i32)> = cells.iter().map(|&x| f(x)).collect();
        let r0 = moved.iter().map(|x| x.0).min().unwrap_or(0);
        let c0 = moved.iter().map(|x| x.1).min().unwrap_or(0);
        let fits = moved.iter().all(|&(r, c)| r - r0 < 7 && c - c0 < 15);
        if fits {
            let x = moved.iter().fold(0, |acc, &(r, c)| {
                acc | cell((r - r0) as usize, (c - c0) as usize)
            });
            best = best.min(x);
        }
    }
    best
}

/// The coordinates of the cells of `x`.
fn coordinates(x: Cells) -> Vec<(i32, i32)> {
    (0..128)
        .filter(|i| x >> i & 1 == 1)
        .map(|i| (i / 16, i % 16))
        .collect()
}

/// The free polyominoes of `1..=max_cells` cells (at most [`MAX_CELLS`]),
/// by number of cells: entry `n - 1` holds those of `n` cells, each as
/// its least image (the least of its images that fit 7 rows and 15
/// columns, as a set of cells), ascending. Each size is grown from the
/// one below by adding a cell next to the region in every way.
///
/// # Panics
/// Never: `max_cells` is capped at [`MAX_CELLS`].
pub fn free_polyominoes(max_cells: usize) -> Vec<Vec<Cells>> {
    let max_cells = max_cells.min(MAX_CELLS);
    let mut out: Vec<Vec<Cells>> = Vec::new();
    let mut level: BTreeSet<Cells> = BTreeSet::from([cell(0, 0)]);
    for n in 1..=max_cells {
        if n == max_cells {
            out.push(level.into_iter().collect());
            break;
        }
        let mut next = BTreeSet::new();
        for &x in &level {
            let cells = coordinates(x);
            for &(r, c) in &cells {
                for n in [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)] {
                    if !cells.contains(&n) {
                        let mut grown = cells.clone();
                        grown.push(n);
                        next.insert(least_image(&grown));
                    }
                }
            }
        }
        out.push(level.into_iter().collect());
        level = next;
    }
    out
}

/// A region of the database: its least image, its nimber, and its
/// outcome alone under misère play.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RegionValue {
    /// The cells (the least image, at the top left).
    pub cells: Cells,
    /// The nimber (normal play).
    pub nimber: u8,
    /// Whether the player to move wins the region alone under misère
    /// play.
    pub misere_first_player_wins: bool,
}

/// The value of every free polyomino of `1..=max_cells` cells (at most
/// [`MAX_CELLS`]) as a Cram region, by number of cells then least image,
/// by the Cram search and the misère Cram search.
///
/// # Errors
/// [`grundy_core::Error::Stopped`] when the progress asks.
pub fn region_values(max_cells: usize, progress: &dyn Progress) -> Result<Vec<RegionValue>> {
    let levels = free_polyominoes(max_cells);
    let total = levels.iter().map(Vec::len).sum::<usize>();
    progress.phase("Cram regions", total as u64);
    let mut solver = Solver::new(1 << 24);
    let mut misere = MisereSolver::new(u64::MAX);
    let mut out = Vec::with_capacity(total);
    for x in levels.into_iter().flatten() {
        out.push(RegionValue {
            cells: x,
            nimber: solver.nimber(x)?,
            misere_first_player_wins: misere.wins(x)?,
        });
        progress.advance(1);
        if progress.stop_requested() {
            return Err(grundy_core::Error::Stopped);
        }
    }
    progress.finish_phase();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_a000105() {
        let a000105 = [1, 1, 2, 5, 12, 35, 108, 369, 1285, 4655];
        let p = free_polyominoes(a000105.len());
        let counts: Vec<usize> = p.iter().map(Vec::len).collect();
        assert_eq!(counts, a000105);
        for (n, level) in p.iter().enumerate() {
            assert!(level.iter().all(|x| x.count_ones() as usize == n + 1));
        }
        // The straight tromino and the L, at the top left.
        assert_eq!(p[2], vec![0b111, 0b11 | (0b1 << 16)]);
    }

    /// Every region of at most 8 cells against the plain searches over
    /// the rules (normal and misère play).
    #[test]
    fn values_agree_with_the_plain_search() {
        use crate::cram::Board;
        use grundy_core::impartial::{Convention, MemoSolver, Outcome, OutcomeSolver};
        let values = region_values(8, &grundy_core::progress::NoProgress).unwrap();
        assert_eq!(values.len(), 1 + 1 + 2 + 5 + 12 + 35 + 108 + 369);
        let mut plain = MemoSolver::new();
        let mut misere = OutcomeSolver::new(Convention::Misere);
        for v in &values {
            let text = super::super::cells::picture(v.cells);
            let b = Board::parse(&text).unwrap();
            assert_eq!(u32::from(v.nimber), plain.nimber(&b).0, "{text}");
            let wins = misere.outcome(&b) == Outcome::N;
            assert_eq!(v.misere_first_player_wins, wins, "{text}");
        }
        // A domino is *1, a 2 × 2 block 0 (every move leaves a domino).
        assert_eq!(values[1].nimber, 1);
        assert_eq!(
            values
                .iter()
                .find(|v| v.cells == 0b11 | (0b11 << 16))
                .map(|v| v.nimber),
            Some(0)
        );
    }
}
