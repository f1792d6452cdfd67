//! Gap values from the nim-sequence of the octal game 0.007.

use crate::octal::{Computation, Engine, OctalCode, Values};
use grundy_core::progress::{NoProgress, Progress};

/// The Grundy values of Treblecross gaps: a gap of `k` live cells has the
/// value `G(k + 2)` of the octal game 0.007 (Winning Ways ch. 4).
///
/// Holds `G(0..len)` of 0.007, so gaps up to `len − 3` cells.
#[derive(Clone, Debug, Default)]
pub struct GapNimbers {
    values: Values,
}

impl GapNimbers {
    /// The values for every gap of up to `max_gap` cells, computed with the
    /// sparse octal engine (about a minute for a million cells on 2 cores;
    /// milliseconds for a few thousand).
    pub fn compute(max_gap: usize, progress: &dyn Progress) -> GapNimbers {
        let mut g = GapNimbers::default();
        g.extend(max_gap, progress);
        g
    }

    /// Wraps `values`, the nim-sequence of 0.007 (`values.get(n)` = G(n)),
    /// for instance read from `data/octal/0.007/sequence.bin.zst`. The
    /// caller checks that the sequence is that of 0.007.
    pub fn from_values(values: Values) -> GapNimbers {
        GapNimbers { values }
    }

    /// The underlying nim-sequence of 0.007.
    pub fn values(&self) -> &Values {
        &self.values
    }

    /// The longest gap covered (0 when nothing is known yet).
    pub fn max_gap(&self) -> usize {
        self.values.len().saturating_sub(3)
    }

    /// Extends the values to cover gaps of `max_gap` cells, if needed.
    pub fn extend(&mut self, max_gap: usize, progress: &dyn Progress) {
        let need = max_gap + 3;
        if self.values.len() >= need {
            return;
        }
        let code: OctalCode = "0.007".parse().expect("0.007 is a valid code");
        let mut c = Computation::resume(code, Engine::Sparse, std::mem::take(&mut self.values));
        c.extend_to(need, progress);
        self.values = c.into_values();
    }

    /// The value of a gap of `k` live cells.
    ///
    /// # Panics
    /// If `k` exceeds [`max_gap`](Self::max_gap).
    #[inline]
    pub fn gap(&self, k: usize) -> u32 {
        self.values.get(k + 2)
    }
}

/// Gap values for gaps up to `max_gap` cells computed directly from the
/// recursion `g(k) = mex { g(max(0, i − 3)) ⊕ g(max(0, k − i − 2)) : 1 ≤ i ≤ k }`
/// of the module docs, in `O(max_gap²)`: the reference that the octal
/// identity is tested against.
pub fn gap_values_by_recursion(max_gap: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(max_gap + 1);
    g.push(0);
    let mut seen: Vec<bool> = Vec::new();
    for k in 1..=max_gap {
        seen.clear();
        seen.resize(2 * k + 2, false);
        for i in 1..=k {
            let v = g[i.saturating_sub(3)] ^ g[(k - i).saturating_sub(2)];
            if (v as usize) < seen.len() {
                seen[v as usize] = true;
            }
        }
        g.push(seen.iter().position(|&s| !s).expect("a missing value") as u32);
    }
    g
}

/// No progress reporting, for library callers.
pub fn quiet() -> &'static dyn Progress {
    &NoProgress
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gaps_are_0007_shifted_by_two() {
        let by_recursion = gap_values_by_recursion(3000);
        let g = GapNimbers::compute(3000, quiet());
        for (k, &v) in by_recursion.iter().enumerate() {
            assert_eq!(g.gap(k), v, "gap of {k} cells");
        }
        // By hand from the recursion: a gap of 6 live cells is a P-position.
        assert_eq!(&by_recursion[..7], &[0, 1, 1, 1, 2, 2, 0]);
    }
}
