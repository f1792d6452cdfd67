//! Misère Nim (Bouton, "Nim, a game with a complete mathematical theory",
//! *Annals of Mathematics* 3, 1902; Winning Ways, 2nd ed., ch. 13): a
//! position is a P-position exactly when either some heap has 2 or more
//! tokens and the nim-sum is 0, or every heap has at most 1 token and the
//! nim-sum is 1 (an odd number of heaps of 1).

/// Whether the Nim position `heaps` is a misère P-position (Bouton's rule).
pub fn is_p_position(heaps: &[u64]) -> bool {
    let sum = heaps.iter().fold(0u64, |a, &h| a ^ h);
    if heaps.iter().any(|&h| h >= 2) {
        sum == 0
    } else {
        sum == 1
    }
}

/// Every winning move of the misère Nim position `heaps`, each checked by
/// Bouton's rule: `(heap index, from, to)`, in heap order and then by the
/// size left, a heap equal to an earlier one left out (its moves are the
/// same).
pub fn winning_moves(heaps: &[u64]) -> Vec<(usize, u64, u64)> {
    let mut winning = Vec::new();
    let mut after = heaps.to_vec();
    for (i, &h) in heaps.iter().enumerate() {
        if heaps[..i].contains(&h) {
            continue;
        }
        for k in 0..h {
            after[i] = k;
            if is_p_position(&after) {
                winning.push((i, h, k));
            }
        }
        after[i] = h;
    }
    winning
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn winning_moves_lead_to_p_positions() {
        // 1 + 1 + 2: the one winning move reduces the 2 to 1, leaving
        // 1 + 1 + 1 (three heaps of 1: a P-position); taking the 2 whole
        // leaves 1 + 1, an N-position.
        assert_eq!(winning_moves(&[1, 1, 2]), [(2, 2, 1)]);
        // A P-position has no winning move.
        assert!(winning_moves(&[2, 2]).is_empty());
        // 3 + 3 + 1: a 3 reduced to 2 leaves nim-sum 0 with a heap of 2 or
        // more (winning; to 0 or 1 it does not), the second 3 is not
        // repeated, and taking the 1 leaves 3 + 3 (winning).
        assert_eq!(winning_moves(&[3, 3, 1]), [(0, 3, 2), (2, 1, 0)]);
        for heaps in [[1u64, 2, 3], [4, 5, 6], [1, 1, 1]] {
            for (i, _, k) in winning_moves(&heaps) {
                let mut a = heaps;
                a[i] = k;
                assert!(is_p_position(&a));
            }
        }
    }

    #[test]
    fn small_positions() {
        assert!(!is_p_position(&[])); // no move: the player to move wins
        assert!(is_p_position(&[1]));
        assert!(!is_p_position(&[1, 1]));
        assert!(is_p_position(&[1, 1, 1]));
        assert!(!is_p_position(&[2]));
        assert!(is_p_position(&[2, 2]));
        assert!(is_p_position(&[1, 2, 3]));
        assert!(!is_p_position(&[2, 3]));
    }
}
