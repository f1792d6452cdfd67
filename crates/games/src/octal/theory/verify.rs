//! Re-deriving a stored nim-sequence: every value is checked to be the mex
//! of its options, computed from the stored values below it, by the plain
//! enumeration of [`crate::octal::engine::naive`] (independent of the fast engine that
//! usually produced the values). By induction on `n`, a sequence that
//! passes is the true one; the first value that fails is wrong although
//! every value below it is right.
//!
//! The heap sizes are checked in parallel (rayon), in blocks, and the least
//! failing `n` is reported whatever the thread count.

use crate::octal::engine::naive;
use crate::octal::engine::values::{Value, Values};
use crate::octal::theory::code::OctalCode;
use grundy_core::progress::Progress;
use rayon::prelude::*;

/// A stored value that is not the mex of its options.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The heap size.
    pub n: usize,
    /// The value stored for it.
    pub stored: u32,
    /// The mex of its options, from the stored values below it.
    pub actual: u32,
}

/// Heap sizes checked per parallel block (and per progress unit).
const BLOCK: usize = 4096;

/// The least `n` whose stored value `g.get(n)` is not the mex of the
/// options of a heap of `n` tokens of `code`, valued by `g.get(0..n)`;
/// None if every value is right. Reports one unit of progress per heap
/// size. Time is about [`naive::option_count`] summed over `n` (quadratic
/// in `g.len()` for octal codes), spread over the rayon pool.
pub fn first_mismatch(code: &OctalCode, g: &Values, progress: &dyn Progress) -> Option<Mismatch> {
    match g {
        Values::U8(v) => first_in(code, v, progress),
        Values::U16(v) => first_in(code, v, progress),
        Values::U32(v) => first_in(code, v, progress),
    }
}

fn first_in<T: Value>(code: &OctalCode, g: &[T], progress: &dyn Progress) -> Option<Mismatch> {
    let n = first_wrong(code, g, progress)?;
    Some(Mismatch {
        n,
        stored: g[n].get(),
        actual: naive::next_value(code, &g[..n]),
    })
}

fn first_wrong<T: Value>(code: &OctalCode, g: &[T], progress: &dyn Progress) -> Option<usize> {
    let blocks = g.len().div_ceil(BLOCK);
    (0..blocks)
        .into_par_iter()
        .map_init(Vec::new, |seen, b| {
            let lo = b * BLOCK;
            let hi = (lo + BLOCK).min(g.len());
            let wrong = (lo..hi).find(|&n| !naive::is_value(code, &g[..n], g[n].get(), seen));
            progress.advance((hi - lo) as u64);
            wrong
        })
        .find_first(Option::is_some)
        .flatten()
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_core::progress::NoProgress;

    #[test]
    fn finds_the_least_wrong_value() {
        let c: OctalCode = "0.137".parse().unwrap();
        let mut g = naive::sequence(&c, 9000);
        assert_eq!(
            first_mismatch(&c, &Values::from_u32s(&g), &NoProgress),
            None
        );
        g[8500] ^= 1;
        g[7000] = 300;
        let m = first_mismatch(&c, &Values::from_u32s(&g), &NoProgress).unwrap();
        assert_eq!((m.n, m.stored), (7000, 300));
        assert_ne!(m.actual, 300);
    }
}
