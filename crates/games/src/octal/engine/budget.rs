//! What a computation of a nim-sequence will cost, estimated before it
//! starts, and the largest heap sizes supported: a few bytes of input must
//! not take gigabytes or hours without saying so.
//!
//! Memory: values are stored in 1, 2 or 4 bytes each ([`crate::octal::engine::values`]),
//! and while the store widens both copies are alive (up to 6 bytes per
//! value); the naive engine keeps a 4-byte copy besides. Time: the naive
//! engine looks at every option, about `N²/4` per digit that splits in two
//! and `N³/36` per digit that splits in three, at a few hundred million
//! options a second; the fast engine's time depends on the game and is not
//! estimated (progress is shown instead), except for the work it does one
//! option at a time: three-way splits, and for a code with a repeating part
//! (CGSuite's `4.[3]`) the split sets of [`crate::octal::engine::repeating`], `N²/4`
//! pairs. A repeating part makes every removal a move, so the naive engine
//! then looks at about `N²/2p` single heaps and `N³/12p` splits per block
//! digit of a block of `p`.
#![warn(clippy::arithmetic_side_effects)]

use crate::octal::engine::sequence::Engine;
use crate::octal::theory::code::OctalCode;
use grundy_core::error::{Error, Result};

/// The largest heap size any octal command computes: the fast engine keeps
/// heap sizes in 32 bits (`u32::MAX`, about 4.3·10^9).
pub const MAX_N: usize = 0xFFFF_FFFF;

/// Options the naive engine examines per second, a conservative figure
/// from Kayles (7·10^8/s) and hex:0.8 (1.5·10^8/s) on one core.
pub const NAIVE_OPTIONS_PER_SECOND: f64 = 1.5e8;

/// Longest naive computation started without `--force`, in seconds.
pub const MAX_SECONDS: f64 = 600.0;

/// Refuses a heap-size flag above `max`.
///
/// # Errors
/// [`Error::OutOfRange`] naming the flag and the bound.
pub fn check_n(flag: &str, n: usize, max: usize) -> Result<()> {
    if n > max {
        return Err(Error::OutOfRange {
            what: format!("{flag} {n}"),
            reason: format!("at most {max} is supported (heap sizes are kept in 32 bits)"),
        });
    }
    Ok(())
}

/// The cost of computing `G(0..len)`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Estimate {
    /// Values computed.
    pub len: usize,
    /// Bytes needed at least (1 byte per value).
    pub min_bytes: u64,
    /// Bytes needed at most (values above 65,535 while widening).
    pub max_bytes: u64,
    /// Options enumerated one by one: all of them for the naive engine,
    /// the three-way splits for the fast one (None: not estimated).
    pub naive_options: Option<f64>,
}

impl Estimate {
    /// The naive engine's time in seconds at
    /// [`NAIVE_OPTIONS_PER_SECOND`], if it is the engine.
    pub fn seconds(&self) -> Option<f64> {
        self.naive_options.map(|o| o / NAIVE_OPTIONS_PER_SECOND)
    }
}

/// Estimates the cost of computing `G(0..len)` of `code` with `engine`.
pub fn estimate(code: &OctalCode, engine: Engine, len: usize) -> Estimate {
    // The naive engine, and the repeating engine, keep a 4-byte copy.
    let per_value: u64 = match engine {
        Engine::Naive => 4,
        Engine::Sparse if !code.is_finite() => 4,
        Engine::Sparse => 0,
    };
    let n = u64::try_from(len).unwrap_or(u64::MAX);
    let min_bytes = n.saturating_mul(per_value.saturating_add(1));
    let max_bytes = n.saturating_mul(per_value.saturating_add(6));
    // The fast engine enumerates three-way splits plainly (hexadecimal
    // codes with digit bit 8), so their cubic count bounds its time too.
    let naive_options = match engine {
        Engine::Naive => Some(naive_options(code, len)),
        Engine::Sparse if !code.is_finite() => Some(repeating_options(code, len)),
        Engine::Sparse if code.max_parts() == 3 => Some(split3_options(code, len)),
        Engine::Sparse => None,
    };
    Estimate {
        len,
        min_bytes,
        max_bytes,
        naive_options,
    }
}

