//! A Cram board as the user gives it: `RxC` (all empty) or a picture of
//! rows (`.` empty, `#` filled), its moves, and the engine's layout.

use super::cells::{cell, Cells, MAX_COLS, MAX_ROWS};
use grundy_core::error::PositionError;
use grundy_core::impartial::ImpartialGame;
use grundy_core::{Error, Result};
use std::fmt;

/// The longest side of a board ([`MAX_COLS`]); the shorter side is at most
/// [`MAX_ROWS`].
pub const MAX_SIDE: usize = MAX_COLS;

/// A Cram position: which cells of an `rows × cols` board are empty.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    rows: usize,
    cols: usize,
    /// Row-major, `true` for an empty cell.
    empty: Vec<bool>,
}

/// A domino: two adjacent cells, each `(row, col)` from 0 at the top left.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Domino(pub (usize, usize), pub (usize, usize));

impl fmt::Display for Domino {
    /// `r1c1-r1c2`: rows and columns numbered from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Domino((a, b), (c, d)) = *self;
        write!(f, "r{}c{}-r{}c{}", a + 1, b + 1, c + 1, d + 1)
    }
}

fn bad(text: &str, source: PositionError) -> Error {
    Error::MalformedPosition {
        text: format!("cram:{text}"),
        source,
    }
}

impl Board {
    /// An empty `rows × cols` board.
    ///
    /// # Errors
    /// [`Error::MalformedPosition`] for a side of 0, or a board that does not fit
    /// (the shorter side at most 7 and the longer at most 15 cells).
    pub fn empty(rows: usize, cols: usize) -> Result<Board> {
        Board::check_size(&format!("{rows}x{cols}"), rows, cols)?;
        Ok(Board {
            rows,
            cols,
            empty: vec![true; rows * cols],
        })
    }

    fn check_size(text: &str, rows: usize, cols: usize) -> Result<()> {
        if rows == 0 || cols == 0 {
            return Err(bad(text, PositionError::NoCells));
        }
        if rows.min(cols) > MAX_ROWS || rows.max(cols) > MAX_SIDE {
            return Err(bad(
                text,
                PositionError::BoardTooLarge {
                    rows,
                    cols,
                    max_short: MAX_ROWS,
                    max_long: MAX_SIDE,
                },
            ));
        }
        Ok(())
    }

