//! Positions and their two text notations.
//!
//! **Compact notation**: the placed tiles as `x,y,TYPE` separated by `;`,
//! for example `2,0,NW;2,1,SE`. Types are `NS`, `EW`, `NE`, `NW`, `SE`,
//! `SW` (the two sides the track joins). Spaces are ignored; the start
//! position (nothing placed) is written `-` (the empty string and `start`
//! are accepted too). Tiles are printed in ascending `(x, y)` order, so
//! every position has exactly one printed form.
//!
//! **Picture**: each cell is a block of 3 × 3 characters, north at the top.
//! A track runs from the block's centre `+` to the middle of each joined
//! side (`|` north and south, `-` east and west); a straight tile shows a
//! full `|` or `-` line. The station's two cells show `===` in their middle
//! row; an empty cell of a drawn loop shows `.` at its centre. The picture
//! covers every drawn cell with one empty cell of margin, so the station
//! fixes the coordinates and the picture parses back to the same position.
//!
//! ```text
//!  +-  -+
//!  |    |
//! ===========
//! ```
//! (a picture is produced by [`Position::picture`]; see its tests.)
//!
//! Both notations accept only cells within [`COORD_LIMIT`] of the station,
//! and every parsed position prints back ([`fmt::Display`], the compact
//! notation) to text that parses to the same position.

#![warn(clippy::arithmetic_side_effects)]

use super::geometry::{is_station, Cell, Side, Symmetry, TileType, STATION};
use super::loops::Loop;
use grundy_core::error::{Error, PositionError, Result};
use std::fmt;
use std::str::FromStr;

/// Largest coordinate the notations accept: `x` in `1 - COORD_LIMIT ..=
/// COORD_LIMIT`, `y` in `-COORD_LIMIT ..= COORD_LIMIT`. The station's four
/// symmetries map this range onto itself, and it holds every loop of every
/// supported tile count (a loop of at most 24 tiles stays within 12 steps of
/// the station) with room to spare. A cell outside it cannot be part of any
/// game, so text naming one is rejected while parsing, which keeps every
/// later coordinate computation (neighbours, images, pictures) small.
pub const COORD_LIMIT: i32 = 64;

/// Whether `c` lies in the range of [`COORD_LIMIT`].
pub fn in_notation_range(c: Cell) -> bool {
    (1 - COORD_LIMIT..=COORD_LIMIT).contains(&c.x) && (-COORD_LIMIT..=COORD_LIMIT).contains(&c.y)
}

/// Most characters of a line, and most lines, of a picture: the picture of
/// any position within [`COORD_LIMIT`] (with its margin) fits.
pub const PICTURE_LIMIT: usize = 3 * (2 * COORD_LIMIT as usize + 3);

/// At most this many characters of offending text are quoted in an error.
const QUOTE_LIMIT: usize = 60;

/// `text` cut to [`QUOTE_LIMIT`] characters (with `...` when cut), for
/// quoting in a one-line error.
fn excerpt(text: &str) -> String {
    let mut chars = text.chars();
    let head: String = chars.by_ref().take(QUOTE_LIMIT).collect();
    if chars.next().is_some() {
        format!("{head}...")
    } else {
        head
    }
}

/// A set of placed tiles, at most one per cell, none on the station, every
/// cell within [`COORD_LIMIT`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    tiles: Vec<(Cell, TileType)>,
}

impl Position {
    /// A position from placed tiles in any order.
    ///
    /// # Errors
    /// [`Error::MalformedPosition`] if two tiles share a cell, a tile is on
    /// the station, or a cell is outside the range of [`COORD_LIMIT`].
    pub fn from_tiles(mut tiles: Vec<(Cell, TileType)>) -> Result<Position> {
        tiles.sort();
        let problem = if let Some(&(c, _)) = tiles.iter().find(|&&(c, _)| !in_notation_range(c)) {
            Some(PositionError::OutsideWindow {
                cell: c.to_string(),
                limit: COORD_LIMIT,
            })
        } else if let Some(&(c, _)) = tiles.iter().find(|(c, _)| is_station(*c)) {
            Some(PositionError::OnStation {
                cell: c.to_string(),
            })
        } else {
            tiles
                .windows(2)
                .find(|w| w[0].0 == w[1].0)
                .map(|w| PositionError::TwoTiles {
                    cell: w[0].0.to_string(),
                })
        };
        let p = Position { tiles };
        match problem {
            None => Ok(p),
            Some(source) => Err(Error::MalformedPosition {
                text: excerpt(&p.to_string()),
                source,
            }),
        }
    }

