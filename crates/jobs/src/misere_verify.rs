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
use grundy_games::misere::families::{Heaps, NimHeaps};
use grundy_games::misere::search::{Outcome, Search};
use grundy_games::misere::universe::{Elements, HeapGame};
use grundy_games::misere::{Atom, Family};

/// The most sums `--verify` compares without `--force`.
pub const MAX_CHECKED_SUMS: f64 = 2e6;

/// The heaps `(game, n)` a check of `elements` draws from: each game's
/// heaps up to its largest in the universe (any size to `s` where the
/// quotient is the whole game's), at most `s`.
fn heaps(elements: &Elements<'_>, s: usize) -> Vec<(usize, usize)> {
    let u = elements.universe;
    (0..u.games.len())
        .flat_map(|g| {
            let top = if elements.whole.is_some() && u.games.len() == 1 {
                s
            } else {
                u.max_heaps[g].min(s)
            };
            (1..=top).map(move |n| (g, n))
        })
        .collect()
}

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
    let drawn = heaps(elements, s);
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
/// (heaps past a game's largest only where the quotient is the whole
/// game's: then they take the periodic pretending function, and that
/// claim is checked too); returns how many.
///
/// # Errors
/// [`Error::CheckFailed`] naming the first sum the quotient gets
/// wrong (a defect); [`Error::TooCostly`] from the search's bound.
pub fn cross_check(elements: &Elements<'_>, what: &str, k: usize, s: usize) -> Result<usize> {
    let u = elements.universe;
    let q = elements.quotient;
    let octal: Vec<Option<Heaps>> = u
        .games
        .iter()
        .map(|g| match g {
            HeapGame::Nim => None,
            HeapGame::Octal(code) => Some(Heaps { code: code.clone() }),
        })
        .collect();
    let families: Vec<&dyn Family> = octal
        .iter()
        .map(|h| match h {
            Some(h) => h as &dyn Family,
            None => &NimHeaps as &dyn Family,
        })
        .collect();
    let mut search = Search::new(&families, MAX_POSITIONS);
    let drawn = heaps(elements, s);
    let mut count = 0usize;
    // A sum: indices into `drawn`, non-decreasing; and its tokens.
    let mut stack: Vec<(Vec<usize>, usize)> = vec![(Vec::new(), 0)];
    while let Some((sum, total)) = stack.pop() {
        let heaps: Vec<(usize, usize)> = sum.iter().map(|&i| drawn[i]).collect();
        let mut e = 0u32;
        for &(g, n) in &heaps {
            let x = elements.of(g, n).ok_or_else(|| Error::CheckFailed {
                what: "quotient cross-check".into(),
                reason: format!("heap {n} of {} is past the quotient", u.games[g].key()),
            })?;
            e = q.mul(e, x);
        }
        let predicted = q.p_portion[e as usize];
        let atoms = heaps
            .iter()
            .map(|&(g, n)| Atom {
                family: g as u16,
                id: n as u64,
            })
            .collect();
        let root = search.position(atoms)?;
        let actual = search.outcome(&root)? == Outcome::P;
        if predicted != actual {
            let text: Vec<String> = heaps.iter().map(|&(g, n)| u.games[g].label(n)).collect();
            return Err(Error::CheckFailed {
                what: what.to_string(),
                reason: format!(
                    "the quotient says {} is a {}-position, the search says otherwise",
                    if text.is_empty() {
                        "0".to_string()
                    } else {
                        text.join(" + ")
                    },
                    if predicted { "P" } else { "N" }
                ),
            });
        }
        count = count.saturating_add(1);
        if sum.len() < k {
            let from = sum.last().copied().unwrap_or(0);
            for (i, &(_, n)) in drawn.iter().enumerate().skip(from) {
                if let Some(t) = total.checked_add(n).filter(|&t| t <= s) {
                    let mut next = sum.clone();
                    next.push(i);
                    stack.push((next, t));
                }
            }
        }
    }
    Ok(count)
}
