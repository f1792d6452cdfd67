//! When a proved `Q_N` is the misère quotient of the whole game.
//!
//! **Theorem** (the argument of the Octal Periodicity Theorem, Guy and
//! Smith 1956, *Winning Ways* ch. 4, applied to the pretending function, in
//! the spirit of the periodicity theorem for misère quotients of Plambeck
//! and Siegel, "Misère quotients for impartial games", JCTA 115, 2008, and
//! Siegel, "Misère games and misère quotients", *Games of No Chance 5*,
//! 2017). Let `Γ` be an octal game (a move leaves at most two heaps) whose
//! moves remove at most `t` tokens, and let `Q_N`, with pretending function
//! `Φ`, be proved (the conditions (P) and (N) of [`super::learn`] hold for
//! every sum of heaps of at most `N`). If `Φ(n) = Φ(n − p)` for every
//! `n0 + p ≤ n ≤ N`, with `n0 ≥ 1`, `p ≥ 1` and `N ≥ 2(n0 + p) + t`, then
//! `Q_N` is the quotient of the whole game, and the pretending function
//! continues with period `p`.
//!
//! *Proof.* Extend `Φ` by `Φ(m) = Φ(m − p)` for `m > N`; show by induction
//! on `m > N` that the conditions hold for every sum of heaps of at most
//! `m`. Both conditions depend on a heap `h` only through its *class*:
//! `Φ(h)` and `T(h)`, the set of its options' elements (the options of a
//! sum `G` have the elements `Φ(G − h)·T(h)` over its heaps `h`). An option
//! of heap `m` removes `k ≤ t` tokens and leaves one heap `m − k` or two,
//! `a ≥ b ≥ 1` with `a + b = m − k`. Since `m > N ≥ 2(n0 + p) + t`, the heap
//! `m − k` and the larger part `a` are at least `n0 + p`, so the option
//! `m − p − k` (resp. `(a − p, b)`) of heap `m − p` has the same element;
//! and each option of `m − p` (one heap `m − p − k ≥ n0`, or `a' ≥ b` with
//! `a' ≥ (m − p − t)/2 ≥ n0`) gives the option `m − k` (resp. `(a' + p, b)`)
//! of `m` with the same element. So `T(m) = T(m − p)` and heap `m` has the
//! class of heap `m − p`: adding it adds no new case to (P) or (N), and
//! the elements its sums reach are those `Q_N` already has, which are
//! pairwise distinguishable. Every sum of the game lies in some `A_m`. ∎

use super::quotient::Quotient;
use crate::octal::OctalCode;

/// A proof that `Q_N` is the whole game's quotient.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WholeGame {
    /// `n0`: the pretending function is periodic from heap `n0`.
    pub preperiod: usize,
    /// `p`: its period.
    pub period: usize,
    /// `2(n0 + p) + t`, the heap bound the theorem needs (at most `N`).
    pub needed: usize,
}

impl WholeGame {
    /// The element of heap `h` of any size: `q`'s pretending function up
    /// to `N`, continued with period `p` past it.
    pub fn pretend(&self, q: &Quotient, h: usize) -> u32 {
        match q.pretending.get(h) {
            Some(&e) => e,
            None => {
                let n0 = self.preperiod;
                q.pretending[n0 + (h - n0) % self.period]
            }
        }
    }
}

/// The proof for `q` (a proved `Q_N` of `code`), with the least period
/// that the bound allows, or `None` where the theorem does not apply (a
/// code that can leave three heaps, a code whose splits must leave unequal
/// heaps (`!`: the argument's shifted split may be an equal one, as in
/// [`crate::octal::theory::period`], and no bound is derived here for
/// quotients), a code with a repeating part (no bound `t` on what a move
/// removes), or no period short enough for `N`).
pub fn whole_game(code: &OctalCode, q: &Quotient) -> Option<WholeGame> {
    if code.max_parts() > 2 || code.has_distinct() || !code.is_finite() {
        return None;
    }
    let n = q.max_heap;
    let t = code.max_removal();
    let phi = &q.pretending;
    (1..=n / 2).find_map(|p| {
        // The least n0 ≥ 1 with Φ(m) = Φ(m − p) for n0 + p ≤ m ≤ N (from
        // the empty range m > N down).
        let mut n0 = n + 1 - p;
        while n0 > 1 && phi[n0 - 1 + p] == phi[n0 - 1] {
            n0 -= 1;
        }
        let needed = 2 * (n0 + p) + t;
        (needed <= n).then_some(WholeGame {
            preperiod: n0,
            period: p,
            needed,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(pretending: Vec<u32>) -> Quotient {
        Quotient {
            max_heap: pretending.len() - 1,
            table: vec![vec![0, 1], vec![1, 0]],
            p_portion: vec![false, true],
            pretending,
        }
    }

    #[test]
    fn the_bound_and_the_least_period() {
        let code: OctalCode = "0.77".parse().unwrap();
        // Φ = 0 1 0 1 0 1 … from heap 1: period 2, n0 = 1, needs
        // 2(1 + 2) + 2 = 8.
        let alt: Vec<u32> = (0..=8).map(|h| (h % 2) as u32).collect();
        assert_eq!(
            whole_game(&code, &q(alt.clone())),
            Some(WholeGame {
                preperiod: 1,
                period: 2,
                needed: 8
            })
        );
        // One heap short of the bound: not proved.
        assert_eq!(whole_game(&code, &q(alt[..8].to_vec())), None);
        // A three-part code is outside the theorem.
        let hex: OctalCode = "hex:0.3F".parse().unwrap();
        let long: Vec<u32> = (0..=40).map(|h| (h % 2) as u32).collect();
        assert_eq!(whole_game(&hex, &q(long.clone())), None);
        let grundy: OctalCode = "4!.0".parse().unwrap();
        assert_eq!(whole_game(&grundy, &q(long)), None);
    }
}