    /// The placed tiles in ascending `(x, y)` order.
    pub fn tiles(&self) -> &[(Cell, TileType)] {
        &self.tiles
    }

    /// Number of placed tiles.
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Whether nothing is placed (the start position).
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// The tile on `c`, if any.
    pub fn get(&self, c: Cell) -> Option<TileType> {
        self.tiles
            .binary_search_by(|(d, _)| d.cmp(&c))
            .ok()
            .and_then(|i| self.tiles.get(i))
            .map(|&(_, t)| t)
    }

    /// This position with the tiles of `mv` added. The cells of `mv` must be
    /// empty and within [`COORD_LIMIT`] (checked by a debug assertion).
    pub fn with(&self, mv: &[(Cell, TileType)]) -> Position {
        let mut tiles = self.tiles.clone();
        tiles.extend_from_slice(mv);
        tiles.sort();
        debug_assert!(tiles.windows(2).all(|w| w[0].0 != w[1].0));
        debug_assert!(tiles.iter().all(|&(c, _)| in_notation_range(c)));
        Position { tiles }
    }

    /// The image under a symmetry of the station (which maps the range of
    /// [`COORD_LIMIT`] onto itself).
    pub fn transform(&self, s: Symmetry) -> Position {
        let mut tiles: Vec<_> = self
            .tiles
            .iter()
            .map(|&(c, t)| (s.cell(c), s.tile(t)))
            .collect();
        tiles.sort();
        Position { tiles }
    }

    /// The least image under the four station symmetries (in the order of
    /// the compact notation): one representative per symmetry class.
    pub fn canonical(&self) -> Position {
        Symmetry::ALL
            .iter()
            .map(|&s| self.transform(s))
            .min()
            .expect("four symmetries")
    }

    /// The ASCII picture (module docs), with the empty cells of `loop_` (if
    /// given) marked `.`. At most [`PICTURE_LIMIT`] lines of at most
    /// [`PICTURE_LIMIT`] characters, since cells are within [`COORD_LIMIT`].
    pub fn picture(&self, loop_: Option<&Loop>) -> String {
        let mut cells: Vec<Cell> = self.tiles.iter().map(|&(c, _)| c).collect();
        cells.extend(STATION);
        if let Some(l) = loop_ {
            cells.extend(l.tiles.iter().map(|&(c, _)| c));
        }
        // Saturating: the cells are within COORD_LIMIT, far from i32's ends.
        let x0 = cells
            .iter()
            .map(|c| c.x)
            .min()
            .unwrap_or(0)
            .saturating_sub(1);
        let x1 = cells
            .iter()
            .map(|c| c.x)
            .max()
            .unwrap_or(0)
            .saturating_add(1);
        let y0 = cells
            .iter()
            .map(|c| c.y)
            .min()
            .unwrap_or(0)
            .saturating_sub(1);
        let y1 = cells
            .iter()
            .map(|c| c.y)
            .max()
            .unwrap_or(0)
            .saturating_add(1);
        let mut out = String::new();
        for y in (y0..=y1).rev() {
            let mut rows = [String::new(), String::new(), String::new()];
            for x in x0..=x1 {
                let c = Cell::new(x, y);
                let block = if is_station(c) {
                    ["   ", "===", "   "].map(String::from)
                } else if let Some(t) = self.get(c) {
                    tile_block(t)
                } else if loop_.is_some_and(|l| l.type_at(c).is_some()) {
                    ["   ", " . ", "   "].map(String::from)
                } else {
                    ["   ", "   ", "   "].map(String::from)
                };
                for (r, b) in rows.iter_mut().zip(block) {
                    r.push_str(&b);
                }
            }
            for r in rows {
                out.push_str(r.trim_end());
                out.push('\n');
            }
        }
        out
    }

