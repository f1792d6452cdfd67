//! A position of a take-and-break game as a generic impartial game:
//! a multiset of heaps under one code, for the core's solvers
//! ([`ImpartialGame`]).
//!
//! The options are read from [`OctalCode::for_each_move`], the one place
//! the moves of a code are listed (Winning Ways ch. 4): a move picks one
//! heap and replaces it by the heaps the move leaves. The components hook
//! splits a position into its heaps (the Sprague–Grundy theorem makes the
//! value of the whole the nim-sum of theirs), and the canonical form sorts
//! the heaps and drops those without a move, a symmetry of the game tree,
//! so it keeps the outcome under misère play too. [`naive`](crate::octal::engine::naive)
//! (the nim-sequence engine the production code uses) is tested against
//! the generic solvers over this game.

use crate::octal::theory::code::OctalCode;
use grundy_core::impartial::ImpartialGame;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A sum of heaps of one take-and-break game.
///
/// Two positions are equal when their codes are equal and their heaps are
/// equal as lists (compare [`canonical`](ImpartialGame::canonical) forms
/// to compare them as multisets).
#[derive(Clone, Debug)]
pub struct HeapGame {
    code: Arc<OctalCode>,
    heaps: Vec<usize>,
}

impl HeapGame {
    /// The sum of `heaps` under `code`.
    pub fn new(code: OctalCode, heaps: Vec<usize>) -> HeapGame {
        HeapGame {
            code: Arc::new(code),
            heaps,
        }
    }

    /// A single heap of `n` tokens under `code`.
    pub fn heap(code: OctalCode, n: usize) -> HeapGame {
        HeapGame::new(code, vec![n])
    }

    /// The sum of `heaps` under this position's code (sharing it).
    pub fn with_heaps(&self, heaps: Vec<usize>) -> HeapGame {
        HeapGame {
            code: Arc::clone(&self.code),
            heaps,
        }
    }

    /// The code.
    pub fn code(&self) -> &OctalCode {
        &self.code
    }

    /// The heaps, in the order held.
    pub fn heaps(&self) -> &[usize] {
        &self.heaps
    }
}

impl PartialEq for HeapGame {
    fn eq(&self, other: &Self) -> bool {
        self.heaps == other.heaps
            && (Arc::ptr_eq(&self.code, &other.code) || self.code == other.code)
    }
}

impl Eq for HeapGame {}

impl Hash for HeapGame {
    /// The heaps only: equal positions have equal heaps.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.heaps.hash(state);
    }
}

impl ImpartialGame for HeapGame {
    /// Every move on every heap, the heap replaced by what the move leaves
    /// (appended at the end); equal heaps give equal options, listed again.
    fn options(&self) -> Vec<HeapGame> {
        let mut out = Vec::new();
        for (i, &n) in self.heaps.iter().enumerate() {
            self.code.for_each_move(n, |m| {
                let (left, count) = m.heaps();
                let mut heaps = Vec::with_capacity(self.heaps.len() + count);
                heaps.extend_from_slice(&self.heaps[..i]);
                heaps.extend_from_slice(&self.heaps[i + 1..]);
                heaps.extend_from_slice(&left[..count]);
                out.push(self.with_heaps(heaps));
            });
        }
        out
    }

    /// Each heap that has a move, alone.
    fn components(&self) -> Vec<HeapGame> {
        self.heaps
            .iter()
            .filter(|&&n| self.code.has_move(n))
            .map(|&n| self.with_heaps(vec![n]))
            .collect()
    }

