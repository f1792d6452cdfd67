//! Smith's generalised Sprague–Grundy function γ of any finite game graph,
//! cycles allowed.
//!
//! Sources: C. A. B. Smith, "Graphs and composite games", J. Combin.
//! Theory 1 (1966) 51–81; A. S. Fraenkel and Y. Yesha, "The generalized
//! Sprague–Grundy function and its invariance under certain mappings",
//! J. Combin. Theory A 43 (1986) 165–177; A. S. Fraenkel, "Scenic trails
//! ascending from sea-level Nim to alpine chess" (1996), §4.
//!
//! # Algorithm
//! Stages `i = 0, 1, 2, …`. At stage `i` the vertices *in play* (`U`) are
//! those not labelled with a finite value below `i`; some of them are
//! *frozen* (γ = ∞, decided at an earlier stage). Within the stage:
//!
//! - a not-frozen vertex of `U` with no option labelled `i` (not *reached*)
//!   whose every option in `U` is reached gets label `i`;
//! - a vertex of `U` with an option labelled `i` is *reached*.
//!
//! This is the win/lose retrograde analysis of the game restricted to `U`
//! (labelled `i` = lost, reached = won; frozen vertices are never lost),
//! done with counters: each vertex counts its options in `U` not yet
//! reached. When `v` gets label `i`, each of its predecessors `p` in `U`
//! becomes reached; the first time `p` is reached, each predecessor `q` in
//! `U` decrements its counter, and at zero (if `q` is neither frozen nor
//! reached) `q` gets label `i`. At the end of the stage, every vertex of
//! `U` neither labelled `i` nor reached has no option of value `i` and can
//! never have a finite value: it is frozen. A not-frozen vertex that
//! survives stage `i` has options of every value `0..=i`, so a label `j`
//! given later is the mex of its finite options' values. The run ends when
//! every vertex is labelled or frozen; each frozen vertex `u` then gets
//! `∞(K)`, `K` the finite values of its options.
//!
//! The order in which vertices are labelled is a counter function `c` for
//! condition (B): a vertex labelled `i` reaches its predecessors before any
//! of them can be labelled because of it.
//!
//! # Complexity
//! Stage `i` costs O(|U| + the edges into vertices labelled `i` or
//! reached), so the whole run is O((γ_max + 2)·(n + m)) time, `γ_max` the
//! largest finite value (which is at most the largest out-degree). Memory:
//! the result (8 bytes per vertex) and at most 25 bytes per vertex of
//! scratch (options in play, counter, reached flag, the list of vertices in
//! play, two work stacks).
//!
//! [`solve`](super::solve) first runs the linear acyclic pass; the vertices
//! it values (those from which no cycle can be reached) then enter the
//! stages only as ready-made labels: each is touched once, at the stage of
//! its value, through its predecessors, and never counted in play, so the
//! stages' repeated cost is confined to the part of the graph from which a
//! cycle can be reached.

use super::acyclic::{retrograde, Retrograde, UNSET};
use super::digraph::Digraph;
use super::solution::{Solution, INFINITE};

/// γ of every vertex of `g` by Smith's algorithm from scratch (no acyclic
/// pre-pass). On an acyclic graph the result equals
/// [`solve_acyclic`](super::acyclic::solve_acyclic)'s.
///
/// O((γ_max + 2)·(n + m)) time; see the module documentation.
pub fn solve_smith(g: &Digraph) -> Solution {
    let n = g.vertex_count();
    let cyclic = retrograde(g).solved < n;
    let blank = Retrograde {
        values: vec![UNSET; n],
        order: vec![UNSET; n],
        solved: 0,
    };
    stages(g, blank, cyclic)
}

/// Smith's stages on top of a retrograde pass `pre` whose solved vertices
/// are final.
pub(crate) fn stages(g: &Digraph, pre: Retrograde, cyclic: bool) -> Solution {
    let Retrograde {
        values,
        order,
        solved,
    } = pre;
    let (bucket_off, bucket) = by_value(g, &values);
    let buckets = bucket_off.len() - 1;
    let mut s = Stages::new(g, values, order, solved);
    let mut i: u32 = 0;
    while s.open > 0 {
        let presolved = if (i as usize) < buckets {
            &bucket[bucket_off[i as usize]..bucket_off[i as usize + 1]]
        } else {
            &[]
        };
        s.stage(i, presolved);
        i += 1;
    }
    Solution::assemble(g, s.values, s.order, cyclic)
}