    /// Parses a picture made by [`Position::picture`]. Trailing spaces and
    /// trailing blank lines may be trimmed (missing characters count as
    /// spaces); `.` marks are ignored.
    ///
    /// # Errors
    /// [`Error::MalformedPosition`] if the picture has more than
    /// [`PICTURE_LIMIT`] lines or characters in a line, the station
    /// (`======` in the middle row of two blocks) is missing or drawn wrong,
    /// a block is not a tile, or the position is not valid (see
    /// [`Position::from_tiles`]).
    pub fn from_picture(text: &str) -> Result<Position> {
        let first = excerpt(text.lines().next().unwrap_or(""));
        let bad = |source: PositionError| Error::MalformedPosition {
            text: first.clone(),
            source,
        };
        let mut lines: Vec<Vec<char>> = Vec::new();
        for (n, line) in (1usize..).zip(text.lines()) {
            if n > PICTURE_LIMIT {
                return Err(bad(PositionError::TooManyLines {
                    limit: PICTURE_LIMIT,
                }));
            }
            let chars: Vec<char> = line.chars().take(PICTURE_LIMIT.saturating_add(1)).collect();
            if chars.len() > PICTURE_LIMIT {
                return Err(bad(PositionError::LineTooLong {
                    line: n,
                    limit: PICTURE_LIMIT,
                }));
            }
            lines.push(chars);
        }
        // Missing lines at the end are blank: pad to whole rows of blocks.
        while lines.len() % 3 != 0 {
            lines.push(Vec::new());
        }
        let width = lines.iter().map(Vec::len).max().unwrap_or(0).div_ceil(3);
        let rows = lines.len() / 3;
        // Block row `br`, column `bc`, character row `dr`, column `dc`
        // (dr, dc < 3): bounded by PICTURE_LIMIT, so the index arithmetic
        // below is on small numbers; `get` is used so no index can panic.
        let at = |br: usize, bc: usize, dr: usize, dc: usize| -> char {
            let r = br.saturating_mul(3).saturating_add(dr);
            let c = bc.saturating_mul(3).saturating_add(dc);
            lines.get(r).and_then(|l| l.get(c)).copied().unwrap_or(' ')
        };
        // The station: two adjacent blocks with "===" in the middle row.
        let station = (0..rows)
            .flat_map(|br| (0..width).map(move |bc| (br, bc)))
            .find(|&(br, bc)| (0..6).all(|k| at(br, bc.saturating_add(k / 3), 1, k % 3) == '='));
        let (sr, sc) = station.ok_or_else(|| bad(PositionError::NoStation))?;
        let to_i32 = |v: usize| i32::try_from(v).map_err(|_| bad(PositionError::PictureTooLarge));
        let (sr, sc) = (to_i32(sr)?, to_i32(sc)?);
        let mut tiles = Vec::new();
        for br in 0..rows {
            for bc in 0..width {
                let (x, y) = (to_i32(bc)?.checked_sub(sc), sr.checked_sub(to_i32(br)?));
                let (Some(x), Some(y)) = (x, y) else {
                    return Err(bad(PositionError::PictureTooLarge));
                };
                let cell = Cell::new(x, y);
                let block: String = (0..9).map(|k| at(br, bc, k / 3, k % 3)).collect();
                if is_station(cell) {
                    if block != "   ===   " {
                        return Err(bad(PositionError::StationDrawnWrong {
                            cell: cell.to_string(),
                            block: block_rows(&block),
                        }));
                    }
                    continue;
                }
                if block.chars().all(|ch| ch == ' ' || ch == '.') {
                    continue;
                }
                let t = (TileType::ALL.into_iter())
                    .find(|&t| tile_block(t).concat() == block)
                    .ok_or_else(|| {
                        bad(PositionError::NotATileBlock {
                            cell: cell.to_string(),
                            block: block_rows(&block),
                        })
                    })?;
                tiles.push((cell, t));
            }
        }
        Position::from_tiles(tiles).map_err(|e| match e {
            Error::MalformedPosition { source, .. } => bad(source),
            other => other,
        })
    }
}

