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

use super::geometry::{is_station, Cell, Side, Symmetry, TileType, STATION};
use super::loops::Loop;
use crate::error::{Error, Result};
use std::fmt;
use std::str::FromStr;

/// A set of placed tiles, at most one per cell, none on the station.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Position {
    tiles: Vec<(Cell, TileType)>,
}

impl Position {
    /// A position from placed tiles in any order.
    ///
    /// # Errors
    /// [`Error::MalformedPosition`] if two tiles share a cell or a tile is on
    /// the station.
    pub fn from_tiles(mut tiles: Vec<(Cell, TileType)>) -> Result<Position> {
        tiles.sort();
        let text = Position {
            tiles: tiles.clone(),
        }
        .to_string();
        if let Some(&(c, _)) = tiles.iter().find(|(c, _)| is_station(*c)) {
            return Err(Error::MalformedPosition {
                text,
                reason: format!("cell {c} is a station cell"),
            });
        }
        if let Some(w) = tiles.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(Error::MalformedPosition {
                text,
                reason: format!("cell {} holds two tiles", w[0].0),
            });
        }
        Ok(Position { tiles })
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
            .map(|i| self.tiles[i].1)
    }

    /// This position with the tiles of `mv` added. The cells of `mv` must be
    /// empty (checked by a debug assertion).
    pub fn with(&self, mv: &[(Cell, TileType)]) -> Position {
        let mut tiles = self.tiles.clone();
        tiles.extend_from_slice(mv);
        tiles.sort();
        debug_assert!(tiles.windows(2).all(|w| w[0].0 != w[1].0));
        Position { tiles }
    }

    /// The image under a symmetry of the station.
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
    /// given) marked `.`.
    pub fn picture(&self, loop_: Option<&Loop>) -> String {
        let mut cells: Vec<Cell> = self.tiles.iter().map(|&(c, _)| c).collect();
        cells.extend(STATION);
        if let Some(l) = loop_ {
            cells.extend(l.tiles.iter().map(|&(c, _)| c));
        }
        let x0 = cells.iter().map(|c| c.x).min().unwrap_or(0) - 1;
        let x1 = cells.iter().map(|c| c.x).max().unwrap_or(0) + 1;
        let y0 = cells.iter().map(|c| c.y).min().unwrap_or(0) - 1;
        let y1 = cells.iter().map(|c| c.y).max().unwrap_or(0) + 1;
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

    /// Parses a picture made by [`Position::picture`] (trailing spaces may
    /// be trimmed; `.` marks are ignored).
    ///
    /// # Errors
    /// [`Error::MalformedPosition`] if the rows are not a whole number of
    /// blocks, the station is missing, or a block is not a tile.
    pub fn from_picture(text: &str) -> Result<Position> {
        let first = text.lines().next().unwrap_or("").to_string();
        let bad = |reason: String| Error::MalformedPosition {
            text: first.clone(),
            reason,
        };
        let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
        if lines.is_empty() || lines.len() % 3 != 0 {
            return Err(bad(format!(
                "a picture has a multiple of 3 lines, this has {}",
                lines.len()
            )));
        }
        let width = lines.iter().map(|l| l.len()).max().unwrap_or(0).div_ceil(3);
        let at = |r: usize, col: usize| lines[r].get(col).copied().unwrap_or(' ');
        let rows = lines.len() / 3;
        // Find the station: two adjacent blocks with "===" in the middle row.
        let mut station = None;
        for br in 0..rows {
            for bc in 0..width {
                if (0..6).all(|k| at(br * 3 + 1, bc * 3 + k) == '=') {
                    station = Some((br, bc));
                    break;
                }
            }
            if station.is_some() {
                break;
            }
        }
        let (sr, sc) = station.ok_or_else(|| bad("no station (`======`) in the picture".into()))?;
        let mut tiles = Vec::new();
        for br in 0..rows {
            for bc in 0..width {
                let cell = Cell::new(bc as i32 - sc as i32, sr as i32 - br as i32);
                let get = |dr: usize, dc: usize| at(br * 3 + dr, bc * 3 + dc);
                let block: String = (0..3)
                    .flat_map(|r| (0..3).map(move |c| (r, c)))
                    .map(|(r, c)| get(r, c))
                    .collect();
                if is_station(cell) {
                    if block != "   ===   " {
                        return Err(bad(format!("station cell {cell} is drawn as {block:?}")));
                    }
                    continue;
                }
                if block.chars().all(|ch| ch == ' ' || ch == '.') {
                    continue;
                }
                let t = (TileType::ALL.into_iter())
                    .find(|&t| tile_block(t).concat() == block)
                    .ok_or_else(|| bad(format!("block at {cell} is not a tile: {block:?}")))?;
                tiles.push((cell, t));
            }
        }
        Position::from_tiles(tiles)
    }
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
    /// The compact notation; `-` for the start position.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.tiles.is_empty() {
            return f.write_str("-");
        }
        for (i, (c, t)) in self.tiles.iter().enumerate() {
            if i > 0 {
                f.write_str(";")?;
            }
            write!(f, "{},{},{}", c.x, c.y, t)?;
        }
        Ok(())
    }
}

impl FromStr for Position {
    type Err = Error;
    /// Parses the compact notation.
    fn from_str(s: &str) -> Result<Position> {
        let trimmed: String = s.chars().filter(|c| !c.is_whitespace()).collect();
        if trimmed.is_empty() || trimmed == "-" || trimmed.eq_ignore_ascii_case("start") {
            return Ok(Position::default());
        }
        let bad = |reason: String| Error::MalformedPosition {
            text: s.to_string(),
            reason,
        };
        let mut tiles = Vec::new();
        for (i, item) in trimmed.split(';').enumerate() {
            if item.is_empty() && i > 0 {
                continue; // allow a trailing ';'
            }
            let parts: Vec<&str> = item.split(',').collect();
            if parts.len() != 3 {
                return Err(bad(format!("tile {} ({item:?}) is not x,y,TYPE", i + 1)));
            }
            let coord = |p: &str, name: &str| -> Result<i32> {
                p.parse::<i32>()
                    .map_err(|_| bad(format!("tile {} has {name} = {p:?}, not an integer", i + 1)))
            };
            let c = Cell::new(coord(parts[0], "x")?, coord(parts[1], "y")?);
            let t: TileType = parts[2]
                .parse()
                .map_err(|e: String| bad(format!("tile {}: {e}", i + 1)))?;
            tiles.push((c, t));
        }
        Position::from_tiles(tiles).map_err(|e| match e {
            Error::MalformedPosition { reason, .. } => bad(reason),
            other => other,
        })
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
    fn canonical_is_symmetric() {
        let p: Position = "2,0,NW;2,1,SW".parse().unwrap();
        for s in Symmetry::ALL {
            assert_eq!(p.transform(s).canonical(), p.canonical());
        }
    }
}
