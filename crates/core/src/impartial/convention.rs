//! The play convention: who wins when no move is left.
//!
//! Under **normal play** the player who cannot move loses, so the last
//! player to move wins; under **misère play** the player who cannot move
//! wins, so the last player to move loses (Berlekamp, Conway and Guy,
//! *Winning Ways for your Mathematical Plays*, 2nd ed., ch. 13; Siegel,
//! *Combinatorial Game Theory*, AMS Graduate Studies in Mathematics 146,
//! 2013, ch. I.1 and V). The options of a position are the same under both;
//! only the outcome of a position without options differs, and with it
//! every outcome above it.

use super::nimber::Outcome;
use serde::{Deserialize, Serialize};
use std::fmt;

/// Which player a position without options is a win for.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Convention {
    /// Normal play: the last player to move wins (the player to move at a
    /// position without options loses).
    #[default]
    Normal,
    /// Misère play: the last player to move loses (the player to move at a
    /// position without options wins).
    Misere,
}

impl Convention {
    /// The outcome of a position without options: [`Outcome::P`] under
    /// normal play, [`Outcome::N`] under misère play.
    pub fn terminal(self) -> Outcome {
        match self {
            Convention::Normal => Outcome::P,
            Convention::Misere => Outcome::N,
        }
    }
}

impl fmt::Display for Convention {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Convention::Normal => "normal",
            Convention::Misere => "misère",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terminal_outcomes() {
        assert_eq!(Convention::Normal.terminal(), Outcome::P);
        assert_eq!(Convention::Misere.terminal(), Outcome::N);
        assert_eq!(Convention::default(), Convention::Normal);
        assert_eq!(Convention::Misere.to_string(), "misère");
    }
}
