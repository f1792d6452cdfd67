//! Sums of games and their winning moves.
//!
//! By the Sprague–Grundy theorem (Sprague 1935, Grundy 1939; Winning Ways
//! ch. 3) a sum of games `G_1 + … + G_k` has value `N = N_1 ⊕ … ⊕ N_k`,
//! the nim-sum of its components' values. A move changes one component, so
//! a move in component `i` wins exactly when it takes `G_i` to a position of
//! value `N_i ⊕ N` (then the nim-sum becomes 0). Such a move is guaranteed
//! to exist in every component with `N_i ⊕ N < N_i` (by the mex rule), and
//! some component has one whenever `N ≠ 0`: the method of Grabman's "A
//! Genius Solution" for the Monorail endgame. Components with
//! `N_i ⊕ N > N_i` may have a winning move too, if an option happens to
//! have that larger value.

use super::nimber::Nimber;

/// The value that each component must move to for a winning move:
/// `targets[i] = N_i ⊕ N`, where `N` is the nim-sum of `values`.
/// Empty when `N = 0` (a P-position: no move wins).
pub fn winning_targets(values: &[Nimber]) -> Vec<Nimber> {
    let total: Nimber = values.iter().copied().sum();
    if total.is_p_position() {
        return Vec::new();
    }
    values.iter().map(|&v| v ^ total).collect()
}

/// Whether a move of component `i` to `targets[i]` is guaranteed to exist
/// by the mex rule (`N_i ⊕ N < N_i`).
pub fn guaranteed(value: Nimber, target: Nimber) -> bool {
    target < value
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn targets_make_the_sum_zero() {
        let v = [Nimber(3), Nimber(5), Nimber(6)];
        assert!(winning_targets(&v).is_empty());
        let v = [Nimber(1), Nimber(5), Nimber(6)];
        let t = winning_targets(&v);
        assert_eq!(t, vec![Nimber(3), Nimber(7), Nimber(4)]);
        assert_eq!(
            (0..3)
                .filter(|&i| guaranteed(v[i], t[i]))
                .collect::<Vec<_>>(),
            vec![2]
        );
    }
}