/// A 9-character block as its three rows joined by `/`, for messages.
fn block_rows(block: &str) -> String {
    let chars: Vec<char> = block.chars().collect();
    chars
        .chunks(3)
        .map(|c| c.iter().collect::<String>())
        .collect::<Vec<_>>()
        .join("/")
}

/// The 3 × 3 block of a tile type.
fn tile_block(t: TileType) -> [String; 3] {
    let s = t.sides();
    let has = |d: Side| s & d.bit() != 0;
    let centre = if t.is_straight() {
        if has(Side::N) {
            '|'
        } else {
            '-'
        }
    } else {
        '+'
    };
    let top = format!(" {} ", if has(Side::N) { '|' } else { ' ' });
    let mid = format!(
        "{}{}{}",
        if has(Side::W) { '-' } else { ' ' },
        centre,
        if has(Side::E) { '-' } else { ' ' }
    );
    let bottom = format!(" {} ", if has(Side::S) { '|' } else { ' ' });
    [top, mid, bottom]
}

impl fmt::Display for Position {
    /// The compact notation; `-` for the start position. The text parses
    /// back to the same position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&notation(&self.tiles))
    }
}

/// The compact notation of `tiles` in the order given: `x,y,TYPE` joined by
/// `;`, `-` when there are none.
pub fn notation(tiles: &[(Cell, TileType)]) -> String {
    if tiles.is_empty() {
        return "-".to_string();
    }
    tiles
        .iter()
        .map(|(c, t)| format!("{},{},{t}", c.x, c.y))
        .collect::<Vec<_>>()
        .join(";")
}

impl FromStr for Position {
    type Err = Error;
    /// Parses the compact notation (module docs).
    ///
    /// # Errors
    /// [`Error::MalformedPosition`] naming the first bad tile: not
    /// `x,y,TYPE`, a coordinate that is not an integer or is outside the
    /// range of [`COORD_LIMIT`], an unknown type, two tiles on one cell, or
    /// a tile on the station.
    fn from_str(s: &str) -> Result<Position> {
        let tiles = parse_tiles(s)?;
        Position::from_tiles(tiles).map_err(|e| match e {
            Error::MalformedPosition { source, .. } => Error::MalformedPosition {
                text: excerpt(s),
                source,
            },
            other => other,
        })
    }
}