/// Options the naive engine examines to compute `G(0..len)` of `code`:
/// about `len²/4` per split digit, `len³/36` per three-way split digit, and
/// `len` per other digit.
pub fn naive_options(code: &OctalCode, len: usize) -> f64 {
    // f64 arithmetic does not wrap; a huge len gives a huge estimate.
    #[allow(clippy::arithmetic_side_effects, clippy::cast_precision_loss)]
    {
        let n = len as f64;
        // The finite part's digits (the whole of a finite code), then the
        // repeating part's.
        let count = |bit: u8| code.removals_with(bit).len() as f64;
        count(1) * n
            + count(2) * n
            + count(4) * n * n / 4.0
            + count(8) * n * n * n / 36.0
            + block_options(code, len)
    }
}

/// Options the naive engine examines in the repeating part of a code
/// (none for a finite code): per block digit of a block of `p`, about
/// `len/p` for bit 1, `len²/2p` for bit 2, `len³/12p` for bit 4 and
/// `len⁴/48p` for bit 8 (every removal `k <= n` of its class is a move).
pub fn block_options(code: &OctalCode, len: usize) -> f64 {
    #[allow(clippy::arithmetic_side_effects, clippy::cast_precision_loss)]
    {
        let n = len as f64;
        let p = code.repeat().len().max(1) as f64;
        code.repeat()
            .iter()
            .map(|&e| {
                let bit = |b: u8| f64::from(u8::from(e & b != 0));
                bit(1) * n
                    + bit(2) * n * n / 2.0
                    + bit(4) * n * n * n / 12.0
                    + bit(8) * n * n * n * n / 48.0
            })
            .sum::<f64>()
            / p
    }
}

/// The work of the fast engine for a code with a repeating part
/// ([`crate::octal::engine::repeating`]), as options examined one by one: the split
/// sets, `len²/4` pairs when some digit splits in two, and the finite
/// digits' three-way splits; a block that splits in three is left to the
/// naive engine, whose count it is then.
pub fn repeating_options(code: &OctalCode, len: usize) -> f64 {
    if !crate::octal::engine::repeating::RepeatingEngine::supports(code) {
        return naive_options(code, len);
    }
    #[allow(clippy::arithmetic_side_effects, clippy::cast_precision_loss)]
    {
        let n = len as f64;
        let splits = code
            .finite_digits()
            .iter()
            .chain(code.repeat())
            .any(|&d| d & 4 != 0);
        f64::from(u8::from(splits)) * n * n / 4.0 + split3_options(code, len)
    }
}

/// Options of three-way splits examined for `G(0..len)`: `len³/36` per
/// digit with bit 8.
pub fn split3_options(code: &OctalCode, len: usize) -> f64 {
    #[allow(clippy::arithmetic_side_effects, clippy::cast_precision_loss)]
    {
        let n = len as f64;
        code.removals_with(8).len() as f64 * n * n * n / 36.0
    }
}

/// Bytes in a human unit: `512 MiB`, `3.2 GiB`.
pub fn bytes_text(b: u64) -> String {
    #[allow(clippy::arithmetic_side_effects, clippy::cast_precision_loss)]
    let x = b as f64;
    if x >= (1u64 << 30) as f64 {
        format!("{:.1} GiB", x / (1u64 << 30) as f64)
    } else {
        format!("{:.0} MiB", (x / (1u64 << 20) as f64).ceil())
    }
}

/// Seconds in a human unit.
pub fn seconds_text(s: f64) -> String {
    if s >= 2.0 * 86400.0 {
        format!("{:.0} days", s / 86400.0)
    } else if s >= 7200.0 {
        format!("{:.0} hours", s / 3600.0)
    } else if s >= 120.0 {
        format!("{:.0} minutes", s / 60.0)
    } else {
        format!("{s:.0} s")
    }
}