/// The pre-solved vertices (finite `values`) grouped by value, a counting
/// sort: `(offsets, vertices)`, those of value `x` at
/// `vertices[offsets[x]..offsets[x + 1]]` in vertex order. At stage `i`
/// those of value `i` act as vertices just labelled `i`.
fn by_value(g: &Digraph, values: &[u32]) -> (Vec<usize>, Vec<u32>) {
    let pre_max = values.iter().copied().filter(|&x| x < UNSET).max();
    let buckets = pre_max.map_or(0, |m| m as usize + 1);
    let mut bucket_off = vec![0usize; buckets + 1];
    for &x in values.iter().filter(|&&x| x < UNSET) {
        bucket_off[x as usize + 1] += 1;
    }
    for i in 0..buckets {
        bucket_off[i + 1] += bucket_off[i];
    }
    let mut bucket = vec![0u32; bucket_off[buckets]];
    let mut next = bucket_off.clone();
    for v in g.vertices() {
        let x = values[v as usize];
        if x < UNSET {
            bucket[next[x as usize]] = v;
            next[x as usize] += 1;
        }
    }
    (bucket_off, bucket)
}

/// The labels so far and the scratch of Smith's stages (see the module
/// documentation).
struct Stages<'g> {
    g: &'g Digraph,
    /// A finite label (`< UNSET`), [`INFINITE`] when frozen, or [`UNSET`].
    values: Vec<u32>,
    /// The counter function: the order in which vertices were labelled.
    order: Vec<u32>,
    /// Per vertex: its options in play (not carrying a finite label from
    /// an earlier stage or the pre-pass), counted per edge.
    in_play: Vec<u32>,
    /// The vertices in play (frozen ones included).
    active: Vec<u32>,
    /// Vertices in play neither labelled nor frozen.
    open: usize,
    /// Per vertex: its options in play not yet reached in this stage.
    counter: Vec<u32>,
    /// Per vertex: reached in this stage (it has an option labelled `i`).
    reached: Vec<bool>,
    /// Vertices just labelled whose predecessors are still to be reached.
    queue: Vec<u32>,
    /// Vertices just reached whose predecessors' counters still have to be
    /// decremented.
    fresh: Vec<u32>,
    /// The next label's place in [`Stages::order`].
    seq: u32,
}

