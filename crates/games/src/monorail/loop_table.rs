//! The loop table: loops in the compact form the fast search works on.
//!
//! Within a loop, a position is just a bitmask over the loop's tiles (bit
//! `k` = tile `k` in cycle order), because every compatible loop fixes every
//! placed tile's type. Each loop carries its *segments*, every straight run
//! of 1–3 of its cells in a row or column, as tile masks, so that a legal
//! move in that loop is a segment whose cells are empty and which touches a
//! placed tile or the station. Placed tiles all lie on the loop, so "touches
//! a placed tile" is a test against the mask too.

use super::geometry::{is_station, Cell, Side, Symmetry};
use super::loops::Loop;
use super::rules::Rules;
use rustc_hash::FxHashMap;

/// A straight run of 1–3 cells of one loop.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    /// The run's tiles, as a mask over the loop's tiles.
    pub mask: u32,
    /// The loop's tiles orthogonally adjacent to the run (run excluded).
    pub touch: u32,
    /// Whether the run is adjacent to a station cell.
    pub station: bool,
    /// A signature naming the cells and their types exactly: segments of
    /// different loops have equal signatures iff they place the same tiles.
    /// Bits: start cell window index (10), direction (1), length (2), then
    /// the types of the run's cells (3 bits each).
    pub signature: u32,
}

/// The loops of one tile count in search form.
#[derive(Debug)]
pub struct LoopTable {
    /// The loops, in enumeration order; a loop's id is its index.
    pub loops: Vec<Loop>,
    /// Segments of all loops, loop by loop.
    pub segments: Vec<Segment>,
    /// `segment_range[i]..segment_range[i + 1]` index loop `i`'s segments.
    pub segment_range: Vec<u32>,
    /// `image[s][i]`: id of the image of loop `i` under symmetry
    /// `Symmetry::ALL[s]` (the loop itself for a symmetry not in use).
    pub image: [Vec<u32>; 4],
    /// `symmetric[s]`: whether `Symmetry::ALL[s]` identifies positions:
    /// all four on the unbounded grid, those mapping the board onto itself
    /// on a bounded board ([`super::board::Board::symmetries`]).
    pub symmetric: [bool; 4],
}

/// Whether a symmetry reverses the cycle order of a loop's tiles (it does
/// iff it swaps east and west, mapping `(2,0)` to `(-1,0)`).
pub fn reverses(s: Symmetry) -> bool {
    matches!(s, Symmetry::MirrorEastWest | Symmetry::HalfTurn)
}

/// Maps a tile mask of an `n`-tile loop to the mask of the same tiles in the
/// loop's image under symmetry number `s`.
#[inline]
pub fn map_mask(mask: u32, n: usize, s: usize) -> u32 {
    if s == 1 || s == 3 {
        mask.reverse_bits() >> (32 - n)
    } else {
        mask
    }
}

impl LoopTable {
    /// Builds the table for the loops of `rules`.
    pub fn new(rules: &Rules) -> LoopTable {
        let loops = rules.loops().to_vec();
        let mut segments = Vec::new();
        let mut segment_range = vec![0u32];
        for l in &loops {
            let index: FxHashMap<Cell, usize> = l
                .tiles
                .iter()
                .enumerate()
                .map(|(k, &(c, _))| (c, k))
                .collect();
            let mut push = |run: &[Cell], dir: u32| {
                let mut mask = 0u32;
                let mut sig = run[0].index() as u32 | dir << 10 | (run.len() as u32) << 11;
                for (j, c) in run.iter().enumerate() {
                    let k = index[c];
                    mask |= 1 << k;
                    sig |= (l.tiles[k].1.index() as u32) << (13 + 3 * j);
                }
                let mut touch = 0u32;
                let mut station = false;
                for c in run {
                    for d in Side::ALL {
                        let n = c.step(d);
                        station |= is_station(n);
                        if let Some(&k) = index.get(&n) {
                            touch |= 1 << k;
                        }
                    }
                }
                segments.push(Segment {
                    mask,
                    touch: touch & !mask,
                    station,
                    signature: sig,
                });
            };
            for &(start, _) in &l.tiles {
                push(&[start], 0);
                for (dir, d) in [(0u32, Side::E), (1u32, Side::N)] {
                    let mut run = vec![start];
                    for _ in 2..=3 {
                        let next = run.last().expect("non-empty").step(d);
                        if !index.contains_key(&next) {
                            break;
                        }
                        run.push(next);
                        push(&run, dir);
                    }
                }
            }
            segment_range.push(segments.len() as u32);
        }
        let ids: FxHashMap<&[(Cell, super::geometry::TileType)], u32> = loops
            .iter()
            .enumerate()
            .map(|(i, l)| (l.tiles.as_slice(), i as u32))
            .collect();
        let symmetric = rules.board().map_or([true; 4], |b| b.symmetries());
        let image: [Vec<u32>; 4] = std::array::from_fn(|k| {
            let (s, used) = (Symmetry::ALL[k], symmetric[k]);
            loops
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    if !used {
                        return i as u32;
                    }
                    let mut tiles: Vec<_> = l
                        .tiles
                        .iter()
                        .map(|&(c, t)| (s.cell(c), s.tile(t)))
                        .collect();
                    if reverses(s) {
                        tiles.reverse();
                    }
                    ids[tiles.as_slice()]
                })
                .collect()
        });
        LoopTable {
            loops,
            segments,
            segment_range,
            image,
            symmetric,
        }
    }

    /// Number of loops.
    pub fn len(&self) -> usize {
        self.loops.len()
    }

    /// Whether there are no loops (never, for a valid tile count).
    pub fn is_empty(&self) -> bool {
        self.loops.is_empty()
    }

    /// Number of tiles of loop `i`.
    #[inline]
    pub fn loop_len(&self, i: u32) -> usize {
        self.loops[i as usize].tiles.len()
    }

    /// Segments of loop `i`.
    #[inline]
    pub fn segments_of(&self, i: u32) -> &[Segment] {
        let i = i as usize;
        &self.segments[self.segment_range[i] as usize..self.segment_range[i + 1] as usize]
    }
}

/// The [`Segment::signature`] of a move given as its tiles (1–3 tiles in a
/// straight contiguous run, any order); `None` if they are not such a run.
pub fn signature_of(tiles: &[(Cell, super::geometry::TileType)]) -> Option<u32> {
    let mut t = tiles.to_vec();
    t.sort();
    let n = t.len();
    if n == 0 || n > 3 {
        return None;
    }
    let dir = if n == 1 || t.windows(2).all(|w| w[1].0 == w[0].0.step(Side::E)) {
        0
    } else {
        // Sorted by (x, y): a column comes out south to north.
        if !t.windows(2).all(|w| w[1].0 == w[0].0.step(Side::N)) {
            return None;
        }
        1
    };
    let mut sig = t[0].0.index() as u32 | dir << 10 | (n as u32) << 11;
    for (j, &(_, ty)) in t.iter().enumerate() {
        sig |= (ty.index() as u32) << (13 + 3 * j);
    }
    Some(sig)
}

impl LoopTable {
    /// The tiles of loop `l` selected by `mask`, in ascending `(x, y)`
    /// order.
    pub fn tiles(&self, l: u32, mask: u32) -> Vec<(Cell, super::geometry::TileType)> {
        let mut v: Vec<_> = self.loops[l as usize]
            .tiles
            .iter()
            .enumerate()
            .filter(|(k, _)| mask >> k & 1 == 1)
            .map(|(_, &t)| t)
            .collect();
        v.sort();
        v
    }
}
