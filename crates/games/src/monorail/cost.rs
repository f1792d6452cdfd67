//! What a Monorail computation will cost, estimated before it starts, so a
//! command can refuse work that would not fit instead of running out of
//! memory hours later.
//!
//! The numbers are measured: loops by tile count are exact (counted by the
//! enumerator), position classes from the start are exact up to `T = 18`
//! (`tests/golden/monorail_numbers.csv`, and the README's 18-tile solve) and
//! extrapolated past it by the measured growth of about 12.6-fold per two
//! tiles. Memory is the loop table plus, for a search, the memo (4 bytes a
//! slot, sized for 72 % load), the remoteness companions (half a byte a slot)
//! and the sorted records (8 bytes each): the 18-tile solve is estimated at
//! 1.9 GiB (1.7 GiB measured), the 20-tile one at 14.9 GiB.

#![warn(clippy::arithmetic_side_effects)]

use super::board::Board;
use super::rules::{check_tiles, MAX_TILES, MIN_TILES};
use grundy_core::error::Result;
use std::fmt;

/// Loops through the station with at most `T` tiles, for `T = 6, 8, ..., 24`
/// (loops have an even number of tiles, so odd `T` has those of `T - 1`).
pub const LOOPS: [u64; 10] = [
    2, 18, 112, 662, 3_898, 23_162, 139_220, 846_338, 5_198_162, 32_218_962,
];

/// Position classes solved from the start, `T = 6, 8, ..., 18`, measured.
const CLASSES: [u64; 7] = [28, 404, 4_854, 59_617, 739_035, 9_219_644, 115_987_302];

/// Growth of the class count per two tiles past the measured range.
const GROWTH: f64 = 12.6;

/// Bytes of loop table per loop of `T` tiles: two copies of the loop's
/// tiles (the rules' and the table's, 12 bytes a tile plus the vector),
/// its segments (about 2.5 per tile, 16 bytes each), images and index.
fn bytes_per_loop(tiles: usize) -> f64 {
    64.0 + 64.0 * tiles as f64
}

fn even_index(tiles: usize) -> usize {
    tiles.clamp(MIN_TILES, MAX_TILES).saturating_sub(MIN_TILES) / 2
}

/// The number of loops with at most `tiles` tiles (`6..=24`).
///
/// # Errors
/// [`grundy_core::Error::TilesOutOfRange`] outside `6..=24`.
pub fn loops(tiles: usize) -> Result<u64> {
    let tiles = check_tiles(tiles)?;
    Ok(LOOPS[even_index(tiles)])
}

/// The estimated number of position classes reachable from the start with
/// `tiles` tiles (exact for `T <= 18`).
///
/// # Errors
/// [`grundy_core::Error::TilesOutOfRange`] outside `6..=24`.
pub fn start_classes(tiles: usize) -> Result<f64> {
    let tiles = check_tiles(tiles)?;
    let i = even_index(tiles);
    Ok(match CLASSES.get(i) {
        Some(&c) => c as f64,
        None => {
            // i <= 9 (the tile count is at most 24), so the power is small.
            let last = CLASSES.len().saturating_sub(1);
            let steps = i32::try_from(i.saturating_sub(last)).unwrap_or(i32::MAX);
            CLASSES[last] as f64 * GROWTH.powi(steps)
        }
    })
}

/// An estimate of time and memory.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Position classes the search will store (0 for no search).
    pub classes: f64,
    /// Peak memory in bytes.
    pub bytes: f64,
    /// Processor time in seconds (to be divided among the threads).
    pub cpu_seconds: f64,
}

impl Estimate {
    /// Peak memory in GiB.
    pub fn gib(&self) -> f64 {
        self.bytes / f64::from(1u32 << 30)
    }
}

impl fmt::Display for Estimate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mem = if self.gib() >= 1.0 {
            format!("{:.1} GiB", self.gib())
        } else {
            format!("{:.0} MiB", self.bytes / f64::from(1u32 << 20))
        };
        let time = if self.cpu_seconds >= 7200.0 {
            format!("{:.0} CPU-hours", self.cpu_seconds / 3600.0)
        } else if self.cpu_seconds >= 120.0 {
            format!("{:.0} CPU-minutes", self.cpu_seconds / 60.0)
        } else {
            format!("{:.0} CPU-seconds", self.cpu_seconds.ceil())
        };
        if self.classes > 0.0 {
            write!(
                f,
                "about {:.2e} position classes, {mem} of memory and {time}",
                self.classes
            )
        } else {
            write!(f, "about {mem} of memory and {time}")
        }
    }
}