impl<'g> Stages<'g> {
    /// The state before stage 0, after a retrograde pass that labelled
    /// `solved` vertices (`values`, `order`).
    fn new(g: &'g Digraph, values: Vec<u32>, order: Vec<u32>, solved: usize) -> Stages<'g> {
        let n = g.vertex_count();
        let in_play: Vec<u32> = g
            .vertices()
            .map(|q| {
                g.options(q)
                    .iter()
                    .filter(|&&w| values[w as usize] >= UNSET)
                    .count() as u32
            })
            .collect();
        let active: Vec<u32> = g
            .vertices()
            .filter(|&v| values[v as usize] == UNSET)
            .collect();
        Stages {
            g,
            values,
            order,
            in_play,
            open: active.len(),
            active,
            counter: vec![0u32; n],
            reached: vec![false; n],
            queue: Vec::new(),
            fresh: Vec::new(),
            seq: solved as u32,
        }
    }

    /// Stage `i`, `presolved` the pre-solved vertices of value `i`: labels
    /// `i`, then freezes what can no longer get a finite value.
    fn stage(&mut self, i: u32, presolved: &[u32]) {
        self.open_stage(i, presolved);
        self.propagate(i);
        self.close_stage(i);
    }

    /// Resets the counters, reaches the predecessors of the pre-solved
    /// vertices of value `i`, and labels `i` every vertex in play with no
    /// option in play left unreached.
    fn open_stage(&mut self, i: u32, presolved: &[u32]) {
        for &v in &self.active {
            self.reached[v as usize] = false;
            self.counter[v as usize] = self.in_play[v as usize];
        }
        // Pre-solved vertices of value i are labelled i from the start. Not
        // being counted by their predecessors, they must reach all of them
        // before any counter moves.
        self.fresh.clear();
        let g = self.g;
        for &x in presolved {
            for &p in g.predecessors(x) {
                self.reach(p);
            }
        }
        self.queue.clear();
        let active = std::mem::take(&mut self.active);
        for &v in &active {
            let v = v as usize;
            if self.values[v] == UNSET && self.counter[v] == 0 && !self.reached[v] {
                self.label(v, i);
            }
        }
        self.active = active;
    }

    /// The retrograde analysis of stage `i`: works off the vertices just
    /// reached and just labelled until neither is left.
    fn propagate(&mut self, i: u32) {
        let g = self.g;
        loop {
            if let Some(p) = self.fresh.pop() {
                // p is newly reached: its predecessors in play lose one
                // unreached option.
                for &q in g.predecessors(p) {
                    let q = q as usize;
                    if self.values[q] < UNSET {
                        continue;
                    }
                    self.counter[q] -= 1;
                    if self.counter[q] == 0 && self.values[q] == UNSET && !self.reached[q] {
                        self.label(q, i);
                    }
                }
            } else if let Some(v) = self.queue.pop() {
                // v is labelled i: its predecessors in play are reached (a
                // finite label, earlier or i, means out of play).
                for &p in g.predecessors(v) {
                    self.reach(p);
                }
            } else {
                break;
            }
        }
    }

    /// Ends stage `i`: the vertices labelled `i` leave play (their
    /// predecessors count one option in play less), and every undecided
    /// vertex not reached is frozen.
    fn close_stage(&mut self, i: u32) {
        let g = self.g;
        let Stages {
            values,
            in_play,
            active,
            open,
            reached,
            ..
        } = self;
        active.retain(|&v| {
            let x = values[v as usize];
            if x == i {
                *open -= 1;
                for &p in g.predecessors(v) {
                    in_play[p as usize] -= 1;
                }
                false
            } else {
                if x == UNSET && !reached[v as usize] {
                    values[v as usize] = INFINITE;
                    *open -= 1;
                }
                true
            }
        });
    }

    /// Marks `p` reached if it is in play and not yet reached.
    #[inline]
    fn reach(&mut self, p: u32) {
        let p = p as usize;
        if self.values[p] >= UNSET && !self.reached[p] {
            self.reached[p] = true;
            self.fresh.push(p as u32);
        }
    }

    /// Labels `v` with `i`, next in the counter function's order.
    #[inline]
    fn label(&mut self, v: usize, i: u32) {
        self.values[v] = i;
        self.order[v] = self.seq;
        self.seq += 1;
        self.queue.push(v as u32);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::graph::value::Gamma;

    #[test]
    fn two_cycle_and_exit() {
        // a <-> b: both ∞(), a draw.
        let g = Digraph::new(2, &[(0, 1), (1, 0)]).unwrap();
        let s = solve_smith(&g);
        assert_eq!(s.gamma(0), Gamma::Infinite(vec![]));
        assert_eq!(s.gamma(1), Gamma::Infinite(vec![]));
        assert!(s.is_cyclic());
        // a <-> b, a -> t: b's only move is to a, from where the mover
        // wins at once by moving to t: t = 0, b = 0, a = mex{0, 0} = 1.
        let g = Digraph::new(3, &[(0, 1), (1, 0), (0, 2)]).unwrap();
        let s = solve_smith(&g);
        assert_eq!(
            [s.finite(0), s.finite(1), s.finite(2)],
            [Some(1), Some(0), Some(0)]
        );
        assert!(s.counter(2) < s.counter(1));
        // a <-> b, both -> t: neither can be 1, both are ∞(0) (N-positions).
        let g = Digraph::new(3, &[(0, 1), (1, 0), (0, 2), (1, 2)]).unwrap();
        let s = solve_smith(&g);
        assert_eq!(s.gamma(0), Gamma::Infinite(vec![0]));
        assert_eq!(s.gamma(1), Gamma::Infinite(vec![0]));
        assert_eq!(s.gamma(2), Gamma::Finite(0));
    }
}
