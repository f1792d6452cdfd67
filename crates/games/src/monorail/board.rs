//! Bounded boards: Monorail on a table of `W × H` cells, as it was played
//! on television.
//!
//! Season 4 of *The Genius* (episode 6) played Monorail on a table of 4 rows
//! and 5 columns with the station in the top row, in the second and third
//! columns ([`Board::season4`]). On a bounded board the rules are those of
//! [`super::rules`] with every loop (and so every move) kept on the board.
//!
//! **Board coordinates**: `0 <= x < W` growing east, `0 <= y < H` growing
//! north, origin at the bottom-left cell; the station occupies `(X, Y)` and
//! `(X + 1, Y)`. Internally every position is kept in the station's frame
//! of [`super::geometry`] (station at `(0,0)`, `(1,0)`); a board translates
//! between the two, so the compact notation a user types and reads for a
//! board is in board coordinates.
//!
//! Only the station symmetries that map the board onto itself are used to
//! identify positions ([`Board::symmetries`]): the east–west mirror when
//! the station is centred in its row (`W = 2X + 2`), the north–south
//! mirror when it lies in the middle row (`H = 2Y + 1`), the half turn when
//! both hold. The Season 4 board has none.

use super::geometry::{is_station, Cell, TileType};
use super::position::{parse_tiles, Position};
use grundy_core::error::{BoardError, Error, PositionError, Result};
use std::fmt;

/// The largest width or height accepted. A loop of at most 24 tiles spans
/// at most 13 columns and 12 rows, so larger boards add nothing.
pub const MAX_SIDE: i32 = 32;

/// A bounded board and where its station stands (module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Board {
    width: i32,
    height: i32,
    station: (i32, i32),
}

impl Board {
    /// A board of `width × height` cells with the station's west cell at
    /// `station` (board coordinates).
    ///
    /// # Errors
    /// [`Error::BadBoard`] when a side is below 2 or above [`MAX_SIDE`]
    /// ([`BoardError::SideOutOfRange`]), or either station cell is off the
    /// board ([`BoardError::StationOffBoard`]).
    pub fn new(width: i32, height: i32, station: (i32, i32)) -> Result<Board> {
        let name = format!("{width}x{height}, station {},{}", station.0, station.1);
        let bad = |source: BoardError| Error::BadBoard {
            board: name.clone(),
            source,
        };
        for (side, v) in [("width", width), ("height", height)] {
            if !(2..=MAX_SIDE).contains(&v) {
                return Err(bad(BoardError::SideOutOfRange {
                    side,
                    value: v,
                    max: MAX_SIDE,
                }));
            }
        }
        let (x, y) = station;
        if !(0..height).contains(&y) || x < 0 || x.checked_add(1).is_none_or(|e| e >= width) {
            return Err(bad(BoardError::StationOffBoard {
                x,
                y,
                width,
                height,
            }));
        }
        Ok(Board {
            width,
            height,
            station,
        })
    }

