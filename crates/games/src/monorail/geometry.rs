//! Cells, sides, tile types, the station and the station's symmetries.
//!
//! Coordinates: `x` grows east, `y` grows north. The station occupies
//! `(0,0)` and `(1,0)`; its straight track leaves through the west side of
//! `(0,0)` and the east side of `(1,0)`.

use grundy_core::error::TileTypeError;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// Cells are stored in a fixed `GRID × GRID` window centred on the station:
/// `x` and `y` in `-OFFSET..GRID-OFFSET`. A loop of at most 24 tiles stays
/// inside it (its cells are within 12 steps of the station).
pub const GRID: i32 = 32;
/// Offset of the origin inside the [`GRID`] window.
pub const OFFSET: i32 = 16;
/// Number of cells in the window, the size of a [`CellSet`].
pub const CELLS: usize = (GRID * GRID) as usize;

/// A square of the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Cell {
    /// Column, growing east.
    pub x: i32,
    /// Row, growing north.
    pub y: i32,
}

impl Cell {
    /// The cell at `(x, y)`.
    pub const fn new(x: i32, y: i32) -> Cell {
        Cell { x, y }
    }

    /// Whether the cell lies in the fixed window (see [`GRID`]).
    pub fn in_window(self) -> bool {
        (-OFFSET..GRID - OFFSET).contains(&self.x) && (-OFFSET..GRID - OFFSET).contains(&self.y)
    }

    /// Index in the window, `0..CELLS`. Only meaningful when
    /// [`in_window`](Cell::in_window).
    pub fn index(self) -> usize {
        ((self.y + OFFSET) * GRID + (self.x + OFFSET)) as usize
    }

    /// The cell with window index `i`.
    pub fn from_index(i: usize) -> Cell {
        let i = i as i32;
        Cell::new(i % GRID - OFFSET, i / GRID - OFFSET)
    }

    /// The neighbouring cell across side `d`.
    pub fn step(self, d: Side) -> Cell {
        let (dx, dy) = d.delta();
        Cell::new(self.x + dx, self.y + dy)
    }

    /// Manhattan distance.
    pub fn distance(self, other: Cell) -> i32 {
        (self.x - other.x).abs() + (self.y - other.y).abs()
    }

    /// The side of `self` that faces the orthogonal neighbour `other`.
    pub fn side_towards(self, other: Cell) -> Option<Side> {
        Side::ALL.into_iter().find(|&d| self.step(d) == other)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.x, self.y)
    }
}

/// The two station cells, west then east.
pub const STATION: [Cell; 2] = [Cell::new(0, 0), Cell::new(1, 0)];
/// The first cell of every loop, east of the station.
pub const LOOP_START: Cell = Cell::new(2, 0);
/// The last cell of every loop, west of the station.
pub const LOOP_END: Cell = Cell::new(-1, 0);

/// Whether `c` is a station cell.
pub fn is_station(c: Cell) -> bool {
    c.y == 0 && (c.x == 0 || c.x == 1)
}

/// A side of a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Side {
    /// North (`y + 1`).
    N,
    /// East (`x + 1`).
    E,
    /// South (`y - 1`).
    S,
    /// West (`x - 1`).
    W,
}

impl Side {
    /// The four sides in the order N, E, S, W.
    pub const ALL: [Side; 4] = [Side::N, Side::E, Side::S, Side::W];

    /// The displacement `(dx, dy)` across this side.
    pub fn delta(self) -> (i32, i32) {
        match self {
            Side::N => (0, 1),
            Side::E => (1, 0),
            Side::S => (0, -1),
            Side::W => (-1, 0),
        }
    }

    /// A one-bit mask: N = 1, E = 2, S = 4, W = 8.
    pub fn bit(self) -> u8 {
        match self {
            Side::N => 1,
            Side::E => 2,
            Side::S => 4,
            Side::W => 8,
        }
    }
}

/// The six tile types: a track joining two of the four sides of a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TileType {
    /// Straight, north–south.
    NS,
    /// Straight, east–west.
    EW,
    /// Curve joining north and east.
    NE,
    /// Curve joining north and west.
    NW,
    /// Curve joining south and east.
    SE,
    /// Curve joining south and west.
    SW,
}

impl TileType {
    /// All six types, in the order of their index.
    pub const ALL: [TileType; 6] = [
        TileType::NS,
        TileType::EW,
        TileType::NE,
        TileType::NW,
        TileType::SE,
        TileType::SW,
    ];

    /// Index `0..6` in [`TileType::ALL`].
    pub fn index(self) -> usize {
        self as usize
    }