    /// Reads `RxC` (`5x7`, also `5×7`) or a picture: rows separated by
    /// `/` or new lines, `.` an empty cell, `#` a filled one.
    ///
    /// # Errors
    /// [`Error::MalformedPosition`] naming the problem: a bad character, rows of
    /// different lengths, a size of 0 or past the engine's limits.
    pub fn parse(text: &str) -> Result<Board> {
        let t = text.trim();
        if t.contains(['.', '#']) {
            return Board::parse_picture(t);
        }
        let Some((r, c)) = t.split_once(['x', 'X', '×']) else {
            return Err(bad(text, PositionError::NotRxC));
        };
        let side = |s: &str, what: &'static str| -> Result<usize> {
            s.trim().parse::<usize>().map_err(|_| {
                bad(
                    text,
                    PositionError::SideNotWhole {
                        what,
                        text: s.into(),
                    },
                )
            })
        };
        Board::empty(side(r, "rows")?, side(c, "columns")?)
    }

    fn parse_picture(t: &str) -> Result<Board> {
        let lines: Vec<&str> = t
            .split(['/', '\n'])
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        let rows = lines.len();
        let cols = lines.first().map_or(0, |l| l.chars().count());
        let mut empty = Vec::with_capacity(rows * cols);
        for (i, line) in lines.iter().enumerate() {
            if line.chars().count() != cols {
                return Err(bad(
                    t,
                    PositionError::RaggedRows {
                        row: i + 1,
                        cells: line.chars().count(),
                        first: cols,
                    },
                ));
            }
            for (j, ch) in line.chars().enumerate() {
                match ch {
                    '.' => empty.push(true),
                    '#' => empty.push(false),
                    other => {
                        return Err(bad(
                            t,
                            PositionError::NotACramCell {
                                row: i + 1,
                                col: j + 1,
                                found: other,
                            },
                        ))
                    }
                }
            }
        }
        Board::check_size(t, rows, cols)?;
        Ok(Board { rows, cols, empty })
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// Whether the cell at `(row, col)` is empty.
    pub fn is_empty(&self, row: usize, col: usize) -> bool {
        self.empty[row * self.cols + col]
    }

    /// The empty cells.
    pub fn empty_cells(&self) -> usize {
        self.empty.iter().filter(|&&e| e).count()
    }

    /// Whether every cell is empty.
    pub fn is_full_board(&self) -> bool {
        self.empty.iter().all(|&e| e)
    }

    /// The outcome the symmetry strategy proves for an empty rectangle:
    /// `Some(false)` (a P-position, nimber 0) when both sides are even,
    /// `Some(true)` (an N-position, nimber at least 1) when exactly one
    /// is; `None` for odd × odd boards and boards with filled cells.
    ///
    /// Even × even: the second player answers every domino with its image
    /// under the half-turn about the board's centre, which is always
    /// empty (no domino is its own image: its two cells would be images
    /// of each other, so a side would be odd). Even × odd: the first
    /// player covers the two central cells of the middle line (a domino
    /// that is its own image) and then answers the same way (Gardner,
    /// *Mathematical Games*, Scientific American, February 1974; Winning
    /// Ways, ch. 22).
    pub fn symmetry_outcome(&self) -> Option<bool> {
        if !self.is_full_board() {
            return None;
        }
        match (self.rows % 2, self.cols % 2) {
            (0, 0) => Some(false),
            (1, 1) => None,
            _ => Some(true),
        }
    }

    /// `RxC` for a board with every cell empty, else the picture with `/`.
    pub fn text(&self) -> String {
        if self.is_full_board() {
            return format!("{}x{}", self.rows, self.cols);
        }
        self.picture("/")
    }

    /// The picture, rows joined by `sep`.
    pub fn picture(&self, sep: &str) -> String {
        (0..self.rows)
            .map(|r| {
                (0..self.cols)
                    .map(|c| if self.is_empty(r, c) { '.' } else { '#' })
                    .collect::<String>()
            })
            .collect::<Vec<_>>()
            .join(sep)
    }

    /// Whether the engine's layout has the board on its side (more than
    /// [`MAX_ROWS`] rows).
    fn turned(&self) -> bool {
        self.rows > MAX_ROWS
    }

    /// The empty cells in the engine's layout ([`super::cells`]), the board
    /// turned on its side when it has more than 7 rows.
    pub fn cells(&self) -> Cells {
        let mut x = 0;
        for r in 0..self.rows {
            for c in 0..self.cols {
                if self.is_empty(r, c) {
                    x |= if self.turned() {
                        cell(c, r)
                    } else {
                        cell(r, c)
                    };
                }
            }
        }
        x
    }

    /// The board's cell `(row, col)` in the engine's layout.
    pub fn engine_cell(&self, row: usize, col: usize) -> Cells {
        if self.turned() {
            cell(col, row)
        } else {
            cell(row, col)
        }
    }

    /// Every move: each pair of adjacent empty cells, horizontal ones
    /// first, in reading order.
    pub fn moves(&self) -> Vec<Domino> {
        let mut out = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                if c + 1 < self.cols && self.is_empty(r, c) && self.is_empty(r, c + 1) {
                    out.push(Domino((r, c), (r, c + 1)));
                }
            }
        }
        for r in 0..self.rows {
            for c in 0..self.cols {
                if r + 1 < self.rows && self.is_empty(r, c) && self.is_empty(r + 1, c) {
                    out.push(Domino((r, c), (r + 1, c)));
                }
            }
        }
        out
    }

    /// The board after `m` (a move of [`moves`](Self::moves)).
    pub fn after(&self, m: Domino) -> Board {
        let mut b = self.clone();
        for (r, c) in [m.0, m.1] {
            b.empty[r * self.cols + c] = false;
        }
        b
    }
}

/// The plain game over the rules, for the reference search: options are
/// the boards after each move, with no splitting and no symmetry.
impl ImpartialGame for Board {
    fn options(&self) -> Vec<Self> {
        self.moves().into_iter().map(|m| self.after(m)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cram::cells::Grid;
    use crate::cram::layout::Wide;

    #[test]
    fn parses_sizes_and_pictures() {
        let b = Board::parse("3x4").unwrap();
        assert_eq!((b.rows(), b.cols(), b.empty_cells()), (3, 4, 12));
        assert_eq!(b.moves().len(), 3 * 3 + 2 * 4);
        let p = Board::parse("..#/.../#..").unwrap();
        assert_eq!(p.text(), "..#/.../#..");
        assert_eq!(Board::parse("..#\n...\n#..").unwrap(), p);
        assert_eq!(Board::parse("15x4").unwrap().cells().count_ones(), 60);
        for bad in [
            "0x3", "3x0", "8x8", "16x2", "3y4", "ax3", "../.", "..x/...", "",
        ] {
            assert!(Board::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn turned_boards_keep_their_moves() {
        let b = Board::parse("9x2").unwrap();
        let e = b.cells();
        assert_eq!(Wide.moves_count(e) as usize, b.moves().len());
        assert_eq!(b.engine_cell(8, 1), cell(1, 8));
        assert_eq!(Domino((0, 0), (0, 1)).to_string(), "r1c1-r1c2");
    }
}