    /// Parses `--board WxH` and `--station X,Y`.
    ///
    /// # Errors
    /// [`Error::BadBoard`] for text that is not of that form
    /// ([`BoardError::NotWxH`], [`BoardError::NotXY`],
    /// [`BoardError::NotAnInteger`]), or a board [`Board::new`] refuses.
    pub fn parse(board: &str, station: &str) -> Result<Board> {
        let bad = |source: BoardError| Error::BadBoard {
            board: format!("{board}, station {station}"),
            source,
        };
        let number = |t: &str, what: &'static str| -> Result<i32> {
            t.trim().parse::<i32>().map_err(|_| {
                bad(BoardError::NotAnInteger {
                    what,
                    text: t.trim().to_string(),
                })
            })
        };
        let (w, h) = board
            .split_once(['x', 'X', '×'])
            .ok_or_else(|| bad(BoardError::NotWxH))?;
        let (sx, sy) = station
            .split_once(',')
            .ok_or_else(|| bad(BoardError::NotXY))?;
        Board::new(
            number(w, "width")?,
            number(h, "height")?,
            (number(sx, "station x")?, number(sy, "station y")?),
        )
    }

    /// The board of Season 4 of *The Genius* (episode 6): 5 columns, 4
    /// rows, the station in the top row in the second and third columns,
    /// that is at `(1,3)`–`(2,3)`.
    pub fn season4() -> Board {
        Board::new(5, 4, (1, 3)).expect("the Season 4 board is valid")
    }

    /// Width `W` in cells.
    pub fn width(&self) -> i32 {
        self.width
    }

    /// Height `H` in cells.
    pub fn height(&self) -> i32 {
        self.height
    }

    /// The station's west cell `(X, Y)` in board coordinates.
    pub fn station(&self) -> (i32, i32) {
        self.station
    }

    /// Whether the cell `c` (station frame) lies on the board.
    pub fn contains(&self, c: Cell) -> bool {
        let b = self.to_board(c);
        (0..self.width).contains(&b.x) && (0..self.height).contains(&b.y)
    }

    /// The board coordinates of the station-frame cell `c`.
    pub fn to_board(&self, c: Cell) -> Cell {
        Cell::new(c.x + self.station.0, c.y + self.station.1)
    }

    /// The station-frame cell at board coordinates `b`.
    pub fn from_board(&self, b: Cell) -> Cell {
        Cell::new(b.x - self.station.0, b.y - self.station.1)
    }

    /// Which of [`Symmetry::ALL`](super::geometry::Symmetry::ALL) map the board onto itself (the identity
    /// always does).
    pub fn symmetries(&self) -> [bool; 4] {
        let ew = self.width == 2 * self.station.0 + 2;
        let ns = self.height == 2 * self.station.1 + 1;
        [true, ew, ns, ew && ns]
    }

    /// Every cell of the board but the station's, in the station frame,
    /// in ascending `(x, y)` order.
    pub fn cells(&self) -> Vec<Cell> {
        let mut v = Vec::new();
        for bx in 0..self.width {
            for by in 0..self.height {
                let c = self.from_board(Cell::new(bx, by));
                if !is_station(c) {
                    v.push(c);
                }
            }
        }
        v
    }

    /// Parses a position written in board coordinates (compact notation,
    /// `-` for the empty board) into the station frame.
    ///
    /// # Errors
    /// [`Error::MalformedPosition`] for bad notation, a cell off the board
    /// or on the station, or two tiles on one cell (cells named in board
    /// coordinates).
    pub fn parse_position(&self, text: &str) -> Result<Position> {
        let tiles = parse_tiles(text)?;
        let bad = |source: PositionError| Error::MalformedPosition {
            text: text.chars().take(60).collect(),
            source,
        };
        let mut out = Vec::with_capacity(tiles.len());
        for &(b, t) in &tiles {
            let c = self.from_board(b);
            if !self.contains(c) {
                return Err(bad(PositionError::OffBoard {
                    cell: b.to_string(),
                    width: self.width,
                    height: self.height,
                }));
            }
            if is_station(c) {
                return Err(bad(PositionError::OnStation {
                    cell: b.to_string(),
                }));
            }
            out.push((c, t));
        }
        let mut sorted: Vec<Cell> = tiles.iter().map(|t| t.0).collect();
        sorted.sort();
        if let Some(w) = sorted.windows(2).find(|w| w[0] == w[1]) {
            return Err(bad(PositionError::TwoTiles {
                cell: w[0].to_string(),
            }));
        }
        Position::from_tiles(out)
    }

    /// The tiles of `p` (station frame) in board coordinates, in ascending
    /// `(x, y)` order.
    pub fn tiles_on_board(&self, tiles: &[(Cell, TileType)]) -> Vec<(Cell, TileType)> {
        let mut v: Vec<_> = tiles.iter().map(|&(c, t)| (self.to_board(c), t)).collect();
        v.sort();
        v
    }

    /// The compact notation of `tiles` (station frame) in board
    /// coordinates; `-` when there are none.
    pub fn notation(&self, tiles: &[(Cell, TileType)]) -> String {
        notation(&self.tiles_on_board(tiles))
    }
}

impl Board {
    /// A text picture of the board with `p` (station frame) on it, north
    /// up, one character per cell: `║ ═ ╚ ╝ ╔ ╗` for the tile types NS, EW,
    /// NE, NW, SE, SW, `=` for the station, `·` for an empty cell; row
    /// numbers on the left, column numbers below.
    pub fn picture(&self, p: &Position) -> String {
        let mut s = String::new();
        for by in (0..self.height).rev() {
            s.push_str(&format!("{by:>2} "));
            for bx in 0..self.width {
                let c = self.from_board(Cell::new(bx, by));
                let ch = if is_station(c) {
                    '='
                } else {
                    match p.get(c) {
                        Some(TileType::NS) => '║',
                        Some(TileType::EW) => '═',
                        Some(TileType::NE) => '╚',
                        Some(TileType::NW) => '╝',
                        Some(TileType::SE) => '╔',
                        Some(TileType::SW) => '╗',
                        None => '·',
                    }
                };
                s.push(' ');
                s.push(ch);
            }
            s.push('\n');
        }
        s.push_str("   ");
        for bx in 0..self.width {
            s.push_str(&format!("{:>2}", bx % 100));
        }
        s.push('\n');
        s
    }
}

/// The compact notation of `tiles` as given (no change of frame), in the
/// order given; `-` when there are none (as [`Position`]'s `Display`).
pub fn notation(tiles: &[(Cell, TileType)]) -> String {
    super::position::notation(tiles)
}

/// The frame positions are read and written in: the board's coordinates on
/// a bounded `board`, the station's frame for `None` (the unbounded grid).
/// `tiles` (station frame) in that frame, ascending `(x, y)`.
pub fn framed(board: Option<&Board>, tiles: &[(Cell, TileType)]) -> Vec<(Cell, TileType)> {
    match board {
        Some(b) => b.tiles_on_board(tiles),
        None => tiles.to_vec(),
    }
}