    /// The tile type with index `i` (`i < 6`).
    pub fn from_index(i: usize) -> TileType {
        TileType::ALL[i]
    }

    /// The two joined sides as a mask of [`Side::bit`]s.
    pub fn sides(self) -> u8 {
        match self {
            TileType::NS => 1 | 4,
            TileType::EW => 2 | 8,
            TileType::NE => 1 | 2,
            TileType::NW => 1 | 8,
            TileType::SE => 4 | 2,
            TileType::SW => 4 | 8,
        }
    }

    /// The tile joining exactly the sides in `mask`, if it has two bits.
    pub fn from_sides(mask: u8) -> Option<TileType> {
        TileType::ALL.into_iter().find(|t| t.sides() == mask)
    }

    /// The tile joining sides `a` and `b` (`a != b`).
    pub fn joining(a: Side, b: Side) -> Option<TileType> {
        TileType::from_sides(a.bit() | b.bit())
    }

    /// The notation name: `NS`, `EW`, `NE`, `NW`, `SE` or `SW`.
    pub fn name(self) -> &'static str {
        match self {
            TileType::NS => "NS",
            TileType::EW => "EW",
            TileType::NE => "NE",
            TileType::NW => "NW",
            TileType::SE => "SE",
            TileType::SW => "SW",
        }
    }

    /// Whether the track is straight (NS or EW).
    pub fn is_straight(self) -> bool {
        matches!(self, TileType::NS | TileType::EW)
    }
}

impl fmt::Display for TileType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for TileType {
    type Err = TileTypeError;
    /// Parses a type name; the two sides may come in either order
    /// (`SN` = `NS`), case-insensitive.
    ///
    /// # Errors
    /// [`TileTypeError`] naming what is wrong.
    fn from_str(s: &str) -> Result<TileType, TileTypeError> {
        let up = s.trim().to_ascii_uppercase();
        let mut mask = 0u8;
        if up.len() != 2 {
            return Err(TileTypeError::NotTwoSides { text: s.into() });
        }
        for ch in up.chars() {
            let bit = match ch {
                'N' => 1,
                'E' => 2,
                'S' => 4,
                'W' => 8,
                _ => {
                    return Err(TileTypeError::NotASide {
                        text: s.into(),
                        side: ch,
                    })
                }
            };
            mask |= bit;
        }
        TileType::from_sides(mask).ok_or_else(|| TileTypeError::SameSide { text: s.into() })
    }
}

/// A symmetry of the board that maps the station onto itself: the dihedral
/// group of the 2×1 rectangle, of order 4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Symmetry {
    /// The identity.
    Identity,
    /// Mirror in the vertical line `x = 1/2`: `(x, y) -> (1 - x, y)`.
    MirrorEastWest,
    /// Mirror in the horizontal line `y = 0`: `(x, y) -> (x, -y)`.
    MirrorNorthSouth,
    /// Half turn about `(1/2, 0)`: `(x, y) -> (1 - x, -y)`.
    HalfTurn,
}

impl Symmetry {
    /// All four symmetries, identity first.
    pub const ALL: [Symmetry; 4] = [
        Symmetry::Identity,
        Symmetry::MirrorEastWest,
        Symmetry::MirrorNorthSouth,
        Symmetry::HalfTurn,
    ];

    /// Whether it flips x (`x -> 1 - x`) and y (`y -> -y`).
    pub fn flips(self) -> (bool, bool) {
        match self {
            Symmetry::Identity => (false, false),
            Symmetry::MirrorEastWest => (true, false),
            Symmetry::MirrorNorthSouth => (false, true),
            Symmetry::HalfTurn => (true, true),
        }
    }

    /// The image of a cell.
    pub fn cell(self, c: Cell) -> Cell {
        let (fx, fy) = self.flips();
        Cell::new(if fx { 1 - c.x } else { c.x }, if fy { -c.y } else { c.y })
    }

    /// The image of a side.
    pub fn side(self, s: Side) -> Side {
        let (fx, fy) = self.flips();
        match s {
            Side::E if fx => Side::W,
            Side::W if fx => Side::E,
            Side::N if fy => Side::S,
            Side::S if fy => Side::N,
            other => other,
        }
    }

    /// The image of a tile type.
    pub fn tile(self, t: TileType) -> TileType {
        let mut mask = 0;
        for s in Side::ALL {
            if t.sides() & s.bit() != 0 {
                mask |= self.side(s).bit();
            }
        }
        TileType::from_sides(mask).expect("a symmetry maps a two-sided tile to a two-sided tile")
    }
}

