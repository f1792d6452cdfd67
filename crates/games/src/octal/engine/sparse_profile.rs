//! How the sparse space of an unsolved game develops with `n`: at each
//! chosen depth, the best mask, the number of rare values, the last one,
//! and the largest value — the figures Flammenkamp's and Czajka's tables
//! give for the unsolved games (for Grundy's game, Flammenkamp's page
//! "Sprague-Grundy Values of Grundy's Game"; Czajka, octal-games,
//! UnsolvedGames.md). A value `v` is rare under the mask `M` when `v & M`
//! has an even number of bits ([`crate::octal::theory::census::sparse_summary`]).

use crate::octal::engine::values::Values;
use crate::octal::theory::census::{sparse_summary_to, SparseSpace};

/// The sparse space of `G(0..=n)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Depth {
    /// `n`: values `G(0..=n)`.
    pub n: usize,
    /// The best mask with its rare count and last rare heap size (`G(0)`
    /// left out); None when values are too large for a histogram.
    pub space: Option<SparseSpace>,
    /// The largest value of `G(0..=n)`.
    pub max_value: u32,
    /// The least heap size with that value.
    pub max_value_at: usize,
}

/// The depths of a profile of `G(0..len)`: `n = 2^k − 1` for `k >= 10`
/// (the first `2^k` values, as the published tables count "n = 2^k")
/// below `len − 1`, then `len − 1`.
pub fn default_depths(len: usize) -> Vec<usize> {
    let mut out: Vec<usize> = (10..usize::BITS)
        .map(|k| (1usize << k) - 1)
        .take_while(|&n| n < len.saturating_sub(1))
        .collect();
    if len > 0 {
        out.push(len - 1);
    }
    out
}

/// The sparse space of `G(0..=n)` for each `n` of `depths` (each below
/// `g.len()`, ascending), in one pass for the largest values and one
/// histogram per depth.
pub fn profile(g: &Values, depths: &[usize]) -> Vec<Depth> {
    let mut out = Vec::with_capacity(depths.len());
    let (mut max, mut at) = (0u32, 0usize);
    let mut next = 0usize;
    for &n in depths.iter().filter(|&&n| n < g.len()) {
        for i in next..=n {
            let v = g.get(i);
            if v > max || i == 0 {
                (max, at) = (v, i);
            }
        }
        next = n + 1;
        out.push(Depth {
            n,
            space: sparse_summary_to(g, n + 1),
            max_value: max,
            max_value_at: at,
        });
    }
    out
}

/// Every heap size `1 <= n < len` whose value is rare under `mask`, with
/// its value.
pub fn rare_values(g: &Values, len: usize, mask: u32) -> Vec<(usize, u32)> {
    g.iter()
        .take(len)
        .enumerate()
        .skip(1)
        .filter(|&(_, v)| (v & mask).count_ones() % 2 == 0)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::engine::naive;

    /// Grundy's game to n = 4,096: the rare values under the mask 0xFE
    /// begin as Flammenkamp's table of them does (G(3) = 1, G(4) = 0,
    /// G(6) = 1, …, G(87) = 7, G(146) = 6, G(158) = 11, G(181) = 12), and
    /// the profile's last depth is the whole sequence's sparse space.
    #[test]
    fn grundys_game_rare_values() {
        let code = "4!.0".parse().unwrap();
        let g = Values::from_u32s(&naive::sequence(&code, 4096));
        let rare = rare_values(&g, g.len(), 0xFE);
        assert_eq!(
            rare[..8],
            [
                (1, 0),
                (2, 0),
                (3, 1),
                (4, 0),
                (6, 1),
                (7, 0),
                (9, 1),
                (10, 0)
            ]
        );
        for want in [(87, 7), (146, 6), (158, 11), (181, 12), (231, 10)] {
            assert!(rare.contains(&want), "{want:?}");
        }
        let p = profile(&g, &default_depths(g.len()));
        assert_eq!(
            p.iter().map(|d| d.n).collect::<Vec<_>>(),
            [1023, 2047, 4095, 4096]
        );
        let last = p.last().unwrap();
        assert_eq!(last.space, crate::octal::theory::census::sparse_summary(&g));
        assert_eq!(last.max_value, g.max());
    }
}
