//! Values of Smith's generalised Sprague–Grundy function γ and the
//! outcome classes (P, N, D) they determine.
//!
//! On a game graph with cycles a vertex either has a finite value γ(u) = n,
//! which behaves exactly like the nimber `*n` in sums, or the value
//! `∞(K)`, where `K` is the set of finite values among its options (C. A. B.
//! Smith, "Graphs and composite games", J. Combin. Theory 1 (1966) 51–81;
//! A. S. Fraenkel, "Scenic trails ascending from sea-level Nim to alpine
//! chess", 1996, §4). Under normal play γ settles the outcome: γ = 0 is a
//! P-position, a finite γ > 0 an N-position, `∞(K)` an N-position if
//! `0 ∈ K` and a draw otherwise.

use serde::{Serialize, Serializer};
use std::fmt;

/// A value of the generalised Sprague–Grundy function γ.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Gamma {
    /// A finite value `n`: the vertex is equivalent to a Nim heap of size
    /// `n` in any sum.
    Finite(u32),
    /// `∞(K)`: the vertex has no finite value; `K` lists the finite values
    /// of its options, ascending and without repeats.
    Infinite(Vec<u32>),
}

impl Gamma {
    /// The finite value, or `None` for `∞(K)`.
    pub fn finite(&self) -> Option<u32> {
        match self {
            Gamma::Finite(n) => Some(*n),
            Gamma::Infinite(_) => None,
        }
    }

    /// Whether this is `∞(K)` for some `K`.
    pub fn is_infinite(&self) -> bool {
        matches!(self, Gamma::Infinite(_))
    }

    /// The outcome class (Smith 1966): `0` → P; a finite value above 0 → N;
    /// `∞(K)` → N if `0 ∈ K` (move to a P-position), D otherwise.
    pub fn outcome(&self) -> Outcome {
        match self {
            Gamma::Finite(0) => Outcome::P,
            Gamma::Finite(_) => Outcome::N,
            Gamma::Infinite(k) if k.contains(&0) => Outcome::N,
            Gamma::Infinite(_) => Outcome::D,
        }
    }
}

impl fmt::Display for Gamma {
    /// `3` for a finite value, `∞(0,2)` or `∞()` for an infinite one.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Gamma::Finite(n) => write!(f, "{n}"),
            Gamma::Infinite(k) => {
                f.write_str("∞(")?;
                for (i, x) in k.iter().enumerate() {
                    if i > 0 {
                        f.write_str(",")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str(")")
            }
        }
    }
}

impl Serialize for Gamma {
    /// A JSON number for a finite value, the [`Display`](fmt::Display) text
    /// (`"∞(0,2)"`) for an infinite one.
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        match self {
            Gamma::Finite(n) => s.serialize_u32(*n),
            Gamma::Infinite(_) => s.collect_str(self),
        }
    }
}

/// The outcome class of a vertex of a game graph that may have cycles,
/// under normal play (the player who cannot move loses; a play that never
/// ends is a draw).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Outcome {
    /// Previous-player win: the player to move loses.
    P,
    /// Next-player win: the player to move wins.
    N,
    /// Draw: with best play neither player wins; the play never ends.
    D,
}

impl Outcome {
    /// `"P"`, `"N"` or `"D"`.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::P => "P",
            Outcome::N => "N",
            Outcome::D => "D",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn display_and_outcome() {
        assert_eq!(Gamma::Finite(3).to_string(), "3");
        assert_eq!(Gamma::Infinite(vec![0, 2]).to_string(), "∞(0,2)");
        assert_eq!(Gamma::Infinite(vec![]).to_string(), "∞()");
        assert_eq!(Gamma::Finite(0).outcome(), Outcome::P);
        assert_eq!(Gamma::Finite(5).outcome(), Outcome::N);
        assert_eq!(Gamma::Infinite(vec![0, 1]).outcome(), Outcome::N);
        assert_eq!(Gamma::Infinite(vec![1, 2]).outcome(), Outcome::D);
        assert_eq!(Gamma::Infinite(vec![]).outcome(), Outcome::D);
    }
}
