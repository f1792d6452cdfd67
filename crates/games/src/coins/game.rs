//! A coin row as a generic impartial game ([`ImpartialGame`]): the plain
//! rules with no theory, for the core's solvers.
//!
//! The options of a row are the rows after turning every set of coins
//! that [`Rule::allows`] and whose rightmost coin is a head (Winning Ways
//! ch. 14; Ferguson, *Game Theory*, I.5). Nothing else is assumed: the
//! row is one component (the coin-turning theorem, which splits it into
//! its heads, is what the generic solvers over this game test), and its
//! canonical form is itself. Under misère play a row does not split into
//! its heads, and this is the game the misère search plays
//! ([`CoinRows`](crate::misere::families::CoinRows)).

use super::position::Coins;
use super::rule::Rule;
use grundy_core::error::Error;
use grundy_core::impartial::ImpartialGame;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// The longest row played plainly: [`turn_sets`] lists up to `2^(n − 1)`
/// sets per coin, and a search over every row has `2^n` positions.
pub const MAX_ROW_COINS: usize = 20;

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

/// The rule and length that rows share, with their turn-sets listed once.
#[derive(Debug)]
struct Rows {
    rule: Rule,
    len: usize,
    sets: Vec<Vec<u64>>,
}

/// A row of coins under a rule, as a position of the plain game.
///
/// Coin `k` (1-based) is bit `k − 1` of the row's mask. Two rows are equal
/// when their rules, lengths and heads are.
#[derive(Clone, Debug)]
pub struct CoinRow {
    rows: Arc<Rows>,
    mask: u64,
}

impl CoinRow {
    /// The row of `len` tails under `rule` (no move); other rows of the
    /// same rule and length come from [`with_mask`](Self::with_mask),
    /// sharing its turn-sets.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] for a row longer than [`MAX_ROW_COINS`].
    pub fn new(rule: Rule, len: usize) -> Result<CoinRow, Error> {
        if len > MAX_ROW_COINS {
            return Err(Error::OutOfRange {
                what: format!("a row of {len} coins"),
                reason: format!("coin rows are played plainly up to {MAX_ROW_COINS} coins"),
            });
        }
        let sets = turn_sets(&rule, len);
        Ok(CoinRow {
            rows: Arc::new(Rows { rule, len, sets }),
            mask: 0,
        })
    }

    /// `coins` under `rule`.
    ///
    /// # Errors
    /// As [`new`](Self::new).
    pub fn from_coins(rule: Rule, coins: &Coins) -> Result<CoinRow, Error> {
        let row = CoinRow::new(rule, coins.len())?;
        let mask = coins.heads().fold(0u64, |m, k| m | 1 << (k - 1));
        Ok(row.with_mask(mask))
    }

    /// The row of the same rule and length with heads at the bits of
    /// `mask`.
    ///
    /// # Panics
    /// When `mask` has a bit at or above the row's length.
    pub fn with_mask(&self, mask: u64) -> CoinRow {
        assert!(
            mask >> self.rows.len == 0,
            "mask {mask:#x} beyond a row of {} coins",
            self.rows.len
        );
        CoinRow {
            rows: Arc::clone(&self.rows),
            mask,
        }
    }

    /// The heads, coin `k` at bit `k − 1`.
    pub fn mask(&self) -> u64 {
        self.mask
    }

    /// The number of coins.
    pub fn len(&self) -> usize {
        self.rows.len
    }

    /// Whether the row has no coin.
    pub fn is_empty(&self) -> bool {
        self.rows.len == 0
    }

    /// The rule.
    pub fn rule(&self) -> &Rule {
        &self.rows.rule
    }

    /// The sets of coins that may be turned with coin `k` (1-based) the
    /// rightmost, as masks (empty for `k` = 0 or beyond the row).
    pub fn turn_sets(&self, k: usize) -> &[Vec<u64>] {
        self.rows.sets.get(k..=k).unwrap_or(&[])
    }

