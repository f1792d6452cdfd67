//! An independent check of a [`Solution`] against the definition of the
//! generalised Sprague–Grundy function.
//!
//! Definition (Smith 1966; as stated by Fraenkel, "Scenic trails ascending
//! from sea-level Nim to alpine chess", 1996, §4, and Fraenkel and Yesha,
//! J. Combin. Theory A 43 (1986) 165–177). Write `F(u)` for the options of
//! `u` and `V_f` for the vertices of finite value. γ is the generalised
//! Sprague–Grundy function with counter function `c: V_f → ℕ` if
//!
//! - (A) if γ(u) < ∞ then γ(u) = mex γ(F(u));
//! - (B) if γ(u) < ∞ and `v ∈ F(u)` has γ(v) > γ(u) (∞ included), then some
//!   `w ∈ F(v)` has γ(w) = γ(u) and c(w) < c(u);
//! - (C) if γ(u) = ∞ then some `v ∈ F(u)` has γ(v) = ∞ and no `w ∈ F(v)`
//!   has γ(w) = mex γ(F(u)) (the mex of the finite values);
//!
//! and the value of an infinite vertex is written `∞(K)` with `K` the set
//! of finite values of its options. Such a γ exists and is unique.
//!
//! The counter function in (B) is what makes γ unique: without it, on the
//! 2-cycle `a ⇄ b` the labelling γ(a) = 0, γ(b) = 1 would satisfy (A), (B)
//! and (C), each vertex "justifying" the other, while the true value is
//! `∞()` for both (a draw). The solvers record `c` (the labelling order), so
//! [`verify`] checks a certificate in time linear in the input plus the
//! work of (B), `Σ |F(v)|` over edges `u → v` going up in value.

use super::digraph::Digraph;
use super::solution::Solution;

/// A vertex at which a claimed γ breaks the definition.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("vertex {vertex}: condition ({rule}) fails: {detail}")]
pub struct Violation {
    /// The vertex id (`u32::MAX` for a mismatch of sizes).
    pub vertex: u32,
    /// `"A"`, `"B"`, `"C"`, `"K"` (the set `K` of an infinite value is not
    /// the set of its options' finite values) or `"c"` (a finite value
    /// without a counter, or a size mismatch).
    pub rule: &'static str,
    /// What is wrong, in words.
    pub detail: String,
}

/// Checks `s` against conditions (A), (B) with the counter function, (C)
/// and the sets `K` on `g`.
///
/// O(n + m + Σ |F(v)| over the edges `u → v` with γ(v) > γ(u)) time.
///
/// # Errors
/// The first [`Violation`] found, scanning vertices in id order.
pub fn verify(g: &Digraph, s: &Solution) -> Result<(), Violation> {
    let n = g.vertex_count();
    if s.len() != n {
        return Err(Violation {
            vertex: u32::MAX,
            rule: "c",
            detail: format!("{} values for {n} vertices", s.len()),
        });
    }
    let fail = |vertex: u32, rule: &'static str, detail: String| {
        Err(Violation {
            vertex,
            rule,
            detail,
        })
    };
    let mut seen = vec![u32::MAX; g.max_out_degree() + 1];
    let mut finite_opts: Vec<u32> = Vec::new();
    for u in g.vertices() {
        let opts = g.options(u);
        finite_opts.clear();
        finite_opts.extend(opts.iter().filter_map(|&w| s.finite(w)));
        for &x in &finite_opts {
            if (x as usize) < seen.len() {
                seen[x as usize] = u;
            }
        }
        let mex = (0..seen.len())
            .find(|&x| seen[x] != u)
            .unwrap_or(seen.len()) as u32;
        match s.finite(u) {
            Some(x) => {
                if x != mex {
                    return fail(
                        u,
                        "A",
                        format!("γ = {x} but the mex of its options is {mex}"),
                    );
                }
                let Some(cu) = s.counter(u) else {
                    return fail(u, "c", format!("γ = {x} but no counter value"));
                };
                for &v in opts {
                    if s.finite(v).is_some_and(|y| y < x) {
                        continue;
                    }
                    let ok = g
                        .options(v)
                        .iter()
                        .any(|&w| s.finite(w) == Some(x) && s.counter(w).is_some_and(|cw| cw < cu));
                    if !ok {
                        return fail(
                            u,
                            "B",
                            format!(
                                "γ = {x}, option {v} has γ = {} but no option of value {x} \
                                 with a smaller counter",
                                s.gamma(v)
                            ),
                        );
                    }
                }
            }
            None => {
                finite_opts.sort_unstable();
                finite_opts.dedup();
                let k = s.k_set(u).unwrap_or(&[]);
                if k != finite_opts.as_slice() {
                    return fail(
                        u,
                        "K",
                        format!("K = {k:?} but its options' finite values are {finite_opts:?}"),
                    );
                }
                let ok = opts.iter().any(|&v| {
                    s.finite(v).is_none() && !g.options(v).iter().any(|&w| s.finite(w) == Some(mex))
                });
                if !ok {
                    return fail(
                        u,
                        "C",
                        format!(
                            "γ = ∞ but every option of value ∞ has an option of value {mex} \
                             (the mex of its options)"
                        ),
                    );
                }
            }
        }
    }
    Ok(())
}