/// Processor seconds per stored class, measured (the 18-tile solve: 116 M
/// classes in about 80 s on 2 cores, 1.4 µs each).
const SECONDS_PER_CLASS: f64 = 1.4e-6;
/// Processor seconds per loop to enumerate loops and build the table.
const SECONDS_PER_LOOP: f64 = 2e-6;

/// The cost of building the rules and loop table for `tiles` alone.
///
/// # Errors
/// [`grundy_core::Error::TilesOutOfRange`] outside `6..=24`.
pub fn table_cost(tiles: usize) -> Result<Estimate> {
    let n = loops(tiles)? as f64;
    Ok(Estimate {
        classes: 0.0,
        bytes: n * bytes_per_loop(tiles),
        cpu_seconds: n * SECONDS_PER_LOOP,
    })
}

/// The cost of a search storing about `classes` classes with `tiles`
/// tiles: the loop table, the compact memo (4-byte slots, sized for 72 %
/// load; see [`super::memo`]), its remoteness companions (half a byte a
/// slot at most, where the solve keeps remoteness: every in-memory solve up
/// to [`super::remoteness::KEPT_UP_TO`]) and the largest sorted chunk of records read
/// out of it for the positions table (8 bytes a record, all classes up to
/// 2^27, else half of them but at most 2^29; see
/// [`chunk_records`]), plus 10 % for the rest.
///
/// # Errors
/// [`grundy_core::Error::TilesOutOfRange`] outside `6..=24`.
pub fn search_cost(tiles: usize, classes: f64) -> Result<Estimate> {
    let table = table_cost(tiles)?;
    let slots = (classes / super::memo_size::TARGET_LOAD).max(1024.0);
    let chunk = classes.min(chunk_records(classes) as f64);
    Ok(Estimate {
        classes,
        bytes: 1.1 * (table.bytes + 4.0 * slots + companion_bytes(tiles, slots) + 8.0 * chunk),
        cpu_seconds: table.cpu_seconds + classes * SECONDS_PER_CLASS,
    })
}

/// The cost of the full solve from the start with `tiles` tiles.
///
/// # Errors
/// [`grundy_core::Error::TilesOutOfRange`] outside `6..=24`.
pub fn solve_cost(tiles: usize) -> Result<Estimate> {
    search_cost(tiles, start_classes(tiles)?)
}

/// Bytes of the remoteness companions of a memo of `slots` slots, where
/// the solve keeps remoteness ([`super::remoteness::KEPT_UP_TO`]): at most
/// half a byte a slot (none where the slot's value field holds them).
fn companion_bytes(tiles: usize, slots: f64) -> f64 {
    if tiles <= super::remoteness::KEPT_UP_TO {
        0.5 * slots
    } else {
        0.0
    }
}

/// The cost of verifying a dataset of `tiles` tiles: the loop table, the
/// compact memo the records are read into, the walk's marks (one bit
/// per memo slot) and, where the dataset has remoteness, the companions
/// the walk fills.
///
/// # Errors
/// [`grundy_core::Error::TilesOutOfRange`] outside `6..=24`.
pub fn verify_cost(tiles: usize) -> Result<Estimate> {
    let table = table_cost(tiles)?;
    let classes = start_classes(tiles)?;
    let slots = (classes / super::memo_size::TARGET_LOAD).max(1024.0);
    Ok(Estimate {
        classes,
        bytes: 1.1 * (table.bytes + 4.0 * slots + slots / 8.0 + companion_bytes(tiles, slots)),
        cpu_seconds: table.cpu_seconds + classes * SECONDS_PER_CLASS,
    })
}

/// Records per sorted chunk when the positions table of about `classes`
/// classes is written (8 bytes each in memory; see
/// [`super::solved::SortedChunk`]): the whole table up to 2^27 records
/// (1 GiB), else half of it, at most 2^29 (4 GiB). A table of one chunk is
/// read out of the memo once; one of several chunks costs a scan of the
/// memo per chunk, twice (the digest, then the bytes).
pub fn chunk_records(classes: f64) -> u64 {
    // Up to 2^27 classes, half of them is below the floor: one chunk.
    ((classes / 2.0) as u64).clamp(1 << 27, 1 << 29)
}