    /// The heaps that have a move, sorted.
    fn canonical(&self) -> HeapGame {
        let mut heaps: Vec<usize> = self
            .heaps
            .iter()
            .copied()
            .filter(|&n| self.code.has_move(n))
            .collect();
        heaps.sort_unstable();
        self.with_heaps(heaps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::octal::engine::naive;
    use grundy_core::impartial::{
        naive_nimber, naive_outcome, Convention, MemoSolver, Nimber, Outcome, OutcomeSolver,
    };

    /// OEIS A002186, Kayles (0.77), n = 0..83.
    const A002186: [u32; 84] = [
        0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7, 1, 4, 3, 2, 1, 4, 6, 7, 4, 1, 2, 8, 5, 4,
        7, 2, 1, 8, 6, 7, 4, 1, 2, 3, 1, 4, 7, 2, 1, 8, 2, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 4, 2, 7,
        4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 6, 7, 4, 1, 2, 8, 1, 4, 7, 2, 1, 8, 2, 7,
    ];

    fn code(s: &str) -> OctalCode {
        s.parse().unwrap()
    }

    #[test]
    fn kayles_single_heaps_are_a002186() {
        let mut s = MemoSolver::new();
        let kayles = code("0.77");
        for (n, &want) in A002186.iter().enumerate() {
            let g = HeapGame::heap(kayles.clone(), n);
            assert_eq!(s.nimber(&g), Nimber(want), "kayles {n}");
        }
        // The plain recursion, no memo and no hooks, on the small heaps.
        for (n, &want) in A002186.iter().enumerate().take(9) {
            assert_eq!(
                naive_nimber(&HeapGame::heap(kayles.clone(), n)),
                Nimber(want)
            );
        }
    }

    /// The nim-sequence engine against the generic solver, single heaps of
    /// octal, hexadecimal, `!` and repeating codes.
    #[test]
    fn the_naive_engine_agrees_with_the_generic_solver() {
        for c in [
            "0.77", "0.07", "0.137", "4.07", "0.6", "0.007", "hex:0.8", "hex:0.3F", "4!.0",
            "4.[3]", "0.[2]",
        ] {
            let c = code(c);
            let seq = naive::sequence(&c, 40);
            let mut s = MemoSolver::new();
            for (n, &v) in seq.iter().enumerate() {
                assert_eq!(
                    s.nimber(&HeapGame::heap(c.clone(), n)),
                    Nimber(v),
                    "{c} {n}"
                );
            }
        }
    }

    /// Sums solved as one game, with no decomposition, equal the nim-sum of
    /// their heaps' values (the Sprague–Grundy theorem).
    #[test]
    fn sums_are_nim_sums() {
        for c in ["0.77", "0.137", "4.07", "0.6"] {
            let c = code(c);
            let g = naive::sequence(&c, 10);
            for heaps in [vec![3, 5], vec![1, 2, 6], vec![4, 4, 2], vec![0, 7]] {
                let want = heaps.iter().fold(0, |x, &h| x ^ g[h]);
                let game = HeapGame::new(c.clone(), heaps.clone());
                assert_eq!(naive_nimber(&game), Nimber(want), "{c} {heaps:?}");
                assert_eq!(
                    naive_outcome(&game, Convention::Normal) == Outcome::P,
                    want == 0
                );
            }
        }
    }

    #[test]
    fn options_and_hooks() {
        let g = HeapGame::new(code("0.77"), vec![0, 3, 1]);
        // Heap 3: take 1 leaving 2 or 1+1, take 2 leaving 1; heap 1: take it.
        let mut opts: Vec<Vec<usize>> = g.options().iter().map(|o| o.heaps().to_vec()).collect();
        opts.sort();
        assert_eq!(
            opts,
            [vec![0, 1, 1], vec![0, 1, 1, 1], vec![0, 1, 2], vec![0, 3]]
        );
        assert_eq!(g.canonical().heaps(), [1, 3]);
        assert_eq!(g.components().len(), 2);
        assert_eq!(
            g.canonical(),
            HeapGame::new(code("0.77"), vec![3, 1, 0]).canonical()
        );
        assert_ne!(g.canonical(), HeapGame::new(code("0.07"), vec![1, 3]));
        // Misère play: one heap of Kayles of one token is a P-position.
        let mut s = OutcomeSolver::new(Convention::Misere);
        assert_eq!(s.outcome(&HeapGame::heap(code("0.77"), 1)), Outcome::P);
        assert_eq!(s.outcome(&HeapGame::heap(code("0.77"), 0)), Outcome::N);
    }
}