/// Refuses a computation that cannot fit in `available` bytes of memory
/// (when known), or a naive one expected to run longer than
/// [`MAX_SECONDS`] unless `force`. `what` names the job in the message;
/// `advice` ends the message of a run refused for its time, naming what
/// the command that asked has to offer ("use --engine sparse, a smaller
/// --max-n, or --force"): only options it has.
///
/// # Errors
/// [`Error::OutOfRange`] stating the estimate and `advice`.
pub fn check_budget(
    e: &Estimate,
    what: &str,
    available: Option<u64>,
    force: bool,
    advice: &str,
) -> Result<()> {
    if let Some(avail) = available {
        if e.min_bytes > avail {
            return Err(Error::OutOfRange {
                what: what.to_string(),
                reason: format!(
                    "G(n) for {} heap sizes needs at least {} of memory (up to {}), but {} is available",
                    e.len,
                    bytes_text(e.min_bytes),
                    bytes_text(e.max_bytes),
                    bytes_text(avail)
                ),
            });
        }
    }
    if let Some(s) = e.seconds() {
        if s > MAX_SECONDS && !force {
            return Err(Error::OutOfRange {
                what: what.to_string(),
                reason: format!(
                    "the options enumerated one by one would be about {:.1e} for {} heap sizes, about {} on one core; {advice}",
                    e.naive_options.unwrap_or(0.0),
                    e.len,
                    seconds_text(s)
                ),
            });
        }
    }
    Ok(())
}

#[cfg(test)]
#[allow(clippy::arithmetic_side_effects)] // small fixed numbers
mod tests {
    use super::*;

    #[test]
    fn estimates() {
        let kayles: OctalCode = "0.77".parse().unwrap();
        let e = estimate(&kayles, Engine::Sparse, 1 << 30);
        assert_eq!((e.min_bytes, e.max_bytes), (1 << 30, 6 << 30));
        assert!(check_budget(&e, "x", Some(1 << 29), false, "").is_err());
        assert!(check_budget(&e, "x", Some(1 << 31), false, "").is_ok());
        let e = estimate(&kayles, Engine::Naive, 20_001);
        // Two split digits: 2 · 20001²/4 ≈ 2·10^8 options, about a second.
        assert!((e.naive_options.unwrap() - 2.0e8).abs() < 1e7);
        assert!(check_budget(&e, "x", None, false, "use --force").is_ok());
        let e = estimate(&kayles, Engine::Naive, 10_000_000);
        let m = check_budget(&e, "x", None, false, "use --force")
            .unwrap_err()
            .to_string();
        assert!(m.contains("--force") && m.contains("days"), "{m}");
        assert!(check_budget(&e, "x", None, true, "").is_ok());
        let hex: OctalCode = "hex:0.8".parse().unwrap();
        let e = estimate(&hex, Engine::Sparse, 1 << 22);
        assert!(check_budget(&e, "x", None, false, "use --force").is_err());
        // Lasker's Nim: 10^5 values are seconds, 10^6 need --force (about
        // 2.5·10^11 split pairs); the naive engine enumerates every removal.
        let lasker: OctalCode = "4.[3]".parse().unwrap();
        let e = estimate(&lasker, Engine::Sparse, 100_001);
        assert!((e.naive_options.unwrap() - 2.5e9).abs() < 1e8);
        assert!(check_budget(&e, "x", None, false, "use --force").is_ok());
        let e = estimate(&lasker, Engine::Sparse, 1_000_001);
        assert!(check_budget(&e, "x", None, false, "use --force").is_err());
        let e = estimate(&lasker, Engine::Naive, 10_001);
        // d0 = 4: 10001²/4; the block 3: 10001²/2 + 10001.
        assert!((e.naive_options.unwrap() - 0.75 * 1e8).abs() < 1e6);
        assert!(check_n("--max-n", MAX_N + 1, MAX_N).is_err());
    }
}
