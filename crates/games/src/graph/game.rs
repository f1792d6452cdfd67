//! A vertex of an acyclic game graph as a generic impartial game
//! ([`ImpartialGame`]), for the core's solvers.
//!
//! A token stands on a vertex and a move slides it along an edge (Sprague
//! 1935, Grundy 1939; Winning Ways ch. 3). The generic solvers recurse
//! over options and cannot stop a cycle, so only an acyclic graph is
//! accepted ([`AcyclicGraph`]); graphs with cycles are Smith's
//! ([`smith`](super::smith)), and [`naive`](super::naive) keeps the
//! references that handle them. Repeated edges give repeated options,
//! which change nothing.

use super::acyclic::retrograde;
use super::digraph::Digraph;
use grundy_core::error::UnsupportedError;
use grundy_core::impartial::ImpartialGame;
use grundy_core::{Error, Result};
use std::hash::{Hash, Hasher};
use std::sync::Arc;

/// A game graph checked to have no cycle (no self-loop either).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AcyclicGraph {
    graph: Arc<Digraph>,
}

impl AcyclicGraph {
    /// `graph`, once the retrograde pass has valued every vertex (which it
    /// does exactly when no cycle can be reached: [`super::acyclic`]).
    ///
    /// # Errors
    /// [`Error::Unsupported`] when `graph` has a cycle.
    pub fn new(graph: Digraph) -> Result<AcyclicGraph> {
        let r = retrograde(&graph);
        if r.solved != graph.vertex_count() {
            return Err(Error::Unsupported {
                what: format!(
                    "a game graph of {} vertices, {} on or above a cycle",
                    graph.vertex_count(),
                    graph.vertex_count() - r.solved
                ),
                source: UnsupportedError::CyclicGraph,
            });
        }
        Ok(AcyclicGraph {
            graph: Arc::new(graph),
        })
    }

    /// The graph.
    pub fn graph(&self) -> &Digraph {
        &self.graph
    }

    /// The position with the token on vertex `v`.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] when `v` is not a vertex.
    pub fn vertex(&self, v: u32) -> Result<Vertex> {
        if (v as usize) < self.graph.vertex_count() {
            Ok(Vertex {
                graph: Arc::clone(&self.graph),
                at: v,
            })
        } else {
            Err(Error::OutOfRange {
                what: format!("vertex {v}"),
                reason: format!("the graph has {} vertices", self.graph.vertex_count()),
            })
        }
    }

    /// Every vertex, in order.
    pub fn vertices(&self) -> impl Iterator<Item = Vertex> + '_ {
        self.graph.vertices().map(|at| Vertex {
            graph: Arc::clone(&self.graph),
            at,
        })
    }
}

/// A token on a vertex of an [`AcyclicGraph`].
///
/// Two positions are equal when they are the same vertex of the same
/// graph (the graph compared by identity first, then by its edges).
#[derive(Clone, Debug)]
pub struct Vertex {
    graph: Arc<Digraph>,
    at: u32,
}

impl Vertex {
    /// The vertex's id.
    pub fn id(&self) -> u32 {
        self.at
    }
}

impl PartialEq for Vertex {
    fn eq(&self, other: &Self) -> bool {
        self.at == other.at && (Arc::ptr_eq(&self.graph, &other.graph) || self.graph == other.graph)
    }
}

impl Eq for Vertex {}

impl Hash for Vertex {
    /// The vertex id only: equal positions have equal ids.
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.at.hash(state);
    }
}

impl ImpartialGame for Vertex {
    /// The heads of the vertex's edges, in the order the edges were given.
    fn options(&self) -> Vec<Vertex> {
        self.graph
            .options(self.at)
            .iter()
            .map(|&at| Vertex {
                graph: Arc::clone(&self.graph),
                at,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::naive::{naive_mex_values, naive_outcomes};
    use crate::graph::solve_acyclic;
    use grundy_core::impartial::{
        naive_nimber, naive_outcome, Convention, MemoSolver, Nimber, Outcome, OutcomeSolver,
    };

    fn nim(n: u32) -> Digraph {
        let edges: Vec<(u32, u32)> = (0..n).flat_map(|k| (0..k).map(move |j| (k, j))).collect();
        Digraph::new(n as usize, &edges).unwrap()
    }

    #[test]
    fn nim_heaps_as_a_graph() {
        // Heap k moves to every smaller heap: g = k.
        let g = AcyclicGraph::new(nim(7)).unwrap();
        let mut s = MemoSolver::new();
        for v in g.vertices() {
            assert_eq!(s.nimber(&v), Nimber(v.id()));
            assert_eq!(naive_nimber(&v), Nimber(v.id()));
        }
        // Misère: heap 1 (one move, to the terminal heap 0) is the only P.
        let mut m = OutcomeSolver::new(Convention::Misere);
        let p: Vec<u32> = g
            .vertices()
            .filter(|v| m.outcome(v) == Outcome::P)
            .map(|v| v.id())
            .collect();
        assert_eq!(p, [1]);
        assert!(g.vertex(7).is_err());
        assert_eq!(g.vertex(3).unwrap(), g.vertex(3).unwrap());
        assert_ne!(g.vertex(3).unwrap(), g.vertex(2).unwrap());
    }

    #[test]
    fn cycles_are_refused() {
        let g = Digraph::new(3, &[(0, 1), (1, 2), (2, 1)]).unwrap();
        assert!(matches!(
            AcyclicGraph::new(g),
            Err(Error::Unsupported { .. })
        ));
        let g = Digraph::new(1, &[(0, 0)]).unwrap();
        assert!(AcyclicGraph::new(g).is_err());
    }

    /// The linear retrograde pass and the references of
    /// [`naive`](crate::graph::naive) (memoised mex, outcomes by scanning)
    /// against the generic solvers, on
    /// pseudo-random acyclic graphs (edges to larger ids).
    #[test]
    fn the_references_agree_with_the_generic_solvers() {
        let mut seed = 0x9E37_79B9_7F4A_7C15u64;
        let mut next = move || {
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            seed
        };
        let mut nonzero = 0;
        for _ in 0..200 {
            let n = 2 + (next() % 14) as u32;
            let mut edges = Vec::new();
            for u in 0..n - 1 {
                for _ in 0..next() % 4 {
                    edges.push((u, u + 1 + (next() % u64::from(n - u - 1)) as u32));
                }
            }
            let d = Digraph::new(n as usize, &edges).unwrap();
            let fast = solve_acyclic(&d).unwrap();
            let reference = naive_mex_values(&d).unwrap();
            let outcomes = naive_outcomes(&d);
            let g = AcyclicGraph::new(d).unwrap();
            let mut s = MemoSolver::new();
            for v in g.vertices() {
                let want = naive_nimber(&v);
                assert_eq!(s.nimber(&v), want);
                assert_eq!(fast.finite(v.id()), Some(want.0));
                assert_eq!(reference[v.id() as usize], want.0);
                let p = naive_outcome(&v, Convention::Normal) == Outcome::P;
                assert_eq!(p, want.0 == 0);
                let by_scanning = outcomes[v.id() as usize];
                assert_eq!(by_scanning.as_str(), if p { "P" } else { "N" });
                nonzero += usize::from(want.0 > 1);
            }
        }
        assert!(nonzero > 100, "{nonzero}");
    }
}
