//! A nim-sequence to any length from a proved period, without computing
//! (or storing) the values past the proof.
//!
//! Once the Octal Periodicity Theorem proves `G(n + p) = G(n)` for every
//! `n >= n0` ([`crate::octal::theory::period`]; Guy and Smith 1956, Winning Ways ch. 4),
//! `G(n) = G(n0 + (n − n0) mod p)` for every `n >= n0`: the values computed
//! for the proof (at least `G(0..n0 + p)`) give every other one. An
//! [`Extended`] is such a sequence, `G(0..len)`, read from the values
//! computed and, past them, from the period; it is streamed
//! ([`Extended::iter`]), never materialised. Without a period it is just the
//! values computed.

use crate::octal::engine::values::Values;
use crate::octal::theory::period::Periodicity;

/// `G(0..len)`: the values computed, then (past them) the proved period.
#[derive(Clone, Copy, Debug)]
pub struct Extended<'a> {
    values: &'a Values,
    /// `(n0, p)`: `G(n) = G(n0 + (n − n0) mod p)` for `n >= n0`.
    period: Option<(usize, usize)>,
    len: usize,
}

impl<'a> Extended<'a> {
    /// The values computed, and nothing more.
    pub fn plain(values: &'a Values) -> Extended<'a> {
        Extended {
            values,
            period: None,
            len: values.len(),
        }
    }

    /// `G(0..len)` from `values` and the proved `period` of the same
    /// sequence; None when `values` do not hold a whole period past the
    /// pre-period (`G(0..n0 + p)`), which a proof always computes. With
    /// `len` at most `values.len()`, the first `len` values computed.
    pub fn periodic(values: &'a Values, period: &Periodicity, len: usize) -> Option<Extended<'a>> {
        Extended::with_period(values, (period.pre_period, period.period), len)
    }

    /// As [`periodic`](Self::periodic), the period given as `(n0, p)`:
    /// `G(n) = G(n0 + (n − n0) mod p)` for `n >= n0`.
    pub fn with_period(
        values: &'a Values,
        (n0, p): (usize, usize),
        len: usize,
    ) -> Option<Extended<'a>> {
        if p == 0 || n0.checked_add(p)? > values.len() {
            return None;
        }
        Some(Extended {
            values,
            period: Some((n0, p)),
            len,
        })
    }

    /// Number of values, `len`.
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether there is no value.
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The values computed (at most [`len`](Self::len) of them are used).
    pub fn computed(&self) -> &'a Values {
        self.values
    }

    /// Whether values past those computed come from the period.
    pub fn is_extended(&self) -> bool {
        self.len > self.values.len()
    }

    /// `G(n)`.
    ///
    /// # Panics
    /// If `n >= len`.
    pub fn get(&self, n: usize) -> u32 {
        assert!(n < self.len, "G({n}) of a sequence of {} values", self.len);
        if n < self.values.len() {
            return self.values.get(n);
        }
        let (n0, p) = self
            .period
            .expect("values past those computed have a period");
        self.values.get(n0 + (n - n0) % p)
    }

    /// `G(0), …, G(len − 1)` in order: the values computed, then the
    /// period repeated.
    pub fn iter(&self) -> impl Iterator<Item = u32> + '_ {
        let computed = self.len.min(self.values.len());
        let start = self.values.len();
        let tail = match self.period {
            Some(_) => start..self.len.max(start),
            None => 0..0,
        };
        self.values
            .iter()
            .take(computed)
            .chain(tail.map(move |n| self.get(n)))
    }

    /// The largest value (every value of the period is among those
    /// computed).
    pub fn max(&self) -> u32 {
        if self.len >= self.values.len() {
            self.values.max()
        } else {
            self.iter().max().unwrap_or(0)
        }
    }

    /// Bytes per value in the smallest store that holds them all, as
    /// [`Values`] would keep them.
    pub fn width(&self) -> usize {
        match self.max() {
            0..=255 => 1,
            256..=65535 => 2,
            _ => 4,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::engine::naive;
    use crate::octal::theory::period::proved_period;

    /// Dawson's Chess (period 34 from 52; OEIS A002187) extended from the
    /// values its proof needs equals the values computed to 3,000.
    #[test]
    fn extension_equals_computation() {
        let code = "0.137".parse().unwrap();
        let all = naive::sequence(&code, 3000);
        let mut len = 64;
        let p = loop {
            if let Some(p) = proved_period(&code, &Values::from_u32s(&all[..len])) {
                break p;
            }
            len += 64;
        };
        let prefix = Values::from_u32s(&all[..len]);
        let e = Extended::periodic(&prefix, &p, all.len()).unwrap();
        assert!(e.is_extended());
        assert_eq!(e.iter().collect::<Vec<_>>(), all);
        assert_eq!((0..all.len()).map(|n| e.get(n)).collect::<Vec<_>>(), all);
        assert_eq!(e.max(), *all.iter().max().unwrap());
        assert_eq!(e.width(), 1);
        // Shorter than the values computed: their prefix.
        let short = Extended::periodic(&prefix, &p, 10).unwrap();
        assert_eq!(short.iter().collect::<Vec<_>>(), all[..10]);
        // Values that do not hold a period past the pre-period: refused.
        let few = Values::from_u32s(&all[..p.pre_period]);
        assert!(Extended::periodic(&few, &p, 100).is_none());
    }
}
