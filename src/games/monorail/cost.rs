//! What a Monorail computation will cost, estimated before it starts, so a
//! command can refuse work that would not fit instead of running out of
//! memory hours later.
//!
//! The numbers are measured: loops by tile count are exact (counted by the
//! enumerator), position classes from the start are exact up to `T = 18`
//! (`tests/golden/monorail_numbers.csv`, and the README's 18-tile solve) and
//! extrapolated past it by the measured growth of about 12.6-fold per two
//! tiles. Memory is the loop table plus, for a search, the memo (8 bytes a
//! slot, at most 85 % full) and the sorted records (about 20 bytes each): the
//! 18-tile solve is estimated at 4.4 GiB, as measured.

#![warn(clippy::arithmetic_side_effects)]

use super::rules::{check_tiles, MAX_TILES, MIN_TILES};
use crate::error::Result;
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
/// [`crate::Error::TilesOutOfRange`] outside `6..=24`.
pub fn loops(tiles: usize) -> Result<u64> {
    let tiles = check_tiles(tiles)?;
    Ok(LOOPS[even_index(tiles)])
}

/// The estimated number of position classes reachable from the start with
/// `tiles` tiles (exact for `T <= 18`).
///
/// # Errors
/// [`crate::Error::TilesOutOfRange`] outside `6..=24`.
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
/// [`crate::Error::TilesOutOfRange`] outside `6..=24`.
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
/// load; see [`super::memo`]) and the largest sorted chunk of records read
/// out of it for the positions table (8 bytes a record, all classes up to
/// 2^27, else half of them but at most 2^29; see
/// [`crate::jobs::monorail::chunk_records`]), plus 10 % for the rest.
///
/// # Errors
/// [`crate::Error::TilesOutOfRange`] outside `6..=24`.
pub fn search_cost(tiles: usize, classes: f64) -> Result<Estimate> {
    let table = table_cost(tiles)?;
    let slots = (classes / super::solve::TARGET_LOAD).max(1024.0);
    let chunk = classes.min(crate::jobs::monorail::chunk_records(classes) as f64);
    Ok(Estimate {
        classes,
        bytes: 1.1 * (table.bytes + 4.0 * slots + 8.0 * chunk),
        cpu_seconds: table.cpu_seconds + classes * SECONDS_PER_CLASS,
    })
}

/// The cost of the full solve from the start with `tiles` tiles.
///
/// # Errors
/// [`crate::Error::TilesOutOfRange`] outside `6..=24`.
pub fn solve_cost(tiles: usize) -> Result<Estimate> {
    search_cost(tiles, start_classes(tiles)?)
}

/// The cost of verifying a dataset of `tiles` tiles: the loop table, the
/// compact memo the records are read into, and the walk's marks (one bit
/// per memo slot).
///
/// # Errors
/// [`crate::Error::TilesOutOfRange`] outside `6..=24`.
pub fn verify_cost(tiles: usize) -> Result<Estimate> {
    let table = table_cost(tiles)?;
    let classes = start_classes(tiles)?;
    let slots = (classes / super::solve::TARGET_LOAD).max(1024.0);
    Ok(Estimate {
        classes,
        bytes: 1.1 * (table.bytes + 4.0 * slots + slots / 8.0),
        cpu_seconds: table.cpu_seconds + classes * SECONDS_PER_CLASS,
    })
}

/// Bytes of memory available to a new process, from `MemAvailable` in
/// `/proc/meminfo`; `None` where that cannot be read.
pub fn available_memory() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/meminfo").ok()?;
    parse_meminfo(&text)
}

/// `MemAvailable` (in kB) of a `/proc/meminfo` text, in bytes.
fn parse_meminfo(text: &str) -> Option<f64> {
    let line = text.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb as f64 * 1024.0)
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
            let n = crate::games::monorail::loops::enumerate_loops(t).len() as u64;
            assert_eq!(loops(t).unwrap(), n, "T = {t}");
        }
    }

    #[test]
    fn meminfo_is_read() {
        let text = "MemTotal:       24000000 kB\nMemAvailable:   2048 kB\n";
        assert_eq!(parse_meminfo(text), Some(2048.0 * 1024.0));
        assert_eq!(parse_meminfo("MemTotal: 5 kB\n"), None);
    }
}
