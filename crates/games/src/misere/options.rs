//! Heaps' options: as sums of smaller heaps (an octal game's table), and
//! as the elements of a monoid they are sent to (a sum's *option set*
//! `T(G)`, the elements of its options).
//!
//! The proof's conditions (P) and (N) (Plambeck and Siegel, "Misère
//! quotients for impartial games", J. Combin. Theory Ser. A 115 (2008), §6)
//! read a sum's options only through these elements, and the option set of
//! a sum with one heap more follows from the sum's own:
//! `T(G + h) = T(G)·Φ(h) ∪ Φ(G)·T(h)` ([`step_set`]).

use super::words::Pos;
use crate::octal::OctalCode;

/// `options[n]`: every option of heap `n` of `code`, as the sorted heaps
/// it leaves without those that have no move.
pub(super) fn heap_options(code: &OctalCode, max_heap: usize) -> Vec<Vec<Pos>> {
    let mut options: Vec<Vec<Pos>> = Vec::with_capacity(max_heap + 1);
    for n in 0..=max_heap {
        let mut list = Vec::new();
        code.for_each_move(n, |m| {
            let (heaps, count) = m.heaps();
            let mut p: Pos = heaps[..count]
                .iter()
                .filter(|&&h| !options[h].is_empty())
                .map(|&h| h as u16)
                .collect();
            p.sort_unstable();
            list.push(p);
        });
        list.sort();
        list.dedup();
        options.push(list);
    }
    options
}

/// The elements of a heap's `options` under `phi` in a monoid: sorted,
/// deduplicated.
pub(super) fn transitions(
    mul: &dyn Fn(u32, u32) -> u32,
    phi: &[u32],
    options: &[Vec<u16>],
) -> Vec<u32> {
    let mut t: Vec<u32> = options
        .iter()
        .map(|o| o.iter().fold(0, |e, &h| mul(e, phi[usize::from(h)])))
        .collect();
    t.sort_unstable();
    t.dedup();
    t
}

/// `T(G + h)` from `T(G)` and `e = Φ(G)`, `gen = Φ(h)` and `tr = T(h)`:
/// sorted, deduplicated.
pub(super) fn step_set(
    mul: &dyn Fn(u32, u32) -> u32,
    t: &[u32],
    e: u32,
    gen: u32,
    tr: &[u32],
) -> Vec<u32> {
    let mut out: Vec<u32> = t
        .iter()
        .map(|&y| mul(y, gen))
        .chain(tr.iter().map(|&y| mul(e, y)))
        .collect();
    out.sort_unstable();
    out.dedup();
    out
}

/// Whether sorted `a` ⊆ sorted `b`.
pub(super) fn subset(a: &[u32], b: &[u32]) -> bool {
    let mut j = 0;
    for &x in a {
        while j < b.len() && b[j] < x {
            j += 1;
        }
        if j == b.len() || b[j] != x {
            return false;
        }
        j += 1;
    }
    true
}
