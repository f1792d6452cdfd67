//! Plain reference computations, written independently of the fast passes
//! and meant for small graphs in tests:
//!
//! - [`naive_mex_values`]: the Sprague–Grundy values of an acyclic graph by
//!   recursion with a memo, straight from `g(u) = mex g(F(u))`;
//! - [`naive_outcomes`]: win/lose/draw by repeated scanning to a fixpoint,
//!   knowing nothing of γ;
//! - [`naive_gamma`]: γ by the textbook statement of the algorithm
//!   (Fraenkel, "Scenic trails ascending from sea-level Nim to alpine
//!   chess", 1996, §4), each step found by rescanning every vertex.

use super::digraph::Digraph;
use super::value::{Gamma, Outcome};
use grundy_core::impartial::{mex, Nimber};

/// The Sprague–Grundy values of `g` by memoised recursion, or `None` if
/// `g` has a cycle (met as an edge back to a vertex on the recursion
/// stack).
///
/// O(n + m) time, but recursion depth is the longest path: keep graphs
/// small, or run it on a thread with a large stack.
pub fn naive_mex_values(g: &Digraph) -> Option<Vec<u32>> {
    #[derive(Clone, Copy, PartialEq)]
    enum State {
        New,
        OnStack,
        Done(u32),
    }
    fn go(g: &Digraph, u: u32, memo: &mut [State]) -> Option<u32> {
        match memo[u as usize] {
            State::Done(x) => return Some(x),
            State::OnStack => return None,
            State::New => {}
        }
        memo[u as usize] = State::OnStack;
        let mut vals = Vec::with_capacity(g.out_degree(u));
        for &v in g.options(u) {
            vals.push(Nimber(go(g, v, memo)?));
        }
        let x = mex(vals).value();
        memo[u as usize] = State::Done(x);
        Some(x)
    }
    let mut memo = vec![State::New; g.vertex_count()];
    g.vertices().map(|u| go(g, u, &mut memo)).collect()
}

/// The outcome of every vertex under normal play, by repeated scanning:
/// a vertex is won (N) if some option is lost, lost (P) if every option is
/// won (in particular with no options); sweep until nothing changes; what
/// is left is drawn (D).
///
/// O(n·m) time in the worst case.
pub fn naive_outcomes(g: &Digraph) -> Vec<Outcome> {
    let mut out: Vec<Option<Outcome>> = vec![None; g.vertex_count()];
    loop {
        let mut changed = false;
        for u in g.vertices() {
            if out[u as usize].is_some() {
                continue;
            }
            let opts = g.options(u);
            if opts.iter().any(|&v| out[v as usize] == Some(Outcome::P)) {
                out[u as usize] = Some(Outcome::N);
                changed = true;
            } else if opts.iter().all(|&v| out[v as usize] == Some(Outcome::N)) {
                out[u as usize] = Some(Outcome::P);
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    out.into_iter().map(|o| o.unwrap_or(Outcome::D)).collect()
}

/// γ of every vertex by the textbook algorithm: for `i = 0, 1, …`, (1) as
/// long as some unlabelled vertex `u` has no option labelled `i` and every
/// option of `u` that is unlabelled or labelled ∞ has an option labelled
/// `i`, label `u` with `i`; (2) label ∞ every unlabelled vertex with no
/// option labelled `i`; stop when none is unlabelled. Then `K` of an ∞
/// vertex is the set of its options' finite labels.
///
/// O(n²·m) time in the worst case: small graphs only.
pub fn naive_gamma(g: &Digraph) -> Vec<Gamma> {
    #[derive(Clone, Copy, PartialEq)]
    enum L {
        Unlabelled,
        Finite(u32),
        Infinite,
    }
    let mut lab = vec![L::Unlabelled; g.vertex_count()];
    let mut i = 0u32;
    while lab.contains(&L::Unlabelled) {
        let has_option_i = |lab: &[L], u: u32| {
            g.options(u)
                .iter()
                .any(|&v| lab[v as usize] == L::Finite(i))
        };
        loop {
            let mut changed = false;
            for u in g.vertices() {
                if lab[u as usize] != L::Unlabelled || has_option_i(&lab, u) {
                    continue;
                }
                let ok = g.options(u).iter().all(|&v| {
                    !matches!(lab[v as usize], L::Unlabelled | L::Infinite) || has_option_i(&lab, v)
                });
                if ok {
                    lab[u as usize] = L::Finite(i);
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
        for u in g.vertices() {
            if lab[u as usize] == L::Unlabelled && !has_option_i(&lab, u) {
                lab[u as usize] = L::Infinite;
            }
        }
        i += 1;
    }
    g.vertices()
        .map(|u| match lab[u as usize] {
            L::Finite(x) => Gamma::Finite(x),
            _ => {
                let mut k: Vec<u32> = g
                    .options(u)
                    .iter()
                    .filter_map(|&v| match lab[v as usize] {
                        L::Finite(x) => Some(x),
                        _ => None,
                    })
                    .collect();
                k.sort_unstable();
                k.dedup();
                Gamma::Infinite(k)
            }
        })
        .collect()
}
