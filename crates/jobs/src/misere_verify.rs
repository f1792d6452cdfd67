//! `--verify K,S` of a misère quotient, one game's (`octal quotient`) or a
//! sum's (`sum --misere`: the whole game's, `Q_N`, a mixed one, read from
//! the cache or built): the quotient's outcome against the plain search
//! ([`grundy_games::misere::search`], the naive reference over the rules)
//! for every sum of up to `K` heaps of its games of total at most `S`.
//! Refused past its bound of sums or the memory available, with the
//! figure.
#![warn(clippy::arithmetic_side_effects)]

use crate::misere::MAX_POSITIONS;
use grundy_core::error::{Error, Result};
use grundy_games::misere::cross_check::drawn_heaps;
use grundy_games::misere::universe::{Elements, HeapGame};

/// The most sums `--verify` compares without `--force`.
pub const MAX_CHECKED_SUMS: f64 = 2e6;

/// Refuses a check whose sums or whose options table would not fit: the
/// sums are at most `C(L + K, K)` (multisets of up to `K` of the `L` heaps
/// drawn from), and the plain search keeps every option of every heap
/// (about `n²/2` per way of splitting for a heap of `n`, 32 bytes each),
/// which is refused past the memory available even with `force`.
///
/// # Errors
/// [`Error::TooCostly`] with the figure.
pub fn check_cost(
    elements: &Elements<'_>,
    what: &str,
    k: usize,
    s: usize,
    force: bool,
) -> Result<()> {
    let drawn = drawn_heaps(elements, s);
    let l = drawn.len() as f64;
    let mut sums = 1f64;
    for i in 1..=k {
        sums = sums * (l + i as f64) / i as f64;
    }
    let what = format!("the check of {what} on sums of up to {k} heaps of total {s}");
    if sums > MAX_CHECKED_SUMS && !force {
        return Err(Error::TooCostly {
            what,
            needs: format!("up to {sums:.2e} sums, each searched"),
            limit: format!("the bound of {MAX_CHECKED_SUMS:.0e} sums"),
            flag: "--force",
        });
    }
    let u = elements.universe;
    let bytes: f64 = (0..u.games.len())
        .map(|g| {
            let splits = match &u.games[g] {
                HeapGame::Nim => 1,
                HeapGame::Octal(code) => (0..=code.max_removal())
                    .filter(|&t| code.digit(t) & 4 != 0)
                    .count()
                    .max(1),
            } as f64;
            let top = drawn.iter().filter(|h| h.0 == g).count() as f64;
            top * top / 2.0 * splits * 32.0
        })
        .sum();
    if let Some(avail) = crate::memory::available_memory() {
        if bytes > avail as f64 {
            return Err(Error::TooCostly {
                what,
                needs: format!(
                    "about {:.1} GiB for the options of every heap drawn from",
                    bytes / f64::from(1u32 << 30)
                ),
                limit: format!(
                    "the {:.1} GiB of memory available (lower S)",
                    avail as f64 / f64::from(1u32 << 30)
                ),
                flag: "a smaller S",
            });
        }
    }
    Ok(())
}

/// Compares the quotient's outcome with the plain search's for every sum
/// of up to `k` heaps of total at most `s` drawn from `elements`' games
/// ([`grundy_games::misere::cross_check::cross_check`], keeping at most
/// [`MAX_POSITIONS`] positions); returns how many.
///
/// # Errors
/// As [`grundy_games::misere::cross_check::cross_check`].
pub fn cross_check(elements: &Elements<'_>, what: &str, k: usize, s: usize) -> Result<usize> {
    grundy_games::misere::cross_check::cross_check(elements, what, k, s, MAX_POSITIONS)
}
