//! The generic core: the memo solver against the naive solver on random
//! small games, with and without the components and canonical hooks.

use grundy::impartial::{naive_nimber, ImpartialGame, MemoSolver, Nimber};
use proptest::prelude::*;
use std::sync::Arc;

/// A vertex of a random acyclic game graph (edges go to larger indices).
#[derive(Clone, Debug)]
struct Dag {
    edges: Arc<Vec<Vec<usize>>>,
    at: usize,
}
impl PartialEq for Dag {
    fn eq(&self, o: &Self) -> bool {
        self.at == o.at
    }
}
impl Eq for Dag {}
impl std::hash::Hash for Dag {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.at.hash(h)
    }
}
impl ImpartialGame for Dag {
    fn options(&self) -> Vec<Dag> {
        self.edges[self.at]
            .iter()
            .map(|&to| Dag {
                edges: Arc::clone(&self.edges),
                at: to,
            })
            .collect()
    }
}

/// Nim heaps: a sum whose components hook splits it into single heaps and
/// whose canonical hook sorts them.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Heaps(Vec<u32>);
impl ImpartialGame for Heaps {
    fn options(&self) -> Vec<Heaps> {
        let mut out = Vec::new();
        for i in 0..self.0.len() {
            for v in 0..self.0[i] {
                let mut h = self.0.clone();
                h[i] = v;
                out.push(Heaps(h));
            }
        }
        out
    }
    fn components(&self) -> Vec<Heaps> {
        self.0.iter().map(|&h| Heaps(vec![h])).collect()
    }
    fn canonical(&self) -> Heaps {
        let mut h = self.0.clone();
        h.sort_unstable();
        Heaps(h)
    }
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
        let edges = Arc::new(edges);
        let mut solver = MemoSolver::new();
        for at in 0..edges.len() {
            let g = Dag { edges: Arc::clone(&edges), at };
            prop_assert_eq!(solver.nimber(&g), naive_nimber(&g));
        }
    }

    /// Bouton: a Nim position's value is the nim-sum of its heaps, both
    /// through the hooks and by plain recursion.
    #[test]
    fn nim_value_is_the_nim_sum(h in proptest::collection::vec(0u32..5, 1..4)) {
        let g = Heaps(h.clone());
        let xor = Nimber(h.iter().fold(0, |a, b| a ^ b));
        prop_assert_eq!(MemoSolver::new().nimber(&g), xor);
        prop_assert_eq!(naive_nimber(&g), xor);
        let winning = MemoSolver::new().winning_moves(&g);
        prop_assert_eq!(winning.is_empty(), xor.0 == 0);
    }
}
