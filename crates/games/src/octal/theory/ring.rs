//! Octal games on a ring, and the n-gon game.
//!
//! **Rings.** `n` tokens in a circle. The first move on the ring removes
//! `k >= 1` consecutive tokens, which opens the circle into one row of
//! `n − k`: allowed when digit `d_k` permits leaving one heap (bit 2) and
//! `n − k >= 1`, or leaving none (bit 1) when `k = n`. After that the
//! ordinary rules of the code apply to the row. So the ring's value is the
//! mex of the row values `G(n − k)` over those `k` (and 0 for `k = n`).
//! Circular Kayles is the ring game of 0.77.
//!
//! **The n-gon game.** Players alternately remove a remaining vertex of a
//! regular n-gon together with its remaining neighbours; whoever removes the
//! last vertex wins. On the full ring every first move removes three
//! vertices and leaves a path of `n − 3`; on a path the game is Dawson's
//! Chess, 0.137 (an end vertex takes itself and one neighbour, an inner one
//! splits the path, a lone vertex goes alone). So the first player wins
//! exactly when `G_0.137(n − 3) = 0`.

use crate::octal::theory::code::{Leaves, OctalCode};
use crate::octal::theory::extended::Extended;
use grundy_core::impartial::{mex, Nimber};

/// `G(ring of n)`, `n >= 1`, from the row values `row.get(m)` = G(m)
/// (which must cover `0..n`; past the values computed they may come from
/// a proved period, so a ring of millions costs the period's proof).
///
/// # Panics
/// If `n == 0` or `row` has fewer than `n` values.
pub fn ring_value(code: &OctalCode, row: &Extended<'_>, n: usize) -> u32 {
    assert!(n >= 1 && row.len() >= n, "row values 0..{n} needed");
    // Opening the ring is a move of the heap of n that leaves at most one
    // heap: the same moves, read from the one enumeration of the code.
    let mut options = Vec::new();
    code.for_each_move_leaving(n, 1, |m| match m.leaves {
        Leaves::Nothing => options.push(Nimber(0)),
        Leaves::One(a) => options.push(Nimber(row.get(a))),
        Leaves::Two(..) | Leaves::Three(..) => {}
    });
    mex(options).value()
}

/// `G(ring of n)` for `n = 1..=max_n`, as a vector indexed by `n − 1`, from
/// the row values `row.get(m)` = G(m) (which must cover `0..max_n`).
///
/// # Panics
/// If `row` has fewer than `max_n` values.
pub fn ring_values(code: &OctalCode, row: &Extended<'_>, max_n: usize) -> Vec<u32> {
    assert!(row.len() >= max_n, "row values 0..{max_n} needed");
    (1..=max_n).map(|n| ring_value(code, row, n)).collect()
}

/// The nimber of the full n-gon, `n >= 3`: every first move leaves a path
/// of `n − 3`, so it is `mex{G_0.137(n − 3)}`: 1 when that value is 0, else
/// 0. `dawson.get(m)` = G_0.137(m) must cover `0..=n − 3`.
///
/// # Panics
/// If `n < 3` or `dawson` is too short.
pub fn ngon_nimber(dawson: &Extended<'_>, n: usize) -> u32 {
    assert!(n >= 3, "a polygon has at least 3 vertices");
    u32::from(dawson.get(n - 3) == 0)
}

/// For `n = 3..=max_n`, whether the first player wins the n-gon game, from
/// the Dawson's Chess values `dawson.get(m)` = G_0.137(m) (covering
/// `0..=max_n − 3`). Returned as `(n, first player wins)`.
pub fn ngon_first_player_wins(dawson: &Extended<'_>, max_n: usize) -> Vec<(usize, bool)> {
    (3..=max_n).map(|n| (n, dawson.get(n - 3) == 0)).collect()
}

/// The n-gon game by plain game-tree search, with no theory: whether the
/// player to move wins from the full n-gon. Positions are bitmasks of the
/// remaining vertices; exponential, for `n <= 24`.
///
/// # Panics
/// If `n > 24`.
pub fn ngon_brute_force(n: usize) -> bool {
    assert!(n <= 24, "brute force is for n <= 24");
    if n == 0 {
        return false;
    }
    let mut memo = vec![0u8; 1 << n]; // 0 unknown, 1 loss, 2 win
    fn wins(mask: u32, n: usize, memo: &mut [u8]) -> bool {
        if mask == 0 {
            return false;
        }
        match memo[mask as usize] {
            1 => return false,
            2 => return true,
            _ => {}
        }
        let mut win = false;
        for v in 0..n {
            if mask >> v & 1 == 0 {
                continue;
            }
            let left = (v + n - 1) % n;
            let right = (v + 1) % n;
            let removed = (1u32 << v) | (1 << left) | (1 << right);
            if !wins(mask & !removed, n, memo) {
                win = true;
                break;
            }
        }
        memo[mask as usize] = if win { 2 } else { 1 };
        win
    }
    wins((1u32 << n) - 1, n, &mut memo)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::engine::naive;
    use crate::octal::Values;

    #[test]
    fn ngon_matches_brute_force() {
        let c: OctalCode = "0.137".parse().unwrap();
        let g = Values::from_u32s(&naive::sequence(&c, 20));
        let g = Extended::plain(&g);
        for (n, wins) in ngon_first_player_wins(&g, 20) {
            assert_eq!(wins, ngon_brute_force(n), "n = {n}");
            assert_eq!(ngon_nimber(&g, n) != 0, wins, "n = {n}");
        }
    }

    #[test]
    fn circular_kayles() {
        // A ring of n Kayles pins: the first move leaves a row of n−1 or
        // n−2, so the value is mex{G(n−1), G(n−2)} for n >= 3.
        let c: OctalCode = "0.77".parse().unwrap();
        let g = naive::sequence(&c, 30);
        let row = Values::from_u32s(&g);
        let r = ring_values(&c, &Extended::plain(&row), 30);
        assert_eq!(r[0], 1); // one pin: take it
        assert_eq!(r[1], 2); // two pins: take both (0) or one (G(1) = 1)
        for n in 3..=30 {
            let want = mex([Nimber(g[n - 1]), Nimber(g[n - 2])]).value();
            assert_eq!(r[n - 1], want, "n = {n}");
        }
    }
}
