//! A Treblecross row: which cells hold an `X`.
#![warn(clippy::arithmetic_side_effects)]

use grundy_core::error::{ImpossibleError, PositionError};
use grundy_core::{Error, Result};
use std::fmt;
use std::str::FromStr;

/// A row of cells, `cells[i]` true when cell `i + 1` holds an `X`.
///
/// Written as text with `.` for an empty cell and `X` (or `x`) for a
/// marked one: `..X....X..`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Row {
    cells: Vec<bool>,
}

impl Row {
    /// An empty row of `len` cells.
    pub fn empty(len: usize) -> Row {
        Row {
            cells: vec![false; len],
        }
    }

    /// The row with `X` where `cells` is true.
    ///
    /// # Errors
    /// [`Error::ImpossiblePosition`] when the row already has three `X` in
    /// a row (the game is over), [`Error::MalformedPosition`] when empty.
    pub fn from_cells(cells: Vec<bool>) -> Result<Row> {
        let row = Row { cells };
        if row.cells.is_empty() {
            return Err(Error::MalformedPosition {
                text: String::new(),
                source: PositionError::EmptyTreblecrossRow,
            });
        }
        if let Some(i) = row.three_in_a_row() {
            return Err(Error::ImpossiblePosition {
                position: row.to_string(),
                source: ImpossibleError::ThreeInARow {
                    first: i.saturating_add(1),
                    last: i.saturating_add(3),
                },
            });
        }
        Ok(row)
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether the row has no cells (never true for a parsed row).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Whether cell `i` (0-based) holds an `X`.
    pub fn is_x(&self, i: usize) -> bool {
        self.cells[i]
    }

    /// The cells, `true` for `X`, 0-based.
    pub fn cells(&self) -> &[bool] {
        &self.cells
    }

    /// The row after writing `X` in cell `cell` (1-based).
    ///
    /// # Panics
    /// If the cell is out of range or not empty.
    pub fn with_x(&self, cell: usize) -> Row {
        let i = cell.checked_sub(1).expect("cells are numbered from 1");
        assert!(!self.cells[i], "cell {cell} is not empty");
        let mut cells = self.cells.clone();
        cells[i] = true;
        Row { cells }
    }

    /// The 0-based start of the first three `X` in a row, if any.
    pub fn three_in_a_row(&self) -> Option<usize> {
        self.cells.windows(3).position(|w| w.iter().all(|&x| x))
    }

    /// Whether writing in empty cell `i` (0-based) completes three in a row.
    pub fn completes_three(&self, i: usize) -> bool {
        let x = |j: Option<usize>| j.and_then(|j| self.cells.get(j)).copied().unwrap_or(false);
        let (l2, l1) = (i.checked_sub(2), i.checked_sub(1));
        let (r1, r2) = (i.checked_add(1), i.checked_add(2));
        (x(l2) && x(l1)) || (x(l1) && x(r1)) || (x(r1) && x(r2))
    }
}

impl FromStr for Row {
    type Err = Error;

    /// Parses `.`/`X` text, e.g. `..X....X..`.
    ///
    /// # Errors
    /// [`Error::MalformedPosition`] naming the first bad character and its
    /// 1-based column, or an empty row; [`Error::ImpossiblePosition`] for
    /// a row that already holds three in a row.
    fn from_str(text: &str) -> Result<Row> {
        let text = text.trim();
        let mut cells = Vec::with_capacity(text.len());
        for (i, c) in text.chars().enumerate() {
            match c {
                '.' => cells.push(false),
                'X' | 'x' => cells.push(true),
                other => {
                    return Err(Error::MalformedPosition {
                        text: shorten(text),
                        source: PositionError::NotATreblecrossCell {
                            found: other,
                            column: i.saturating_add(1),
                        },
                    })
                }
            }
        }
        Row::from_cells(cells)
    }
}

/// At most the first 40 characters of `text`, for error messages.
fn shorten(text: &str) -> String {
    if text.chars().count() <= 40 {
        text.to_string()
    } else {
        format!("{}…", text.chars().take(40).collect::<String>())
    }
}

impl fmt::Display for Row {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s: String = self
            .cells
            .iter()
            .map(|&x| if x { 'X' } else { '.' })
            .collect();
        f.write_str(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_prints() {
        let r: Row = "..X....X..".parse().unwrap();
        assert_eq!(r.len(), 10);
        assert!(r.is_x(2) && r.is_x(7) && !r.is_x(0));
        assert_eq!(r.to_string(), "..X....X..");
    }

    #[test]
    fn rejects_bad_rows() {
        assert!(matches!(
            "..Y..".parse::<Row>(),
            Err(Error::MalformedPosition { .. })
        ));
        assert!(matches!(
            "".parse::<Row>(),
            Err(Error::MalformedPosition { .. })
        ));
        assert!(matches!(
            ".XXX.".parse::<Row>(),
            Err(Error::ImpossiblePosition { .. })
        ));
    }

    #[test]
    fn finds_completing_cells() {
        let r: Row = "XX..X.X".parse().unwrap();
        let c: Vec<usize> = (0..r.len())
            .filter(|&i| !r.is_x(i) && r.completes_three(i))
            .collect();
        assert_eq!(c, vec![2, 5]);
    }
}
