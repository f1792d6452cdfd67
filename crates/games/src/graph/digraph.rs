//! A finite directed game graph in compressed sparse row (CSR) form, with
//! both the forward adjacency (the options of a vertex, used to take mex)
//! and the reverse adjacency (the vertices having it as an option, used by
//! retrograde analysis).
//!
//! Vertices are the ids `0..n` (`u32`); names, if any, live with the edge
//! list that built the graph (see `grundy_dataset::graph`). An edge
//! `u → v` is a move from `u` to `v`. Self-loops and repeated edges are
//! kept as given.

use grundy_core::error::{Error, Result};

/// A directed graph on vertices `0..n`, stored twice in CSR form.
///
/// Memory: `(n + 1) × 8` bytes per offset array and `4` bytes per edge per
/// direction, so `16 n + 8 m` bytes for `n` vertices and `m` edges (about
/// 96 MB for 10^6 vertices and 10^7 edges).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Digraph {
    /// `fwd[fwd_off[u]..fwd_off[u + 1]]` are the options of `u`, in the
    /// order their edges were given.
    fwd_off: Vec<usize>,
    fwd: Vec<u32>,
    /// `rev[rev_off[v]..rev_off[v + 1]]` are the vertices with an edge to
    /// `v`, one entry per edge.
    rev_off: Vec<usize>,
    rev: Vec<u32>,
}

impl Digraph {
    /// The graph on vertices `0..vertices` with the directed `edges`
    /// (`(from, to)` pairs). The options of each vertex keep the order of
    /// `edges`, so "the first option with property X" means the first such
    /// edge in the input. Linear time: two counting sorts.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] if `vertices` or the number of edges does not
    /// fit in `u32` (minus one), or an edge names a vertex `>= vertices`.
    pub fn new(vertices: usize, edges: &[(u32, u32)]) -> Result<Digraph> {
        let (fwd_off, fwd) = forward(vertices, edges)?;
        Ok(Self::with_forward(fwd_off, fwd))
    }

    /// As [`new`](Digraph::new), but consuming the edge list and freeing it
    /// as soon as the forward adjacency is built, so the edge list (8 bytes
    /// per edge) and the reverse adjacency are never in memory together.
    ///
    /// # Errors
    /// As [`new`](Digraph::new).
    pub fn from_edge_vec(vertices: usize, edges: Vec<(u32, u32)>) -> Result<Digraph> {
        let (fwd_off, fwd) = forward(vertices, &edges)?;
        drop(edges);
        Ok(Self::with_forward(fwd_off, fwd))
    }

    /// Adds the reverse adjacency to the forward one.
    fn with_forward(fwd_off: Vec<usize>, fwd: Vec<u32>) -> Digraph {
        let vertices = fwd_off.len() - 1;
        let (rev_off, rev) = csr(
            vertices,
            (0..vertices).flat_map(|u| {
                fwd[fwd_off[u]..fwd_off[u + 1]]
                    .iter()
                    .map(move |&v| (v, u as u32))
            }),
        );
        Digraph {
            fwd_off,
            fwd,
            rev_off,
            rev,
        }
    }

    /// Number of vertices `n`.
    pub fn vertex_count(&self) -> usize {
        self.fwd_off.len() - 1
    }

    /// Number of edges `m`, repeats and self-loops included.
    pub fn edge_count(&self) -> usize {
        self.fwd.len()
    }

    /// The options of `u` (targets of its edges), in input order.
    ///
    /// # Panics
    /// If `u >= n` (a programming error, not user input).
    pub fn options(&self, u: u32) -> &[u32] {
        let u = u as usize;
        &self.fwd[self.fwd_off[u]..self.fwd_off[u + 1]]
    }

    /// The vertices having `v` as an option, one entry per edge.
    ///
    /// # Panics
    /// If `v >= n`.
    pub fn predecessors(&self, v: u32) -> &[u32] {
        let v = v as usize;
        &self.rev[self.rev_off[v]..self.rev_off[v + 1]]
    }

    /// Number of edges leaving `u`.
    pub fn out_degree(&self, u: u32) -> usize {
        let u = u as usize;
        self.fwd_off[u + 1] - self.fwd_off[u]
    }

    /// The largest out-degree (0 for a graph without edges).
    pub fn max_out_degree(&self) -> usize {
        self.fwd_off
            .windows(2)
            .map(|w| w[1] - w[0])
            .max()
            .unwrap_or(0)
    }

    /// All vertices, `0..n`.
    pub fn vertices(&self) -> std::ops::Range<u32> {
        0..self.vertex_count() as u32
    }
}

/// The forward CSR arrays of `edges` on `0..vertices`, after checking the
/// sizes and ids (see [`Digraph::new`]).
fn forward(vertices: usize, edges: &[(u32, u32)]) -> Result<(Vec<usize>, Vec<u32>)> {
    if vertices >= u32::MAX as usize - 1 || edges.len() >= u32::MAX as usize {
        return Err(Error::OutOfRange {
            what: format!("{vertices} vertices and {} edges", edges.len()),
            reason: format!("fewer than {} of each are supported", u32::MAX - 1),
        });
    }
    if let Some(&(a, b)) = edges
        .iter()
        .find(|&&(a, b)| a as usize >= vertices || b as usize >= vertices)
    {
        return Err(Error::OutOfRange {
            what: format!("edge {a} -> {b}"),
            reason: format!("vertices are 0..{vertices}"),
        });
    }
    Ok(csr(vertices, edges.iter().copied()))
}

/// CSR arrays of the pairs `(key, value)` grouped by key, stable.
fn csr(n: usize, pairs: impl Iterator<Item = (u32, u32)> + Clone) -> (Vec<usize>, Vec<u32>) {
    let mut off = vec![0usize; n + 1];
    for (k, _) in pairs.clone() {
        off[k as usize + 1] += 1;
    }
    for i in 0..n {
        off[i + 1] += off[i];
    }
    let mut next = off[..n].to_vec();
    let mut out = vec![0u32; off[n]];
    for (k, v) in pairs {
        let slot = &mut next[k as usize];
        out[*slot] = v;
        *slot += 1;
    }
    (off, out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjacency_both_ways_in_input_order() {
        let g = Digraph::new(4, &[(0, 2), (1, 2), (0, 1), (0, 2), (3, 3)]).unwrap();
        assert_eq!(g.vertex_count(), 4);
        assert_eq!(g.edge_count(), 5);
        assert_eq!(g.options(0), &[2, 1, 2]);
        assert_eq!(g.options(2), &[] as &[u32]);
        assert_eq!(g.predecessors(2), &[0, 0, 1]);
        assert_eq!(g.predecessors(3), &[3]);
        assert_eq!(g.max_out_degree(), 3);
        assert!(Digraph::new(2, &[(0, 2)]).is_err());
        assert_eq!(Digraph::new(0, &[]).unwrap().max_out_degree(), 0);
    }
}
