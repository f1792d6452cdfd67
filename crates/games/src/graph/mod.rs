//! Any finite game graph, given as a list of moves: its Sprague–Grundy
//! function, or Smith's generalised one when the graph has cycles.
//!
//! A vertex is a position and an edge `u → v` a move from `u` to `v`; the
//! player who cannot move loses (normal play), and a play that goes on for
//! ever is a draw. On an acyclic graph every vertex has an ordinary
//! Sprague–Grundy value `g(u) = mex g(F(u))` (Sprague 1935, Grundy 1939).
//! With cycles, Smith's generalised Sprague–Grundy function γ (C. A. B.
//! Smith, "Graphs and composite games", J. Combin. Theory 1 (1966) 51–81)
//! gives each vertex either a finite value, which adds in sums exactly like
//! a nimber, or `∞(K)`; it settles the outcome P, N or D of every vertex and
//! of every sum of such graphs (Fraenkel and Yesha, J. Combin. Theory A 43
//! (1986) 165–177; Fraenkel, "Scenic trails ascending from sea-level Nim to
//! alpine chess", 1996).
//!
//! - [`digraph`]: the graph in CSR form, options and predecessors;
//! - [`acyclic`]: the linear retrograde pass (and cycle detection);
//! - [`smith`]: γ for any graph, stage by stage with counters;
//! - [`value`]: the value type [`Gamma`] and the [`Outcome`] classes;
//! - [`solution`]: the result, with its counter function and winning moves;
//! - [`verify`](mod@verify): a check of a result against the definition;
//! - [`game`]: a vertex of an acyclic graph as an
//!   [`ImpartialGame`](grundy_core::impartial::ImpartialGame);
//! - [`naive`]: plain references for tests (γ and outcomes of graphs
//!   with cycles, which the generic solvers cannot search).
//!
//! Reading and writing the edge-list CSV is in `grundy_dataset::graph`.

pub mod acyclic;
pub mod digraph;
pub mod game;
pub mod naive;
pub mod smith;
pub mod solution;
pub mod value;
pub mod verify;

pub use acyclic::solve_acyclic;
pub use digraph::Digraph;
pub use game::{AcyclicGraph, Vertex};
pub use smith::solve_smith;
pub use solution::{Solution, Summary};
pub use value::{Gamma, Outcome};
pub use verify::{verify, Violation};

/// γ of every vertex of `g`: the linear retrograde pass, and, if it leaves
/// vertices unsolved (the graph has a cycle), Smith's stages on the rest.
///
/// O(n + m) time on an acyclic graph; otherwise O(n + m) plus
/// O((γ_max + 2)·(n' + m')) for the part of the graph (n' vertices, m'
/// edges) from which a cycle can be reached (see [`smith`]). Memory: the
/// result (8 bytes per vertex plus `K` sets) and at most 25 bytes per
/// vertex of scratch.
pub fn solve(g: &Digraph) -> Solution {
    let r = acyclic::retrograde(g);
    if r.solved == g.vertex_count() {
        Solution::assemble(g, r.values, r.order, false)
    } else {
        smith::stages(g, r, true)
    }
}