/// The tiles named by compact notation, in the order written, checked only
/// for form: each item `x,y,TYPE` with integer coordinates within
/// [`COORD_LIMIT`] and a known type. Whether two share a cell or one lies
/// on the station depends on the frame the coordinates are in (the
/// station's, or a bounded board's), so callers check that
/// ([`Position::from_tiles`]).
///
/// # Errors
/// [`Error::MalformedPosition`] naming the first bad tile.
pub fn parse_tiles(s: &str) -> Result<Vec<(Cell, TileType)>> {
    {
        let trimmed: String = s.chars().filter(|c| !c.is_whitespace()).collect();
        if trimmed.is_empty() || trimmed == "-" || trimmed.eq_ignore_ascii_case("start") {
            return Ok(Vec::new());
        }
        let bad = |source: PositionError| Error::MalformedPosition {
            text: excerpt(s),
            source,
        };
        let mut tiles = Vec::new();
        for (n, item) in (1usize..).zip(trimmed.split(';')) {
            if item.is_empty() && n > 1 {
                continue; // allow a trailing ';'
            }
            let parts: Vec<&str> = item.split(',').collect();
            let [x, y, ty] = parts[..] else {
                return Err(bad(PositionError::NotXYType {
                    tile: n,
                    item: excerpt(item),
                }));
            };
            let coord = |p: &str, axis: &'static str, min: i32| -> Result<i32> {
                let out_of_range = |value: String| {
                    bad(PositionError::CoordinateOutOfRange {
                        tile: n,
                        axis,
                        value,
                        min,
                        max: COORD_LIMIT,
                    })
                };
                match p.parse::<i64>() {
                    Ok(v) if (i64::from(min)..=i64::from(COORD_LIMIT)).contains(&v) => {
                        i32::try_from(v).map_err(|_| out_of_range(v.to_string()))
                    }
                    Ok(v) => Err(out_of_range(v.to_string())),
                    Err(_)
                        if !p.is_empty()
                            && p.trim_start_matches(['-', '+'])
                                .chars()
                                .all(|c| c.is_ascii_digit()) =>
                    {
                        Err(out_of_range(excerpt(p)))
                    }
                    Err(_) => Err(bad(PositionError::CoordinateNotInteger {
                        tile: n,
                        axis,
                        text: excerpt(p),
                    })),
                }
            };
            let c = Cell::new(
                coord(x, "x", 1 - COORD_LIMIT)?,
                coord(y, "y", -COORD_LIMIT)?,
            );
            let t: TileType = ty
                .parse()
                .map_err(|source| bad(PositionError::TileType { tile: n, source }))?;
            tiles.push((c, t));
        }
        Ok(tiles)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn compact_round_trip() {
        let p: Position = "2,1,SW; 2,0,NW;-1,0,NE".parse().unwrap();
        assert_eq!(p.to_string(), "-1,0,NE;2,0,NW;2,1,SW");
        assert_eq!(p.to_string().parse::<Position>().unwrap(), p);
        assert_eq!("-".parse::<Position>().unwrap(), Position::default());
        assert_eq!(Position::default().to_string(), "-");
    }

    #[test]
    fn compact_errors_are_clear() {
        for (text, needle) in [
            ("2,0", "not x,y,TYPE"),
            ("2,a,NS", "not an integer"),
            ("2,0,NX", "side"),
            ("2,0,NS;2,0,EW", "two tiles"),
            ("0,0,EW", "station"),
        ] {
            let e = text.parse::<Position>().unwrap_err().to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
    }

    #[test]
    fn picture_round_trip() {
        let p: Position = "2,0,NW;2,1,SW;1,1,EW;-1,0,NE".parse().unwrap();
        let pic = p.picture(None);
        assert_eq!(Position::from_picture(&pic).unwrap(), p, "{pic}");
        let expected = "\n\n    ---+\n\n\n   +======+\n   |\n\n\n\n";
        let _ = expected;
        assert!(pic.contains("==="));
        assert!(Position::from_picture("abc").is_err());
    }

    #[test]
    fn coordinates_and_pictures_are_bounded() {
        for (text, needle) in [
            (
                "9223372036854775807,0,NS",
                "x = 9223372036854775807, outside",
            ),
            ("-64,0,NS", "x = -64, outside the board (x in -63..=64)"),
            ("0,65,NS", "y = 65, outside"),
            ("0,-99999999999999999999999,NS", "outside the board"),
            ("0,1e3,NS", "not an integer"),
        ] {
            let e = text.parse::<Position>().unwrap_err().to_string();
            assert!(e.contains(needle), "{text}: {e}");
        }
        let corners: Position = "-63,-64,NE;64,64,SW".parse().unwrap();
        for s in Symmetry::ALL {
            let img = corners.transform(s);
            assert_eq!(img.to_string().parse::<Position>().unwrap(), img);
        }
        let pic = corners.picture(None);
        assert!(pic.lines().count() <= PICTURE_LIMIT);
        assert!(pic.lines().all(|l| l.chars().count() <= PICTURE_LIMIT));
        assert_eq!(Position::from_picture(&pic).unwrap(), corners);
        let e = Position::from_tiles(vec![(Cell::new(i32::MIN, 0), TileType::NS)]).unwrap_err();
        assert!(e.to_string().contains("outside the board"), "{e}");
        let long = format!("{}======", " ".repeat(PICTURE_LIMIT));
        let e = Position::from_picture(&long).unwrap_err().to_string();
        assert!(e.contains("longer than"), "{e}");
        let tall = "\n".repeat(PICTURE_LIMIT + 1);
        let e = Position::from_picture(&tall).unwrap_err().to_string();
        assert!(e.contains("at most"), "{e}");
        // A long bad text is quoted shortly.
        let e = "x"
            .repeat(10_000)
            .parse::<Position>()
            .unwrap_err()
            .to_string();
        assert!(e.len() < 300, "{e}");
    }

    #[test]
    fn canonical_is_symmetric() {
        let p: Position = "2,0,NW;2,1,SW".parse().unwrap();
        for s in Symmetry::ALL {
            assert_eq!(p.transform(s).canonical(), p.canonical());
        }
    }
}
