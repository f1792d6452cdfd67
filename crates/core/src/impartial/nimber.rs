//! Nimbers, nim-sum and the minimum excludant.
//!
//! A nimber `*n` is the value of a Nim heap of size `n`; by the
//! Sprague–Grundy theorem (Sprague 1935, Grundy 1939; Winning Ways ch. 3)
//! every finite impartial game under normal play equals exactly one nimber,
//! its *Grundy value*. The sum of games has the nim-sum (bitwise XOR) of
//! their values, and a position's value is the mex (minimum excludant) of
//! its options' values.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{BitXor, BitXorAssign};

/// A nimber `*n`, stored as its index `n`.
///
/// `Nimber(0)` is a P-position (the previous player wins); any other value
/// is an N-position (the next player wins).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct Nimber(pub u32);

impl Nimber {
    /// The zero nimber `*0`, the value of a terminal position.
    pub const ZERO: Nimber = Nimber(0);

    /// The index `n` of `*n`.
    pub fn value(self) -> u32 {
        self.0
    }

    /// Whether this is `*0`, a P-position (the player to move loses).
    pub fn is_p_position(self) -> bool {
        self.0 == 0
    }

    /// The outcome class: [`Outcome::P`] for `*0`, [`Outcome::N`] otherwise.
    pub fn outcome(self) -> Outcome {
        if self.is_p_position() {
            Outcome::P
        } else {
            Outcome::N
        }
    }
}

impl BitXor for Nimber {
    type Output = Nimber;
    /// The nim-sum: bitwise exclusive or of the indices (Bouton 1901).
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

impl std::iter::Sum for Nimber {
    /// The nim-sum of many nimbers (`*0` for none).
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, |a, b| a ^ b)
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}

/// The outcome class of an impartial position under normal play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Outcome {
    /// Previous-player win: the player to move loses (value `*0`).
    P,
    /// Next-player win: the player to move wins (any non-zero value).
    N,
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Outcome::P => "P",
            Outcome::N => "N",
        })
    }
}

/// The minimum excludant: the least nimber not among `values`.
///
/// Values below 64 are tracked in one machine word; larger ones fall back to
/// a sorted scan, so any input is handled.
pub fn mex<I: IntoIterator<Item = Nimber>>(values: I) -> Nimber {
    let mut small: u64 = 0;
    let mut large: Vec<u32> = Vec::new();
    for v in values {
        if v.0 < 64 {
            small |= 1 << v.0;
        } else {
            large.push(v.0);
        }
    }
    let low = (!small).trailing_zeros();
    if low < 64 {
        return Nimber(low);
    }
    large.sort_unstable();
    large.dedup();
    let mut m = 64;
    for v in large {
        if v == m {
            m += 1;
        } else if v > m {
            break;
        }
    }
    Nimber(m)
}

/// The masks selecting the lower half of each block of `2^(b+1)` bits.
const HALVES: [u64; 6] = [
    0x5555_5555_5555_5555,
    0x3333_3333_3333_3333,
    0x0F0F_0F0F_0F0F_0F0F,
    0x00FF_00FF_00FF_00FF,
    0x0000_FFFF_0000_FFFF,
    0x0000_0000_FFFF_FFFF,
];

/// A set of nimbers below 64 (bit `i` for `*i`) nim-added to `*c`
/// (`c < 64`): bit `i` of `x` moves to bit `i ^ c`, by exchanging the
/// halves of every block of `2^(b+1)` bits for each bit `b` of `c` set.
#[inline]
pub fn xor_word(mut x: u64, c: usize) -> u64 {
    for (b, &m) in HALVES.iter().enumerate() {
        if c >> b & 1 == 1 {
            let s = 1 << b;
            x = ((x & m) << s) | ((x >> s) & m);
        }
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn xor_word_moves_every_bit() {
        for c in 0..64 {
            for i in 0..64 {
                assert_eq!(xor_word(1 << i, c), 1 << (i ^ c), "{i} {c}");
            }
        }
    }

    #[test]
    fn mex_of_examples() {
        assert_eq!(mex([]), Nimber(0));
        assert_eq!(mex([Nimber(0), Nimber(1), Nimber(3)]), Nimber(2));
        assert_eq!(mex([Nimber(1), Nimber(2)]), Nimber(0));
        let all: Vec<Nimber> = (0..70).map(Nimber).collect();
        assert_eq!(mex(all), Nimber(70));
        assert_eq!(mex((0..64).chain(65..67).map(Nimber)), Nimber(64));
    }

    #[test]
    fn nim_sum_is_xor() {
        assert_eq!(Nimber(5) ^ Nimber(3), Nimber(6));
        let s: Nimber = [1, 2, 3].into_iter().map(Nimber).sum();
        assert_eq!(s, Nimber(0));
        assert_eq!(Nimber(7).to_string(), "*7");
        assert_eq!(Nimber(0).outcome(), Outcome::P);
        assert_eq!(Nimber(2).outcome(), Outcome::N);
    }
}
