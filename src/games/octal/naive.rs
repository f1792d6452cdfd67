//! The reference engine: `G(n)` as the mex of every option's value, each
//! option enumerated plainly (Winning Ways ch. 4). Quadratic in `n` for
//! octal codes, cubic for hexadecimal codes that split into three heaps.
//! Every fast path is tested against it.

use super::code::OctalCode;
use crate::impartial::{mex, Nimber};

/// The Grundy value of a heap of `n = g.len()` tokens, given
/// `g[i] = G(i)` for every `i < n`.
pub fn next_value(code: &OctalCode, g: &[u32]) -> u32 {
    let n = g.len();
    let mut options = Vec::new();
    for k in 0..=code.max_removal().min(n) {
        let d = code.digit(k);
        let m = n - k;
        if k > 0 && d & 1 != 0 && m == 0 {
            options.push(0);
        }
        if k > 0 && d & 2 != 0 && m >= 1 {
            options.push(g[m]);
        }
        if d & 4 != 0 && m >= 2 {
            for a in 1..=m / 2 {
                options.push(g[a] ^ g[m - a]);
            }
        }
        if d & 8 != 0 && m >= 3 {
            for a in 1..=m / 3 {
                for b in a..=(m - a) / 2 {
                    options.push(g[a] ^ g[b] ^ g[m - a - b]);
                }
            }
        }
    }
    mex(options.into_iter().map(Nimber)).value()
}

/// `G(0..=max_n)` by [`next_value`].
pub fn sequence(code: &OctalCode, max_n: usize) -> Vec<u32> {
    let mut g = Vec::with_capacity(max_n + 1);
    for _ in 0..=max_n {
        let v = next_value(code, &g);
        g.push(v);
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kayles_start() {
        // OEIS A002186.
        let g = sequence(&"0.77".parse().unwrap(), 12);
        assert_eq!(g, [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
    }
}
