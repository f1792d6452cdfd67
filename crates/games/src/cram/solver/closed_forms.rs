//! The regions whose value needs no search: paths (Dawson's Kayles) and
//! cycles.

use crate::cram::cells::Grid;
use crate::cram::layout::Bits;

/// The values of Dawson's Kayles (octal 0.07) on heaps of `0..=n`: the
/// nimbers of paths of `n` cells in Cram.
pub fn dawson(n: usize) -> Vec<u8> {
    let mut g = vec![0u8; n + 1];
    for h in 2..=n {
        let mut seen = [false; 64];
        for a in 0..=(h - 2) / 2 {
            let v = g[a] ^ g[h - 2 - a];
            seen[usize::from(v)] = true;
        }
        g[h] = seen.iter().position(|s| !s).unwrap_or(64) as u8;
    }
    g
}

/// The value of a path or cycle of cells (`dawson`: [`dawson`]'s values).
#[inline]
pub(super) fn closed_form<G: Grid>(g: &G, dawson: &[u8], r: G::B) -> Option<u8> {
    if g.branchings(r) != G::B::ZERO {
        return None;
    }
    let n = r.count_ones() as usize;
    let m = g.moves_count(r) as usize; // one move per edge
    if m + 1 == n {
        Some(dawson[n])
    } else if m == n {
        Some(u8::from(dawson[n - 2] == 0))
    } else {
        None
    }
}
