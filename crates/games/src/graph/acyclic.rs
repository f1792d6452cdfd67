//! The linear retrograde pass for acyclic game graphs.
//!
//! Kahn's topological sort run on the reversed edges: a vertex is ready when
//! all its options have values; its value is then the mex of theirs
//! (Sprague 1935, Grundy 1939). Each vertex keeps a counter of options not
//! yet valued, decremented once per edge, so the pass is O(n + m) time and
//! touches each edge twice (once to take the mex, once to decrement), with
//! no recursion.
//!
//! On a graph with cycles the pass stops early: exactly the vertices from
//! which no cycle can be reached get values (their γ, by the same
//! argument), and the rest stay unsolved. That is how cycles are detected.

use super::digraph::Digraph;
use super::solution::Solution;

/// The stored value of a vertex not (yet) solved.
pub(crate) const UNSET: u32 = u32::MAX - 1;

/// The outcome of the retrograde pass.
#[derive(Clone, Debug)]
pub(crate) struct Retrograde {
    /// The value of each solved vertex, [`UNSET`] for the others.
    pub values: Vec<u32>,
    /// The order in which each solved vertex was valued (a counter function
    /// for condition (B)), [`UNSET`] for the others.
    pub order: Vec<u32>,
    /// Number of solved vertices; all of them iff the graph is acyclic.
    pub solved: usize,
}

/// Runs the retrograde pass: O(n + m) time, 12 bytes per vertex plus a
/// scratch array of `max out-degree + 1` words.
pub(crate) fn retrograde(g: &Digraph) -> Retrograde {
    let n = g.vertex_count();
    let mut values = vec![UNSET; n];
    let mut order = vec![UNSET; n];
    // Options not yet valued; fits in u32 because m < 2^32 - 1.
    let mut pending: Vec<u32> = g.vertices().map(|u| g.out_degree(u) as u32).collect();
    let mut ready: Vec<u32> = g.vertices().filter(|&u| pending[u as usize] == 0).collect();
    // seen[x] == stamp marks value x among the current vertex's options;
    // the mex of d options is at most d, so larger values are ignored.
    let mut seen = vec![0u32; g.max_out_degree() + 1];
    let mut solved = 0usize;
    while let Some(u) = ready.pop() {
        solved += 1;
        let stamp = solved as u32;
        let opts = g.options(u);
        for &w in opts {
            let x = values[w as usize] as usize;
            if x <= opts.len() {
                seen[x] = stamp;
            }
        }
        let mex = (0..=opts.len())
            .find(|&x| seen[x] != stamp)
            .unwrap_or(opts.len());
        values[u as usize] = mex as u32;
        order[u as usize] = stamp - 1;
        for &p in g.predecessors(u) {
            let c = &mut pending[p as usize];
            *c -= 1;
            if *c == 0 {
                ready.push(p);
            }
        }
    }
    Retrograde {
        values,
        order,
        solved,
    }
}

/// The Sprague–Grundy values of an acyclic game graph by the linear
/// retrograde pass, or `None` if the graph has a cycle (a self-loop counts;
/// use [`solve`](super::solve) for any graph).
///
/// O(n + m) time; about 12 bytes per vertex of working memory besides the
/// result.
pub fn solve_acyclic(g: &Digraph) -> Option<Solution> {
    let r = retrograde(g);
    (r.solved == g.vertex_count()).then(|| Solution::assemble(g, r.values, r.order, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn nim_heaps_and_a_cycle() {
        // Heap k moves to every smaller heap: γ = k.
        let edges: Vec<(u32, u32)> = (0..6u32)
            .flat_map(|k| (0..k).map(move |j| (k, j)))
            .collect();
        let g = Digraph::new(6, &edges).unwrap();
        let s = solve_acyclic(&g).unwrap();
        assert_eq!(
            (0..6).map(|v| s.finite(v).unwrap()).collect::<Vec<_>>(),
            [0, 1, 2, 3, 4, 5]
        );
        // 0 -> 1 -> 2 -> 1, 3 -> 4: only 3 and 4 are solved.
        let g = Digraph::new(5, &[(0, 1), (1, 2), (2, 1), (3, 4)]).unwrap();
        assert!(solve_acyclic(&g).is_none());
        let r = retrograde(&g);
        assert_eq!(r.solved, 2);
        assert_eq!(r.values, [UNSET, UNSET, UNSET, 1, 0]);
    }
}
