//! Loops through the station and their enumeration.
//!
//! A *loop* is a simple closed cycle of cells through the station, entering
//! it from the west through `(-1,0)` and leaving it east into `(2,0)`, with
//! every cell's tile type fixed by its two neighbours on the cycle. Its
//! tiles are listed in cycle order from `(2,0)` to `(-1,0)`. Since the grid
//! is bipartite, every loop has an even number of tiles, at least 6.

use super::geometry::{is_station, Cell, CellSet, Side, TileType, LOOP_END, LOOP_START, STATION};

/// The most tiles supported; loops of at most this many tiles stay inside
/// the cell window of [`super::geometry`].
pub const MAX_TILES: usize = 24;

/// One loop: its tiles in cycle order from `(2,0)` to `(-1,0)`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Loop {
    /// `(cell, type)` pairs in cycle order, starting east of the station.
    pub tiles: Vec<(Cell, TileType)>,
}

impl Loop {
    /// Number of tiles (the station not counted).
    pub fn len(&self) -> usize {
        self.tiles.len()
    }

    /// Always false: a loop has at least six tiles.
    pub fn is_empty(&self) -> bool {
        self.tiles.is_empty()
    }

    /// The loop's cells as a set.
    pub fn cells(&self) -> CellSet {
        self.tiles.iter().map(|&(c, _)| c).collect()
    }

    /// The type this loop puts on `c`, if `c` is on the loop.
    pub fn type_at(&self, c: Cell) -> Option<TileType> {
        self.tiles.iter().find(|&&(d, _)| d == c).map(|&(_, t)| t)
    }
}

/// Every loop through the station with at most `max_tiles` tiles, in a
/// fixed order (depth-first, trying sides N, E, S, W in that order).
///
/// `max_tiles` is at most [`MAX_TILES`]; larger values are clamped, so that
/// every loop stays inside the cell window.
pub fn enumerate_loops(max_tiles: usize) -> Vec<Loop> {
    let max_tiles = max_tiles.min(MAX_TILES) as i32;
    let mut out = Vec::new();
    let mut path = vec![LOOP_START];
    let mut visited: CellSet = STATION.into_iter().collect();
    visited.insert(LOOP_START);
    extend(&mut path, &mut visited, max_tiles, &mut out);
    out
}

fn extend(path: &mut Vec<Cell>, visited: &mut CellSet, max: i32, out: &mut Vec<Loop>) {
    let here = *path.last().expect("path starts non-empty");
    if here == LOOP_END {
        out.push(close(path));
        return;
    }
    for d in Side::ALL {
        let next = here.step(d);
        if visited.contains(next) || is_station(next) {
            continue;
        }
        if path.len() as i32 + 1 + next.distance(LOOP_END) > max {
            continue;
        }
        path.push(next);
        visited.insert(next);
        extend(path, visited, max, out);
        visited.0[next.index() >> 6] &= !(1 << (next.index() & 63));
        path.pop();
    }
}

/// The loop through `path` (from `(2,0)` to `(-1,0)`), with its types.
fn close(path: &[Cell]) -> Loop {
    let n = path.len();
    let tiles = (0..n)
        .map(|i| {
            let prev = if i == 0 { STATION[1] } else { path[i - 1] };
            let next = if i + 1 == n { STATION[0] } else { path[i + 1] };
            let c = path[i];
            let a = c
                .side_towards(prev)
                .expect("consecutive cells are adjacent");
            let b = c
                .side_towards(next)
                .expect("consecutive cells are adjacent");
            (c, TileType::joining(a, b).expect("a path never turns back"))
        })
        .collect();
    Loop { tiles }
}

/// The number of loops with exactly `k` tiles, for `k` in `0..=max_tiles`.
pub fn loops_by_length(loops: &[Loop], max_tiles: usize) -> Vec<usize> {
    let mut counts = vec![0; max_tiles + 1];
    for l in loops {
        counts[l.len()] += 1;
    }
    counts
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An independent count: brute force over all sequences of steps of the
    /// given length from (2,0), keeping those that are self-avoiding, avoid
    /// the station and end at (-1,0). No pruning, no shared code with the
    /// enumerator beyond the geometry.
    fn brute_count(tiles: usize) -> usize {
        let steps = tiles - 1;
        let mut count = 0;
        for code in 0..4usize.pow(steps as u32) {
            let mut c = (2i32, 0i32);
            let mut seen = vec![c];
            let mut ok = true;
            let mut k = code;
            for _ in 0..steps {
                let (dx, dy) = [(0, 1), (1, 0), (0, -1), (-1, 0)][k % 4];
                k /= 4;
                c = (c.0 + dx, c.1 + dy);
                if seen.contains(&c) || (c.1 == 0 && (c.0 == 0 || c.0 == 1)) {
                    ok = false;
                    break;
                }
                seen.push(c);
            }
            if ok && c == (-1, 0) {
                count += 1;
            }
        }
        count
    }

    #[test]
    fn loop_counts_match_brute_force() {
        let loops = enumerate_loops(10);
        let by_len = loops_by_length(&loops, 10);
        for k in [6usize, 8, 10] {
            assert_eq!(by_len[k], brute_count(k), "loops of {k} tiles");
        }
        assert_eq!(by_len[7], 0);
        assert_eq!(by_len[9], 0);
        // The two 6-tile loops go round the station to the north or south.
        assert_eq!(by_len[6], 2);
    }

    #[test]
    fn loops_are_closed_and_typed() {
        for l in enumerate_loops(12) {
            assert_eq!(l.tiles[0].0, LOOP_START);
            assert_eq!(l.tiles.last().unwrap().0, LOOP_END);
            assert!(l.tiles[0].1.sides() & Side::W.bit() != 0);
            assert!(l.tiles.last().unwrap().1.sides() & Side::E.bit() != 0);
            assert_eq!(l.cells().len(), l.len());
        }
    }
}
