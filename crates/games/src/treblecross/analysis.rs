//! Settling a Treblecross row: immediate wins, then gaps and nim-sum.

use super::nimbers::GapNimbers;
use super::row::Row;
use grundy_core::{Error, Result};

/// A maximal run of live cells (no `X` within two cells of any of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gap {
    /// First cell of the gap, 1-based.
    pub start: usize,
    /// Number of cells.
    pub len: usize,
    /// Its Grundy value.
    pub nimber: u32,
}

/// The verdict on a row for the player to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Analysis {
    /// Whether the player to move wins with perfect play (an N-position).
    pub winning: bool,
    /// Every winning cell, 1-based, ascending (empty when losing).
    pub winning_cells: Vec<usize>,
    /// Whether the winning cells complete three in a row at once.
    pub immediate: bool,
    /// The Grundy value of the row, when it is a sum of gaps (`None` when
    /// a cell wins at once).
    pub nimber: Option<u32>,
    /// The gaps, left to right (empty for an immediate win or a row
    /// shorter than 3 cells).
    pub gaps: Vec<Gap>,
}

/// The gaps of `row` as (0-based start, length): runs of empty cells with
/// no `X` within two cells.
pub fn gap_runs(row: &Row) -> Vec<(usize, usize)> {
    let n = row.len();
    let mut live = vec![true; n];
    for (i, &x) in row.cells().iter().enumerate() {
        if x {
            for l in live
                .iter_mut()
                .take((i + 3).min(n))
                .skip(i.saturating_sub(2))
            {
                *l = false;
            }
        }
    }
    let mut runs = Vec::new();
    let mut i = 0;
    while i < n {
        if live[i] {
            let start = i;
            while i < n && live[i] {
                i += 1;
            }
            runs.push((start, i - start));
        } else {
            i += 1;
        }
    }
    runs
}

/// The longest gap of `row`: how far the gap values must reach.
pub fn longest_gap(row: &Row) -> usize {
    gap_runs(row).iter().map(|r| r.1).max().unwrap_or(0)
}

/// Settles `row` for the player to move, in time linear in its length.
///
/// # Errors
/// [`Error::OutOfRange`] when a gap is longer than `nimbers` covers
/// (extend them first with [`GapNimbers::extend`] to [`longest_gap`]).
pub fn analyse(row: &Row, nimbers: &GapNimbers) -> Result<Analysis> {
    let n = row.len();
    let empty = (0..n).filter(|&i| !row.is_x(i));
    if n < 3 {
        // No three in a row fits: the game is plain filling.
        let cells: Vec<usize> = empty.map(|i| i + 1).collect();
        let winning = cells.len() % 2 == 1;
        return Ok(Analysis {
            winning,
            nimber: Some(winning as u32),
            winning_cells: if winning { cells } else { Vec::new() },
            immediate: false,
            gaps: Vec::new(),
        });
    }
    let immediate: Vec<usize> = empty
        .filter(|&i| row.completes_three(i))
        .map(|i| i + 1)
        .collect();
    if !immediate.is_empty() {
        return Ok(Analysis {
            winning: true,
            winning_cells: immediate,
            immediate: true,
            nimber: None,
            gaps: Vec::new(),
        });
    }
    let runs = gap_runs(row);
    if let Some(&(start, len)) = runs.iter().find(|r| r.1 > nimbers.max_gap()) {
        return Err(Error::OutOfRange {
            what: format!("the gap of {len} cells at cell {}", start + 1),
            reason: format!("gap values are known up to {} cells", nimbers.max_gap()),
        });
    }
    let gaps: Vec<Gap> = runs
        .iter()
        .map(|&(start, len)| Gap {
            start: start + 1,
            len,
            nimber: nimbers.gap(len),
        })
        .collect();
    let total = gaps.iter().fold(0, |acc, g| acc ^ g.nimber);
    let winning_cells = if total != 0 {
        cells_leaving(&gaps, 0, nimbers)
    } else {
        Vec::new()
    };
    Ok(Analysis {
        winning: total != 0,
        winning_cells,
        immediate: false,
        nimber: Some(total),
        gaps,
    })
}

/// Every cell (1-based, ascending) whose move leaves a row with these
/// `gaps` at value `target`: a move in one gap changes only that gap's
/// share of the nim-sum, so it must take the gap to
/// `target ⊕ total ⊕ nimber`, which may be above the gap's own value.
pub fn cells_leaving(gaps: &[Gap], target: u32, nimbers: &GapNimbers) -> Vec<usize> {
    let total = gaps.iter().fold(0, |acc, g| acc ^ g.nimber);
    let mut cells = Vec::new();
    for g in gaps {
        let want = target ^ total ^ g.nimber;
        cells.extend(cells_to_value(g.len, want, nimbers).map(|i| g.start + i - 1));
    }
    cells
}

/// Every cell (1-based, ascending) of `row` whose move leaves it at value
/// `target`, for any row without an immediate win: in a row shorter than
/// 3 cells every empty cell leaves the parity of the other empty cells
/// (plain filling); otherwise only live cells count ([`cells_leaving`]
/// over the row's `gaps`), since a move in a dead cell hands the opponent
/// three in a row.
pub fn cells_of_row_leaving(
    row: &Row,
    gaps: &[Gap],
    target: u32,
    nimbers: &GapNimbers,
) -> Vec<usize> {
    if row.len() >= 3 {
        return cells_leaving(gaps, target, nimbers);
    }
    let empty: Vec<usize> = (0..row.len())
        .filter(|&i| !row.is_x(i))
        .map(|i| i + 1)
        .collect();
    let left = u32::from(empty.len() % 2 == 0);
    if left == target {
        empty
    } else {
        Vec::new()
    }
}

/// The cells `i` (1-based within a gap of `k` cells) whose move leaves
/// gaps of total value `target`.
pub fn cells_to_value(
    k: usize,
    target: u32,
    nimbers: &GapNimbers,
) -> impl Iterator<Item = usize> + '_ {
    (1..=k).filter(move |&i| {
        nimbers.gap(i.saturating_sub(3)) ^ nimbers.gap((k - i).saturating_sub(2)) == target
    })
}

/// The verdict on an empty strip of `n` cells.
///
/// # Errors
/// As [`analyse`].
pub fn empty_strip(n: usize, nimbers: &GapNimbers) -> Result<Analysis> {
    analyse(&Row::from_cells(vec![false; n])?, nimbers)
}

#[cfg(test)]
mod tests {
    use super::super::nimbers::quiet;
    use super::*;

    #[test]
    fn gaps_skip_cells_near_an_x() {
        let r: Row = "..X....X.........".parse().unwrap();
        assert_eq!(gap_runs(&r), vec![(10, 7)]);
        let r: Row = "X......X".parse().unwrap();
        assert_eq!(gap_runs(&r), vec![(3, 2)]);
    }

    #[test]
    fn classic_rows() {
        let g = GapNimbers::compute(100, quiet());
        // An immediate win is the only answer.
        let a = analyse(&"X.X.....".parse().unwrap(), &g).unwrap();
        assert_eq!(
            (a.winning, a.immediate, a.winning_cells),
            (true, true, vec![2])
        );
        // Six empty cells: every first move loses (gap value 0).
        let a = empty_strip(6, &g).unwrap();
        assert!(!a.winning && a.winning_cells.is_empty());
        // Five empty cells: the middle cell kills the whole row.
        let a = empty_strip(5, &g).unwrap();
        assert_eq!(a.winning_cells, vec![3]);
    }
}
