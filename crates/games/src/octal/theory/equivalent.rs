//! Codes with the same nim-sequence, proved move by move.
//!
//! Many codes are one game up to a move that never changes a value: 0.605
//! adds to 0.604 the taking of a whole heap of 3, but a heap of 3 already
//! has an option of value 0 in 0.604; 0.624 adds to 0.604 the taking of 2
//! tokens leaving one heap, but in 0.604 taking 1 and splitting off a heap
//! of 1 (value 0) beside the rest reaches the same value. Such a move is
//! *redundant*: by induction on the heap size, every value it reaches is
//! already the value of another option, so no mex changes and the two
//! codes have the same nim-sequence `G(0), G(1), …` for ever. The census
//! computes one code of each such family and reads the others' sequences
//! from it (every row is still the code's own: periods are proved for the
//! code itself).
//!
//! Two rules, each checked on the values of heaps of at most `k` tokens of
//! the smaller code `A` (code `B` is `A` plus the move):
//!
//! - [`Redundancy::Whole`]: `B` may take a whole heap of `k` tokens (bit 1
//!   of `d_k`). That move exists only at heap `k`, where it reaches 0; it is
//!   redundant iff `G_A(k) != 0`, that is iff `A` already has an option of
//!   value 0 there (heaps below `k` have the same options in both codes).
//! - [`Redundancy::One`]: `B` may take `k` tokens leaving one heap (bit 2 of
//!   `d_k`): `n → n − k` for `n > k`. It is redundant when for some
//!   `1 <= m <= k` with `G_A(m) = 0`, `A` may take `j = k − m` tokens and
//!   leave two heaps (bit 4 of `d_j`; `j = 0` is a split that removes
//!   nothing): the move `n → (n − k) + m` has value
//!   `G(n − k) ⊕ G(m) = G(n − k)`. (`G_B(m) = G_A(m)`: the extra move does
//!   not exist on heaps of `k` tokens or fewer.)
//!
//! Both are the "obvious relabelling" of a digit's unused bit, as
//! Flammenkamp's tables list such codes once. Other coincidences (a shift
//! of values, as Dawson's Chess 0.137 against 0.07) are not used.

use crate::octal::engine::naive;
use crate::octal::theory::code::OctalCode;

/// Why a move of a code is redundant (module documentation).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Redundancy {
    /// Taking a whole heap of `take` tokens: the heap already has an
    /// option of value 0.
    Whole {
        /// `k`.
        take: usize,
    },
    /// Taking `take` tokens leaving one heap: taking `take − heap` and
    /// leaving a heap of `heap` tokens (value 0) beside it has the same
    /// value.
    One {
        /// `k`.
        take: usize,
        /// `m`, with `G(m) = 0`.
        heap: usize,
    },
}

/// One step of a reduction: `from` has the same nim-sequence as `to`, which
/// lacks one redundant move of `from`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The larger code.
    pub from: OctalCode,
    /// `from` without the move.
    pub to: OctalCode,
    /// The rule.
    pub why: Redundancy,
}

/// The first redundant move of `code`, trying `k = 1, 2, …` and for each
/// the whole-heap move before the one-heap move; None if neither rule
/// applies to any move.
pub fn first_redundant(code: &OctalCode) -> Option<Step> {
    // The argument below is for a finite code's digits; a code with a
    // repeating part is left as it is.
    if !code.is_finite() {
        return None;
    }
    for k in 1..=code.max_removal() {
        let d = code.digit(k);
        if d & 1 != 0 {
            let to = code.without(k, 1);
            if naive::sequence(&to, k)[k] != 0 {
                return Some(Step {
                    from: code.clone(),
                    to,
                    why: Redundancy::Whole { take: k },
                });
            }
        }
        if d & 2 != 0 {
            let to = code.without(k, 2);
            let g = naive::sequence(&to, k);
            let heap = (1..=k).find(|&m| g[m] == 0 && to.digit(k - m) & 4 != 0);
            if let Some(heap) = heap {
                return Some(Step {
                    from: code.clone(),
                    to,
                    why: Redundancy::One { take: k, heap },
                });
            }
        }
    }
    None
}

/// The chain of steps from `code` to the code it reduces to: each step
/// drops [`first_redundant`] until none is left. Empty when `code` has no
/// redundant move, and for codes with `!` (not covered by the arguments
/// here). Every code along the chain has the nim-sequence of `code`.
pub fn reduction(code: &OctalCode) -> Vec<Step> {
    let mut steps = Vec::new();
    // The arguments above split off a heap beside the rest, which `!`
    // (unequal heaps) may forbid: such codes are left as they are.
    if code.has_distinct() {
        return steps;
    }
    let mut at = code.clone();
    while let Some(step) = first_redundant(&at) {
        at = step.to.clone();
        steps.push(step);
    }
    steps
}

/// The code `code` reduces to (itself when it has no redundant move): a
/// code with fewer moves and the same nim-sequence.
pub fn representative(code: &OctalCode) -> OctalCode {
    reduction(code).pop().map_or_else(|| code.clone(), |s| s.to)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(s: &str) -> OctalCode {
        s.parse().unwrap()
    }

    #[test]
    fn the_family_of_0_604() {
        for c in [
            "0.605", "0.614", "0.615", "0.624", "0.625", "0.634", "0.635",
        ] {
            assert_eq!(representative(&code(c)).to_string(), "0.604", "{c}");
        }
        assert!(reduction(&code("0.604")).is_empty());
        let steps = reduction(&code("0.624"));
        assert_eq!(
            steps,
            [Step {
                from: code("0.624"),
                to: code("0.604"),
                // Take 1 and leave a heap of 1 (G(1) = 0) beside the rest.
                why: Redundancy::One { take: 2, heap: 1 },
            }]
        );
    }

    #[test]
    fn a_needed_move_is_kept() {
        // 0.1: taking a whole heap of 1 is the only move (G(1) = 1).
        assert!(reduction(&code("0.1")).is_empty());
        // 0.3 = 0.2 plus taking a heap of 1, which in 0.2 has no option.
        assert!(reduction(&code("0.3")).is_empty());
        // 0.77 (Kayles): G(1) = 1 needs the whole-heap move.
        assert!(reduction(&code("0.77")).is_empty());
    }
}