/// The cell `c` (station frame) in the frame of [`framed`].
pub fn framed_cell(board: Option<&Board>, c: Cell) -> Cell {
    board.map_or(c, |b| b.to_board(c))
}

/// `tiles` (station frame) in compact notation in the frame of [`framed`].
pub fn framed_notation(board: Option<&Board>, tiles: &[(Cell, TileType)]) -> String {
    notation(&framed(board, tiles))
}

/// Parses compact notation written in the frame of [`framed`].
///
/// # Errors
/// [`Error::MalformedPosition`] naming the problem.
pub fn parse_framed(board: Option<&Board>, text: &str) -> Result<Position> {
    match board {
        Some(b) => b.parse_position(text),
        None => text.trim().parse(),
    }
}

impl fmt::Display for Board {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}x{}, station {},{}",
            self.width, self.height, self.station.0, self.station.1
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::monorail::geometry::Symmetry;

    #[test]
    fn season4_board_and_its_televised_opening() {
        let b = Board::season4();
        assert_eq!(b.symmetries(), [true, false, false, false]);
        assert_eq!(b.cells().len(), 18);
        let p = b.parse_position("3,3,EW;3,2,EW;3,1,EW").unwrap();
        assert_eq!(p.to_string(), "2,-2,EW;2,-1,EW;2,0,EW");
        assert_eq!(b.notation(p.tiles()), "3,1,EW;3,2,EW;3,3,EW");
        assert_eq!(
            b.picture(&p),
            " 3  · = = ═ ·\n 2  · · · ═ ·\n 1  · · · ═ ·\n 0  · · · · ·\n    0 1 2 3 4\n"
        );
        assert!(b
            .parse_position("5,0,NS")
            .unwrap_err()
            .to_string()
            .contains("off the 5x4 board"));
        assert!(b
            .parse_position("1,3,NS")
            .unwrap_err()
            .to_string()
            .contains("station"));
        assert!(b
            .parse_position("0,0,NS;0,0,EW")
            .unwrap_err()
            .to_string()
            .contains("two tiles"));
    }

    #[test]
    fn bad_boards_are_refused() {
        for (w, s) in [
            ("1x4", "0,0"),
            ("5x4", "4,3"),
            ("5x4", "1,4"),
            ("5x4", "-1,0"),
            ("5", "1,3"),
            ("5x4", "1;3"),
            ("40x4", "1,1"),
        ] {
            let e = Board::parse(w, s).unwrap_err().to_string();
            assert!(e.starts_with("bad board"), "{e}");
        }
        assert_eq!(Board::parse("5x4", "1,3").unwrap(), Board::season4());
    }

    #[test]
    fn symmetric_boards_keep_their_symmetries() {
        // Station centred in the middle row of a 6x5 board.
        let b = Board::new(6, 5, (2, 2)).unwrap();
        assert_eq!(b.symmetries(), [true; 4]);
        for (i, s) in Symmetry::ALL.into_iter().enumerate() {
            assert!(b.symmetries()[i]);
            for c in b.cells() {
                assert!(b.contains(s.cell(c)), "{s:?} maps {c} off the board");
            }
        }
    }

    /// Each reason is its typed variant, with its data, and the message is
    /// the one the reason string gave before the reasons were typed.
    #[test]
    fn reasons_are_typed() {
        let e = Board::parse("5x4", "4,3").unwrap_err();
        assert!(matches!(
            e,
            Error::BadBoard {
                source: BoardError::StationOffBoard {
                    x: 4,
                    y: 3,
                    width: 5,
                    height: 4
                },
                ..
            }
        ));
        assert_eq!(
            e.to_string(),
            "bad board 5x4, station 4,3: the station's cells (4,3) and (5,3) must both lie on the board (x in 0..5, y in 0..4)"
        );
        let e = Board::parse("ax4", "1,3").unwrap_err();
        let Error::BadBoard { source, .. } = &e else {
            panic!("{e:?}")
        };
        assert_eq!(
            *source,
            BoardError::NotAnInteger {
                what: "width",
                text: "a".into()
            }
        );
        assert_eq!(
            e.to_string(),
            "bad board ax4, station 1,3: width \"a\" is not an integer"
        );
        let cause = std::error::Error::source(&e).expect("a source");
        assert_eq!(cause.downcast_ref::<BoardError>(), Some(source));
        assert!(matches!(
            Board::parse("1x4", "0,0"),
            Err(Error::BadBoard {
                source: BoardError::SideOutOfRange {
                    side: "width",
                    value: 1,
                    max: MAX_SIDE
                },
                ..
            })
        ));
        assert!(matches!(
            Board::parse("5by4", "1,3"),
            Err(Error::BadBoard {
                source: BoardError::NotWxH,
                ..
            })
        ));
    }
}