/// A set of cells of the window, as a bitset of [`CELLS`] bits.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CellSet(pub [u64; CELLS / 64]);

impl Default for CellSet {
    fn default() -> Self {
        CellSet([0; CELLS / 64])
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl CellSet {
    /// The empty set.
    pub fn new() -> CellSet {
        CellSet::default()
    }

    /// Adds a cell (which must be in the window).
    pub fn insert(&mut self, c: Cell) {
        self.insert_index(c.index());
    }

    /// Adds the cell with window index `i`.
    pub fn insert_index(&mut self, i: usize) {
        self.0[i >> 6] |= 1 << (i & 63);
    }

    /// Whether `c` is in the set (false outside the window).
    pub fn contains(&self, c: Cell) -> bool {
        c.in_window() && self.contains_index(c.index())
    }

    /// Whether the cell with window index `i` is in the set.
    pub fn contains_index(&self, i: usize) -> bool {
        self.0[i >> 6] >> (i & 63) & 1 == 1
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Union.
    pub fn union(&self, other: &CellSet) -> CellSet {
        let mut r = *self;
        for (a, b) in r.0.iter_mut().zip(other.0.iter()) {
            *a |= b;
        }
        r
    }

    /// Cells of `self` not in `other`.
    pub fn minus(&self, other: &CellSet) -> CellSet {
        let mut r = *self;
        for (a, b) in r.0.iter_mut().zip(other.0.iter()) {
            *a &= !b;
        }
        r
    }

    /// Whether the sets share a cell.
    pub fn intersects(&self, other: &CellSet) -> bool {
        self.0.iter().zip(other.0.iter()).any(|(a, b)| a & b != 0)
    }

    /// The cells orthogonally adjacent to some cell of the set, excluding
    /// the set itself.
    pub fn neighbours(&self) -> CellSet {
        let mut r = CellSet::new();
        for c in self.iter() {
            for d in Side::ALL {
                let n = c.step(d);
                if n.in_window() {
                    r.insert(n);
                }
            }
        }
        r.minus(self)
    }

    /// The cells in ascending window-index order (row by row from the south).
    pub fn iter(&self) -> impl Iterator<Item = Cell> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &bits)| {
            let mut b = bits;
            std::iter::from_fn(move || {
                if b == 0 {
                    None
                } else {
                    let i = b.trailing_zeros() as usize;
                    b &= b - 1;
                    Some(Cell::from_index(w * 64 + i))
                }
            })
        })
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        let mut s = CellSet::new();
        for c in iter {
            s.insert(c);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tile_names_round_trip() {
        for t in TileType::ALL {
            assert_eq!(t.name().parse::<TileType>().unwrap(), t);
            assert_eq!(t.sides().count_ones(), 2);
        }
        assert_eq!("sn".parse::<TileType>().unwrap(), TileType::NS);
        assert!("NN".parse::<TileType>().is_err());
        assert!("NX".parse::<TileType>().is_err());
        assert!("NSE".parse::<TileType>().is_err());
    }

    #[test]
    fn symmetries_fix_the_station() {
        for s in Symmetry::ALL {
            let mut img: Vec<Cell> = STATION.iter().map(|&c| s.cell(c)).collect();
            img.sort();
            assert_eq!(img, STATION.to_vec());
            assert_eq!(s.cell(s.cell(LOOP_START)).x, 2);
            for t in TileType::ALL {
                assert_eq!(s.tile(s.tile(t)), t, "{s:?} is an involution");
            }
        }
        assert_eq!(Symmetry::MirrorEastWest.tile(TileType::NE), TileType::NW);
        assert_eq!(Symmetry::MirrorNorthSouth.tile(TileType::NE), TileType::SE);
        assert_eq!(Symmetry::HalfTurn.tile(TileType::NE), TileType::SW);
        assert_eq!(Symmetry::HalfTurn.cell(Cell::new(2, 1)), Cell::new(-1, -1));
    }

    #[test]
    fn cell_index_round_trip_and_sets() {
        for c in [
            Cell::new(-16, -16),
            Cell::new(15, 15),
            Cell::new(0, 0),
            Cell::new(-3, 7),
        ] {
            assert!(c.in_window());
            assert_eq!(Cell::from_index(c.index()), c);
        }
        assert!(!Cell::new(16, 0).in_window());
        let s: CellSet = STATION.into_iter().collect();
        assert_eq!(s.len(), 2);
        assert_eq!(s.neighbours().len(), 6);
        assert_eq!(s.iter().collect::<Vec<_>>(), STATION.to_vec());
    }
}
