//! What a Cram search will cost, estimated from the position alone before
//! it starts, so that a command can say "hours" or "years" before it
//! refuses, instead of a user finding out a day later.
//!
//! The numbers are measured: the CPU time of the one-thread search on the
//! empty boards of the table of record (`data/cram/boards.csv`, the 2-core
//! AMD EPYC host, 2026-12-07). They do not follow the number of empty
//! cells alone: 6 × 7 (42 cells) took 81 s and 4 × 11 (44 cells) 4.8 s,
//! so the estimate is a range, between two curves through the cheapest
//! and the dearest boards measured:
//!
//! - low: 4 × 11 (44 cells, 4.79 s), 1.6 times more each cell beyond;
//! - high: 6 × 7 (42 cells, 81.24 s), twice as much each cell beyond.
//!
//! Every measured board of 36 cells or more lies between them (4 × 9 0.14
//! s, 5 × 8 1.32 s, 5 × 9 20 s, 7 × 7 154 s, 5 × 10 1,683 s, 4 × 13 984
//! s; 6 × 7, 7 × 7 and 4 × 13 were measured before the tables moved to
//! huge pages, which cut 6 × 7 by a fifth). The growth from one board to
//! the next of its row count is not steady (5 × 8 to 5 × 9: 1.7 times a
//! cell; 5 × 9 to 5 × 10: 2.4; 4 × 11 to 4 × 13: 1.9). Past the table of
//! record the curves are an extrapolation, which is all anyone has there.

/// The cells of the cheapest board measured and its CPU seconds.
const LOW: (f64, f64) = (44.0, 4.79);
/// The growth a cell of the low curve.
const LOW_GROWTH: f64 = 1.6;
/// The cells of the dearest board measured and its CPU seconds.
const HIGH: (f64, f64) = (42.0, 81.24);
/// The growth a cell of the high curve.
const HIGH_GROWTH: f64 = 2.0;

/// CPU seconds of one core of the host of the table of record, as a range.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// The low end, seconds.
    pub low: f64,
    /// The high end, seconds.
    pub high: f64,
}

/// The CPU seconds of the one-thread search for the nimber of a position
/// of `empty_cells` empty cells (a board of about as many rows as the
/// table of record's: four to seven), as a range ([module
/// docs](self) for where its curves come from). Every value is finite:
/// past about a thousand cells both ends are `f64::MAX`.
pub fn search_seconds(empty_cells: usize) -> Estimate {
    let n = empty_cells as f64;
    let curve = |(cells, seconds): (f64, f64), growth: f64| {
        let s = seconds * growth.powf(n - cells);
        if s.is_finite() {
            s
        } else {
            f64::MAX
        }
    };
    Estimate {
        low: curve(LOW, LOW_GROWTH),
        high: curve(HIGH, HIGH_GROWTH),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The boards of the table of record of 36 cells or more
    /// (`data/cram/boards.csv`: rows, columns, CPU seconds) lie in their
    /// range.
    #[test]
    fn the_measured_boards_lie_in_their_range() {
        for (r, c, s) in [
            (4, 9, 0.14),
            (5, 8, 1.32),
            (6, 7, 81.24),
            (4, 11, 4.79),
            (5, 9, 20.23),
            (4, 13, 984.46),
            (7, 7, 154.09),
            (5, 10, 1683.09),
        ] {
            let e = search_seconds(r * c);
            assert!(e.low <= s && s <= e.high, "{r}x{c}: {s} s, {e:?}");
        }
    }

    #[test]
    fn the_range_grows_with_the_cells() {
        let e = search_seconds(65);
        // 5 x 13, open: about a day to decades of one core.
        assert!((9.0e4..1.2e5).contains(&e.low), "{e:?}");
        assert!((6.0e8..7.0e8).contains(&e.high), "{e:?}");
        assert!(search_seconds(30).high < 1.0);
        assert_eq!(search_seconds(5000).high, f64::MAX);
        assert!(search_seconds(0).low > 0.0);
    }
}
