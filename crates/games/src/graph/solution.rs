//! The solved game graph: γ of every vertex, the counter function that
//! certifies it, outcomes and winning moves.

use super::digraph::Digraph;
use super::value::{Gamma, Outcome};
use grundy_core::error::{Error, Result};
use rustc_hash::FxHashMap;

/// The stored value of a vertex whose γ is infinite.
pub(crate) const INFINITE: u32 = u32::MAX;

/// γ for every vertex of a [`Digraph`], indexed by vertex id.
///
/// Besides γ it keeps a *counter function* `c` on the vertices of finite
/// value: the order in which they were labelled. It is the certificate
/// Fraenkel's definition of γ asks for in condition (B) (see
/// [`verify`](super::verify::verify)); with it, γ is unique (Smith 1966;
/// Fraenkel and Yesha, J. Combin. Theory A 43 (1986) 165–177).
///
/// Memory: 8 bytes per vertex, plus `K` for each vertex of infinite value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// γ(v), or [`INFINITE`].
    values: Vec<u32>,
    /// c(v) for finite γ(v); [`INFINITE`] otherwise.
    counter: Vec<u32>,
    /// `K` of each vertex of infinite value: its options' finite values,
    /// ascending, without repeats.
    k_sets: FxHashMap<u32, Box<[u32]>>,
    /// Whether the graph has a cycle.
    cyclic: bool,
}

/// Counts over a [`Solution`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Summary {
    /// Vertices with γ = 0 (P-positions).
    pub p: usize,
    /// N-positions: finite γ > 0, or `∞(K)` with `0 ∈ K`.
    pub n: usize,
    /// Draws: `∞(K)` with `0 ∉ K`.
    pub d: usize,
    /// Vertices with infinite γ (some of them N, the others D).
    pub infinite: usize,
    /// The largest finite γ (`None` if every value is infinite or the
    /// graph is empty).
    pub max_finite: Option<u32>,
}

impl Solution {
    /// Assembles a solution from `values` (`INFINITE` for ∞) and `counter`,
    /// computing each `K` from the options in `g`. O(m + s log s), `s` the
    /// number of edges leaving infinite vertices.
    pub(crate) fn assemble(g: &Digraph, values: Vec<u32>, counter: Vec<u32>, cyclic: bool) -> Self {
        let mut k_sets = FxHashMap::default();
        let mut buf = Vec::new();
        for v in g.vertices() {
            if values[v as usize] != INFINITE {
                continue;
            }
            buf.clear();
            buf.extend(
                g.options(v)
                    .iter()
                    .map(|&w| values[w as usize])
                    .filter(|&x| x != INFINITE),
            );
            buf.sort_unstable();
            buf.dedup();
            k_sets.insert(v, buf.as_slice().into());
        }
        Solution {
            values,
            counter,
            k_sets,
            cyclic,
        }
    }

    /// A solution given explicitly, vertex by vertex: γ and the counter
    /// function `c` (`None` for vertices of infinite value). Nothing is
    /// checked beyond the lengths and the range of finite values, so this
    /// is how to put a claimed labelling before
    /// [`verify`](super::verify::verify). `cyclic` is recomputed from `g`.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] if `gammas` or `counter` does not have one
    /// entry per vertex of `g`, or a finite value or counter is `u32::MAX`.
    pub fn from_parts(g: &Digraph, gammas: &[Gamma], counter: &[Option<u32>]) -> Result<Self> {
        let n = g.vertex_count();
        if gammas.len() != n || counter.len() != n {
            return Err(Error::OutOfRange {
                what: format!("{} values and {} counters", gammas.len(), counter.len()),
                reason: format!("the graph has {n} vertices"),
            });
        }
        let mut values = Vec::with_capacity(n);
        let mut k_sets = FxHashMap::default();
        for (v, x) in gammas.iter().enumerate() {
            match x {
                Gamma::Finite(INFINITE) => {
                    return Err(Error::OutOfRange {
                        what: format!("value {INFINITE}"),
                        reason: "finite values are below 2^32 - 1".into(),
                    })
                }
                Gamma::Finite(k) => values.push(*k),
                Gamma::Infinite(k) => {
                    values.push(INFINITE);
                    k_sets.insert(v as u32, k.as_slice().into());
                }
            }
        }
        let counter = counter.iter().map(|c| c.unwrap_or(INFINITE)).collect();
        Ok(Solution {
            values,
            counter,
            k_sets,
            cyclic: super::acyclic::retrograde(g).solved < n,
        })
    }

    /// Number of vertices.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether the graph has no vertices.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Whether the graph has a cycle (a self-loop counts). Without one,
    /// every γ is finite and equals the ordinary Sprague–Grundy value.
    pub fn is_cyclic(&self) -> bool {
        self.cyclic
    }

    /// γ(v) as a [`Gamma`] (allocates `K` for infinite values).
    pub fn gamma(&self, v: u32) -> Gamma {
        match self.finite(v) {
            Some(x) => Gamma::Finite(x),
            None => Gamma::Infinite(self.k_set(v).unwrap_or(&[]).to_vec()),
        }
    }

    /// γ(v) if finite.
    pub fn finite(&self, v: u32) -> Option<u32> {
        let x = self.values[v as usize];
        (x != INFINITE).then_some(x)
    }

    /// `K` for a vertex of value `∞(K)`, `None` for a finite value.
    pub fn k_set(&self, v: u32) -> Option<&[u32]> {
        self.k_sets.get(&v).map(|k| &**k)
    }

    /// The counter function: c(v) for finite γ(v) (the position of `v` in
    /// the labelling order), `None` for infinite γ(v).
    pub fn counter(&self, v: u32) -> Option<u32> {
        let c = self.counter[v as usize];
        (c != INFINITE).then_some(c)
    }

    /// The outcome class of `v` (see [`Gamma::outcome`]).
    pub fn outcome(&self, v: u32) -> Outcome {
        match self.finite(v) {
            Some(0) => Outcome::P,
            Some(_) => Outcome::N,
            None if self.k_set(v).is_some_and(|k| k.contains(&0)) => Outcome::N,
            None => Outcome::D,
        }
    }

    /// A winning move from `v`: its first option (in edge input order) of
    /// value 0, a P-position. `Some` exactly for N-positions.
    pub fn winning_option(&self, g: &Digraph, v: u32) -> Option<u32> {
        if self.finite(v) == Some(0) {
            return None;
        }
        g.options(v)
            .iter()
            .copied()
            .find(|&w| self.finite(w) == Some(0))
    }

    /// Counts of P, N and D positions and the largest finite value.
    pub fn summary(&self) -> Summary {
        let mut s = Summary::default();
        for v in 0..self.values.len() as u32 {
            match self.outcome(v) {
                Outcome::P => s.p += 1,
                Outcome::N => s.n += 1,
                Outcome::D => s.d += 1,
            }
            match self.finite(v) {
                Some(x) => s.max_finite = s.max_finite.max(Some(x)),
                None => s.infinite += 1,
            }
        }
        s
    }
}
