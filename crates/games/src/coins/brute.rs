//! Plain brute force, with no theory: the Grundy value of every row of `n`
//! coins by searching the game tree over positions as bitmasks.
//!
//! The options of a position are every subset of coins that
//! [`Rule::allows`] and whose rightmost coin is a head, turned over; the
//! Grundy value is the mex of the options' values (Sprague–Grundy; Winning
//! Ways ch. 3), memoised in a table indexed by mask. The coin-turning
//! theorem is not used: this is the reference the fast code is tested
//! against.

use super::position::Coins;
use super::rule::Rule;
use grundy_core::error::Error;
use grundy_core::impartial::{mex, Nimber};

/// The largest row length the brute force accepts (its table has `2^n`
/// entries and its time grows like `4^n` for the richest rules).
pub const MAX_BRUTE_COINS: usize = 20;

/// The Grundy value of every position of `n` coins, by exhaustive search.
///
/// Coin `k` (1-based) is bit `k − 1` of a mask.
#[derive(Clone, Debug)]
pub struct Brute {
    n: usize,
    /// `moves[k]`: the masks of the allowed turn-sets with rightmost coin
    /// `k` (index 0 unused).
    moves: Vec<Vec<u64>>,
    values: Vec<Nimber>,
}

impl Brute {
    /// Solves every row of `n` coins under `rule`.
    ///
    /// Time O(2^n · Σ_k |allowed sets ending at k|) ≤ O(4^n); memory 2^n
    /// values.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] when `n` exceeds [`MAX_BRUTE_COINS`].
    pub fn new(rule: &Rule, n: usize) -> Result<Brute, Error> {
        if n > MAX_BRUTE_COINS {
            return Err(Error::OutOfRange {
                what: format!("{n} coins"),
                reason: format!("the brute force handles at most {MAX_BRUTE_COINS} coins"),
            });
        }
        let mut b = Brute {
            n,
            moves: turn_sets(rule, n),
            values: Vec::with_capacity(1 << n),
        };
        // Every option of a mask is a smaller number (its highest turned
        // bit is a head going to tails), so ascending order suffices.
        for mask in 0u64..1 << n {
            let v = mex(b.options(mask).into_iter().map(|o| b.values[o as usize]));
            b.values.push(v);
        }
        Ok(b)
    }

    /// The number of coins.
    pub fn coins(&self) -> usize {
        self.n
    }

    /// Every option of the position `mask` (duplicates impossible: each
    /// turn-set gives a different position).
    pub fn options(&self, mask: u64) -> Vec<u64> {
        let mut out = Vec::new();
        for k in 1..=self.n {
            if mask >> (k - 1) & 1 == 1 {
                out.extend(self.moves[k].iter().map(|s| mask ^ s));
            }
        }
        out
    }

    /// The Grundy value of the position `mask` (`mask < 2^n`).
    ///
    /// # Panics
    /// When `mask` has a bit at or above `n`.
    pub fn value(&self, mask: u64) -> Nimber {
        self.values[mask as usize]
    }

    /// The Grundy value of `row`, if its heads all lie within `n` coins.
    pub fn nimber(&self, row: &Coins) -> Option<Nimber> {
        row.mask()
            .filter(|&m| m >> self.n == 0)
            .map(|m| self.value(m))
    }
}

/// `sets[k]` for `k` in `1..=n`: the masks (coin `c` is bit `c − 1`) of
/// every set of coins `rule` allows turning whose rightmost coin is `k`
/// (`sets[0]` is empty). Time O(n · 2^n).
pub fn turn_sets(rule: &Rule, n: usize) -> Vec<Vec<u64>> {
    let mut moves = vec![Vec::new(); n + 1];
    for (k, sets) in moves.iter_mut().enumerate().skip(1) {
        for lower in 0u64..1 << (k - 1) {
            let set = lower | 1 << (k - 1);
            let turned: Vec<usize> = (1..=k).filter(|&c| set >> (c - 1) & 1 == 1).collect();
            if rule.allows(&turned) {
                sets.push(set);
            }
        }
    }
    moves
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turtles_small_rows() {
        let b = Brute::new(&Rule::turtles(), 5).unwrap();
        assert_eq!(b.value(0), Nimber(0));
        for k in 1..=5 {
            assert_eq!(b.value(1 << (k - 1)), Nimber(k as u32));
        }
        assert_eq!(b.nimber(&"THHTH".parse().unwrap()), Some(Nimber(4)));
        assert_eq!(b.options(0b1).len(), 1);
        assert_eq!(b.options(0b100).len(), 3);
        assert!(Brute::new(&Rule::turtles(), 21).is_err());
    }
}
