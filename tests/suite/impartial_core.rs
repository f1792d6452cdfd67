//! The generic core on the library's games: the memo solver and the
//! outcome searches against the naive solvers on random acyclic graphs and
//! Nim positions, with and without the components and canonical hooks.

use grundy::games::graph::{AcyclicGraph, Digraph};
use grundy::games::octal::HeapGame;
use grundy::impartial::{
    naive_nimber, naive_outcome, Convention, ImpartialGame, MemoSolver, Nimber, Outcome,
    OutcomeSolver,
};
use proptest::prelude::*;

/// A random acyclic game graph (edges go to larger indices) as the
/// library's [`AcyclicGraph`].
fn graph(edges: &[Vec<usize>]) -> AcyclicGraph {
    let list: Vec<(u32, u32)> = edges
        .iter()
        .enumerate()
        .flat_map(|(u, to)| to.iter().map(move |&v| (u as u32, v as u32)))
        .collect();
    AcyclicGraph::new(Digraph::new(edges.len(), &list).unwrap()).unwrap()
}

/// Nim heaps: the take-and-break code `0.[3]` (take any number of tokens,
/// leaving nothing or one heap) as the library's [`HeapGame`], whose
/// components hook splits a sum into single heaps and whose canonical
/// hook sorts them.
fn nim(heaps: &[u32]) -> HeapGame {
    HeapGame::new(
        "0.[3]".parse().unwrap(),
        heaps.iter().map(|&h| h as usize).collect(),
    )
}

fn dag() -> impl Strategy<Value = Vec<Vec<usize>>> {
    (2usize..14).prop_flat_map(|n| {
        proptest::collection::vec(
            proptest::collection::vec(any::<prop::sample::Index>(), 0..5),
            n,
        )
        .prop_map(move |raw| {
            raw.iter()
                .enumerate()
                .map(|(i, targets)| {
                    let mut t: Vec<usize> = if i + 1 < n {
                        targets.iter().map(|x| i + 1 + x.index(n - i - 1)).collect()
                    } else {
                        Vec::new()
                    };
                    t.sort_unstable();
                    t.dedup();
                    t
                })
                .collect()
        })
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn memo_equals_naive_on_random_dags(edges in dag()) {
        let g = graph(&edges);
        let mut solver = MemoSolver::new();
        let mut misere = OutcomeSolver::new(Convention::Misere);
        for v in g.vertices() {
            let want = naive_nimber(&v);
            prop_assert_eq!(solver.nimber(&v), want);
            prop_assert_eq!(naive_outcome(&v, Convention::Normal) == Outcome::P, want.0 == 0);
            prop_assert_eq!(misere.outcome(&v), naive_outcome(&v, Convention::Misere));
        }
    }

    /// Bouton: a Nim position's value is the nim-sum of its heaps, both
    /// through the hooks and by plain recursion; misère Nim (Bouton 1902)
    /// is P when every heap is at most 1 and their count is odd, or some
    /// heap is larger and the nim-sum is 0.
    #[test]
    fn nim_value_is_the_nim_sum(h in proptest::collection::vec(0u32..5, 1..4)) {
        let g = nim(&h);
        let xor = Nimber(h.iter().fold(0, |a, b| a ^ b));
        prop_assert_eq!(MemoSolver::new().nimber(&g), xor);
        prop_assert_eq!(naive_nimber(&g), xor);
        let winning = MemoSolver::new().winning_moves(&g);
        prop_assert_eq!(winning.is_empty(), xor.0 == 0);
        let small = h.iter().all(|&x| x <= 1);
        let p = if small { h.iter().sum::<u32>() % 2 == 1 } else { xor.0 == 0 };
        prop_assert_eq!(OutcomeSolver::new(Convention::Misere).outcome(&g) == Outcome::P, p);
        prop_assert_eq!(g.canonical(), nim(&{ let mut s = h.clone(); s.sort(); s }).canonical());
    }
}
