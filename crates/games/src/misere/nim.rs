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

#[cfg(test)]
mod tests {
    use super::*;

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
