//! The table of record: the nimbers of empty Cram boards as Piotr Beling
//! publishes them in the README of
//! [beling/impartial-games](https://github.com/beling/impartial-games)
//! (last updated November 2025), computed with his solver `igsolve`
//! (Beling and Rogalski, "On pruning search trees of impartial games",
//! *Artificial Intelligence* 283, 2020). The smaller boards were first
//! settled by Lemoine and Viennot's Glop and by Schneider (2009); 5 × 11
//! by Uiterwijk (ACG 2019). Even × even boards are 0 by the symmetry
//! strategy ([`super::Board::symmetry_outcome`]).
//!
//! Boards the table lists as open: 5 × 13, 5 × 14, 5 × 15, 6 × 11,
//! 6 × 13, 6 × 15 and 7 × 10 to 7 × 15.

/// `(rows, cols, nimber)` with `rows <= cols`, row by row as published.
pub const BOARDS: &[(usize, usize, u8)] = &[
    (4, 4, 0),
    (4, 5, 2),
    (4, 6, 0),
    (4, 7, 3),
    (4, 8, 0),
    (4, 9, 1),
    (4, 10, 0),
    (4, 11, 1),
    (4, 12, 0),
    (4, 13, 3),
    (4, 14, 0),
    (4, 15, 4),
    (5, 5, 0),
    (5, 6, 2),
    (5, 7, 1),
    (5, 8, 1),
    (5, 9, 1),
    (5, 10, 2),
    (5, 11, 0),
    (5, 12, 3),
    (6, 6, 0),
    (6, 7, 5),
    (6, 8, 0),
    (6, 9, 1),
    (6, 10, 0),
    (6, 12, 0),
    (6, 14, 0),
    (7, 7, 1),
    (7, 8, 3),
    (7, 9, 1),
];

/// The published nimber of the empty `rows × cols` board (either
/// orientation), if the table has it.
pub fn nimber(rows: usize, cols: usize) -> Option<u8> {
    let (r, c) = (rows.min(cols), rows.max(cols));
    BOARDS
        .iter()
        .find(|&&(a, b, _)| (a, b) == (r, c))
        .map(|&(_, _, v)| v)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cram::{Board, Solver};

    /// The published boards of at most 30 cells, by the search (the larger
    /// ones are in `data/cram/boards.csv`, checked by the suite), and the
    /// even × even ones by the symmetry strategy.
    #[test]
    fn the_small_published_boards_by_the_search() {
        for &(r, c, v) in BOARDS {
            let b = Board::empty(r, c).unwrap();
            if r % 2 == 0 && c % 2 == 0 {
                assert_eq!((v, b.symmetry_outcome()), (0, Some(false)));
            }
            if r * c <= 30 {
                assert_eq!(
                    Solver::new(1 << 22).nimber(b.cells()).unwrap(),
                    v,
                    "{r}x{c}"
                );
            }
        }
        assert_eq!(nimber(9, 6), Some(1));
        assert_eq!(nimber(5, 13), None);
    }
}