    /// The masks of the options, one per allowed turn-set (each gives a
    /// different row), by rightmost coin and then in the order of
    /// [`turn_sets`].
    pub fn option_masks(&self) -> Vec<u64> {
        let mut out = Vec::new();
        for (k, sets) in self.rows.sets.iter().enumerate().skip(1) {
            if self.mask >> (k - 1) & 1 == 1 {
                out.extend(sets.iter().map(|s| self.mask ^ s));
            }
        }
        out
    }
}

impl PartialEq for CoinRow {
    fn eq(&self, other: &Self) -> bool {
        self.mask == other.mask
            && (Arc::ptr_eq(&self.rows, &other.rows)
                || (self.rows.len == other.rows.len && self.rows.rule == other.rows.rule))
    }
}

impl Eq for CoinRow {}

impl Hash for CoinRow {
    /// The heads only: equal rows have equal heads.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.mask.hash(state);
    }
}

impl ImpartialGame for CoinRow {
    fn options(&self) -> Vec<CoinRow> {
        self.option_masks()
            .into_iter()
            .map(|mask| CoinRow {
                rows: Arc::clone(&self.rows),
                mask,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_core::impartial::{
        naive_nimber, Convention, MemoSolver, Nimber, Outcome, OutcomeSolver,
    };

    #[test]
    fn turtles_small_rows() {
        // Turning Turtles: g(k) = k (Winning Ways ch. 14).
        let row = CoinRow::new(Rule::turtles(), 5).unwrap();
        assert_eq!(naive_nimber(&row), Nimber(0));
        for k in 1..=5 {
            assert_eq!(naive_nimber(&row.with_mask(1 << (k - 1))), Nimber(k as u32));
        }
        let thhth = CoinRow::from_coins(Rule::turtles(), &"THHTH".parse().unwrap()).unwrap();
        assert_eq!(thhth.mask(), 0b10110);
        assert_eq!(naive_nimber(&thhth), Nimber(2 ^ 3 ^ 5));
        assert_eq!(row.with_mask(0b1).options().len(), 1);
        assert_eq!(row.with_mask(0b100).options().len(), 3);
        assert!(CoinRow::new(Rule::turtles(), MAX_ROW_COINS + 1).is_err());
        assert_eq!(row.turn_sets(2), [vec![0b10, 0b11]]);
        assert!(row.turn_sets(6).is_empty());
    }

    /// Mock Turtles single heads give the odious numbers 1, 2, 4, 7, 8, 11,
    /// 13, 14 (OEIS A000069), and Ruler the largest power of 2 dividing
    /// `k` (A006519), by the plain game.
    #[test]
    fn single_heads_by_the_plain_game() {
        let mut s = MemoSolver::new();
        let mock = CoinRow::new(Rule::mock_turtles(), 8).unwrap();
        let got: Vec<u32> = (0..8)
            .map(|i| s.nimber(&mock.with_mask(1 << i)).0)
            .collect();
        assert_eq!(got, [1, 2, 4, 7, 8, 11, 13, 14]);
        let mut s = MemoSolver::new();
        let ruler = CoinRow::new(Rule::ruler(), 8).unwrap();
        let got: Vec<u32> = (0..8)
            .map(|i| s.nimber(&ruler.with_mask(1 << i)).0)
            .collect();
        assert_eq!(got, [1, 2, 1, 4, 1, 2, 1, 8]);
    }

    /// Misère Turning Turtles with one head at coin 1: the mover must
    /// turn it and then cannot move, and loses; from heads at coins 1 and
    /// 2 (options: a head at coin 1 alone, at coin 2 alone, or none) the
    /// one winning move leaves the head at coin 1 alone.
    #[test]
    fn misere_rows() {
        let row = CoinRow::new(Rule::turtles(), 3).unwrap();
        let mut s = OutcomeSolver::new(Convention::Misere);
        assert_eq!(s.outcome(&row), Outcome::N);
        assert_eq!(s.outcome(&row.with_mask(0b1)), Outcome::P);
        assert_eq!(s.outcome(&row.with_mask(0b11)), Outcome::N);
        assert_eq!(s.winning_moves(&row.with_mask(0b11)), [row.with_mask(0b1)]);
    }
}