/// Whether `board` holds every loop of at most `tiles` tiles: a cell of
/// such a loop is at most `tiles / 2` steps along it from a station cell,
/// so a board holding every cell within that Manhattan distance of the
/// station holds every loop, and its game is the unbounded one.
pub fn holds_every_loop(board: &Board, tiles: usize) -> bool {
    let reach = i32::try_from(tiles / 2).unwrap_or(i32::MAX);
    let (x, y) = board.station();
    // The station covers (x, y) and (x + 1, y) in board coordinates.
    let east = i64::from(x)
        .saturating_add(1)
        .saturating_add(i64::from(reach));
    let north = i64::from(y).saturating_add(i64::from(reach));
    x >= reach && y >= reach && east < i64::from(board.width()) && north < i64::from(board.height())
}

/// An upper bound on the position classes reachable from the start with
/// `tiles` tiles on `board` (or the unbounded grid): a board allows only
/// some of the unbounded game's positions, and its classes are taken up to
/// its own symmetries (`s` of the station's 4), so at most `4 / s` times
/// the unbounded game's classes.
///
/// # Errors
/// [`grundy_core::Error::TilesOutOfRange`] outside `6..=24`.
pub fn start_classes_on(tiles: usize, board: Option<&Board>) -> Result<f64> {
    let classes = start_classes(tiles)?;
    let symmetries = board.map_or(4, |b| b.symmetries().iter().filter(|&&s| s).count());
    Ok(classes * 4.0 / symmetries.max(1) as f64)
}

/// The cost of solving from the start on `board` (or the unbounded grid),
/// as far as it is known before the loops are enumerated: the whole solve
/// for the unbounded grid or a board holding every loop; otherwise the loop
/// table alone (the board's loops are filtered from the unbounded ones),
/// and the search is estimated once they are known
/// ([`position_search_cost`]).
///
/// # Errors
/// [`grundy_core::Error::TilesOutOfRange`] outside `6..=24`.
pub fn start_cost(tiles: usize, board: Option<&Board>) -> Result<Estimate> {
    match board {
        Some(b) if !holds_every_loop(b, tiles) => table_cost(tiles),
        _ => search_cost(tiles, start_classes_on(tiles, board)?),
    }
}

/// The cost of a search from a position of `tiles` tiles on `board` whose
/// loops are known: at most `bound` classes (every completion of each of
/// its loops, [`super::moves::reachable_bound`]) and never more than the
/// whole game's ([`start_classes_on`]).
///
/// # Errors
/// [`grundy_core::Error::TilesOutOfRange`] outside `6..=24`.
pub fn position_search_cost(tiles: usize, board: Option<&Board>, bound: f64) -> Result<Estimate> {
    search_cost(tiles, bound.min(start_classes_on(tiles, board)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn estimates_match_the_measured_runs() {
        assert_eq!(loops(16).unwrap(), 23_162);
        assert_eq!(loops(17).unwrap(), 23_162);
        assert!(loops(25).is_err());
        let t18 = solve_cost(18).unwrap();
        assert!((1.0..2.0).contains(&t18.gib()), "{t18}");
        let t20 = solve_cost(20).unwrap();
        assert!((10.0..16.0).contains(&t20.gib()), "{t20}");
        let t16 = solve_cost(16).unwrap();
        assert!(t16.gib() < 0.5, "{t16}");
        let t24 = solve_cost(24).unwrap();
        assert!(t24.gib() > 1000.0, "{t24}");
        assert!(table_cost(24).unwrap().gib() > 20.0);
        assert!(t24.to_string().contains("GiB"), "{t24}");
    }

    #[test]
    fn loop_counts_match_the_enumerator() {
        for t in [6, 8, 10, 12] {
            let n = crate::monorail::loops::enumerate_loops(t).len() as u64;
            assert_eq!(loops(t).unwrap(), n, "T = {t}");
        }
    }

    #[test]
    fn boards_holding_every_loop() {
        // T = 12 reaches 6 cells from the station.
        assert!(holds_every_loop(&Board::new(14, 13, (6, 6)).unwrap(), 12));
        assert!(!holds_every_loop(&Board::new(14, 13, (6, 6)).unwrap(), 14));
        assert!(!holds_every_loop(&Board::season4(), 8));
        let big = Board::new(32, 32, (15, 16)).unwrap();
        assert!(holds_every_loop(&big, 22));
        // No symmetry but the identity: four times the unbounded classes.
        let t22 = start_cost(22, Some(&big)).unwrap();
        assert!(t22.gib() > 100.0, "{t22}");
        assert_eq!(start_cost(16, None).unwrap(), solve_cost(16).unwrap());
        // A small board: only the loop table is known before enumerating.
        assert_eq!(
            start_cost(16, Some(&Board::season4())).unwrap(),
            table_cost(16).unwrap()
        );
    }
}
