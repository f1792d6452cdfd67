//! The reference engine: `G(n)` as the mex of every option's value, each
//! option enumerated plainly (Winning Ways ch. 4). Quadratic in `n` for
//! octal codes, cubic for hexadecimal codes that split into three heaps.
//! Every fast path is tested against it.
//!
//! Codes with a repeating part (`4.[3]`, Lasker's Nim) are enumerated the
//! same way: [`OctalCode::for_each_move`] lists every removal `k <= n`,
//! the block's digit giving the moves beyond the finite part, so a heap of
//! `n` has `O(n)` single-heap options and `O(n²)` splits (cubic, or
//! quartic with three-way splits, in all); [`crate::octal::engine::repeating`] is checked
//! against it.

use crate::octal::engine::values::Value;
use crate::octal::theory::code::{Leaves, OctalCode};
use grundy_core::impartial::{mex, Nimber};

/// Calls `f` with the value of every option of a heap of `n = g.len()`
/// tokens, given `g[i] = G(i)` for every `i < n` (repeats included): the
/// one place the moves of a code are enumerated plainly.
pub fn for_each_option<T: Value>(code: &OctalCode, g: &[T], mut f: impl FnMut(u32)) {
    code.for_each_move(g.len(), |m| {
        f(match m.leaves {
            Leaves::Nothing => 0,
            Leaves::One(a) => g[a].get(),
            Leaves::Two(a, b) => (g[a] ^ g[b]).get(),
            Leaves::Three(a, b, c) => (g[a] ^ g[b] ^ g[c]).get(),
        })
    });
}

/// The Grundy value of a heap of `n = g.len()` tokens, given
/// `g[i] = G(i)` for every `i < n`: the mex of [`for_each_option`].
pub fn next_value<T: Value>(code: &OctalCode, g: &[T]) -> u32 {
    let mut options = Vec::new();
    for_each_option(code, g, |v| options.push(v));
    mex(options.into_iter().map(Nimber)).value()
}

/// Whether `G(n) = v` for `n = g.len()`, given `g[i] = G(i)` for `i < n`:
/// no option has value `v` and every value below `v` is an option's.
/// `seen` is scratch space (any contents); memory and time are bounded by
/// the number of options, whatever `v` is.
pub fn is_value<T: Value>(code: &OctalCode, g: &[T], v: u32, seen: &mut Vec<bool>) -> bool {
    // The mex of k options is at most k: a larger v is wrong, and checking
    // this first keeps `seen` as small as the work.
    let Ok(want) = usize::try_from(v) else {
        return false;
    };
    if want as f64 > option_count(code, g.len()) {
        return false;
    }
    seen.clear();
    seen.resize(want, false);
    let (mut hit, mut missing) = (false, want);
    for_each_option(code, g, |x| {
        if x == v {
            hit = true;
        } else if let Some(s) = seen.get_mut(x as usize) {
            if !*s {
                *s = true;
                missing -= 1;
            }
        }
    });
    !hit && missing == 0
}

/// The number of options of a heap of `n` tokens (an upper bound, as
/// `f64` so that it cannot overflow).
pub fn option_count(code: &OctalCode, n: usize) -> f64 {
    let mut count = 0.0;
    for k in 0..=code.max_removal().min(n) {
        let d = code.digit(k);
        let m = (n - k) as f64;
        count += f64::from(d & 1) + f64::from((d >> 1) & 1);
        if d & 4 != 0 {
            count += m / 2.0;
        }
        if d & 8 != 0 {
            count += m * m / 12.0 + m;
        }
    }
    count
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

    /// Codes with a repeating part, enumerated move by move: Nim `0.[3]`
    /// has G(n) = n; Lasker's Nim `4.[3]` starts 0, 1, 2, 4, 3, 5, 6, 8, 7
    /// (Winning Ways ch. 4); `0.[1]` (take a whole heap) is 0, 1, 1, …;
    /// `0.[2]` (take any number but not all) is G(n) = n − 1 for n >= 1.
    #[test]
    fn repeating_parts() {
        let g = sequence(&"0.[3]".parse().unwrap(), 50);
        assert!(g.iter().enumerate().all(|(n, &v)| v as usize == n));
        let g = sequence(&"4.[3]".parse().unwrap(), 8);
        assert_eq!(g, [0, 1, 2, 4, 3, 5, 6, 8, 7]);
        let g = sequence(&"0.[1]".parse().unwrap(), 5);
        assert_eq!(g, [0, 1, 1, 1, 1, 1]);
        let g = sequence(&"0.[2]".parse().unwrap(), 5);
        assert_eq!(g, [0, 0, 1, 2, 3, 4]);
        // The bound on options counts every removal: Nim on 10 has 10
        // options, bounded by two per removal.
        assert_eq!(option_count(&"0.[3]".parse().unwrap(), 10), 20.0);
        let lasker: OctalCode = "4.[3]".parse().unwrap();
        let mut seen = Vec::new();
        let g = sequence(&lasker, 40);
        for n in 0..=40 {
            assert!(is_value(&lasker, &g[..n], g[n], &mut seen), "{n}");
        }
    }

    #[test]
    fn is_value_agrees_with_the_mex() {
        let mut seen = Vec::new();
        for code in ["0.77", "0.137", "hex:0.8", "4.07", "0.6"] {
            let c: OctalCode = code.parse().unwrap();
            let g = sequence(&c, 60);
            for n in 0..=60 {
                for v in 0..12 {
                    assert_eq!(
                        is_value(&c, &g[..n], v, &mut seen),
                        g[n] == v,
                        "{code} {n} {v}"
                    );
                }
                assert!(!is_value(&c, &g[..n], u32::MAX, &mut seen));
                assert!(g[n] as f64 <= option_count(&c, n));
            }
        }
    }
}
