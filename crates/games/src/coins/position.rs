//! A row of coins, heads or tails.

use grundy_core::error::{Error, PositionError};
use std::fmt;
use std::str::FromStr;

/// A row of at least one coin, numbered 1, 2, … from the left; each is a
/// head (`H`) or a tail (`T`).
///
/// Written as a string of `H` and `T` (case-insensitive when read, upper
/// case when printed): `THHTH` has heads at coins 2, 3 and 5. Trailing
/// tails never matter to play (a move's coins lie at or left of a head),
/// but they are kept as written.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coins {
    heads: Vec<bool>,
}

impl Coins {
    /// A row from its coins, left to right, `true` for a head.
    ///
    /// # Errors
    /// [`Error::MalformedPosition`] for an empty row.
    pub fn new(heads: Vec<bool>) -> Result<Coins, Error> {
        if heads.is_empty() {
            return Err(Error::MalformedPosition {
                text: String::new(),
                source: PositionError::NoCoins,
            });
        }
        Ok(Coins { heads })
    }

    /// The row of `len` coins whose heads are the set bits of `mask`
    /// (bit `i` is coin `i + 1`); bits at or above `len` are ignored.
    ///
    /// # Errors
    /// [`Error::MalformedPosition`] for `len = 0`.
    pub fn from_mask(len: usize, mask: u64) -> Result<Coins, Error> {
        Coins::new((0..len).map(|i| i < 64 && mask >> i & 1 == 1).collect())
    }

    /// The heads as a bitmask (bit `i` is coin `i + 1`), if every head is
    /// among the first 64 coins.
    pub fn mask(&self) -> Option<u64> {
        let mut m = 0u64;
        for k in self.heads() {
            if k > 64 {
                return None;
            }
            m |= 1 << (k - 1);
        }
        Some(m)
    }

    /// The number of coins (at least 1).
    pub fn len(&self) -> usize {
        self.heads.len()
    }

    /// Always `false`: a row has at least one coin.
    pub fn is_empty(&self) -> bool {
        self.heads.is_empty()
    }

    /// Whether coin `k` (1-based) is a head; `false` outside the row.
    pub fn is_head(&self, k: usize) -> bool {
        k >= 1 && self.heads.get(k - 1).copied().unwrap_or(false)
    }

    /// The 1-based numbers of the heads, ascending.
    pub fn heads(&self) -> impl Iterator<Item = usize> + '_ {
        self.heads
            .iter()
            .enumerate()
            .filter(|(_, &h)| h)
            .map(|(i, _)| i + 1)
    }

    /// The coins left to right, `true` for a head.
    pub fn as_slice(&self) -> &[bool] {
        &self.heads
    }

    /// The row with coin `k` (1-based, within the row) turned over.
    pub(crate) fn turn(&mut self, k: usize) {
        if let Some(c) = k.checked_sub(1).and_then(|i| self.heads.get_mut(i)) {
            *c = !*c;
        }
    }
}

impl FromStr for Coins {
    type Err = Error;

    /// Parses a row of `H` and `T` (either case).
    ///
    /// # Errors
    /// [`Error::MalformedPosition`] for an empty row, or naming the first
    /// character that is not `H` or `T` and its 1-based column.
    fn from_str(text: &str) -> Result<Coins, Error> {
        let bad = |source: PositionError| Error::MalformedPosition {
            text: text.to_string(),
            source,
        };
        if text.is_empty() {
            return Err(bad(PositionError::EmptyCoinRow));
        }
        let mut heads = Vec::with_capacity(text.len());
        for (i, ch) in text.chars().enumerate() {
            match ch {
                'H' | 'h' => heads.push(true),
                'T' | 't' => heads.push(false),
                c => {
                    return Err(bad(PositionError::NotACoin {
                        found: c,
                        column: i + 1,
                    }))
                }
            }
        }
        Ok(Coins { heads })
    }
}

impl fmt::Display for Coins {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let s: String = self
            .heads
            .iter()
            .map(|&h| if h { 'H' } else { 'T' })
            .collect();
        f.write_str(&s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_print() {
        let c: Coins = "tHhTh".parse().unwrap();
        assert_eq!(c.to_string(), "THHTH");
        assert_eq!(c.heads().collect::<Vec<_>>(), [2, 3, 5]);
        assert_eq!(c.len(), 5);
        assert_eq!(c.mask(), Some(0b10110));
        assert_eq!(Coins::from_mask(5, 0b10110).unwrap(), c);
        assert!(c.is_head(5) && !c.is_head(4) && !c.is_head(0) && !c.is_head(6));
    }

    #[test]
    fn malformed_rows() {
        match "THXTH".parse::<Coins>() {
            Err(Error::MalformedPosition { text, source }) => {
                assert_eq!(text, "THXTH");
                assert_eq!(
                    source,
                    PositionError::NotACoin {
                        found: 'X',
                        column: 3
                    }
                );
                assert!(source.to_string().contains("'X' at column 3"), "{source}");
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            "".parse::<Coins>(),
            Err(Error::MalformedPosition { .. })
        ));
        assert!("HT ".parse::<Coins>().is_err());
        assert!(Coins::new(vec![]).is_err());
    }
}
