//! A misère quotient checked against the plain search
//! ([`super::search`], the naive reference over the rules): the outcome the
//! quotient gives every sum of up to `K` heaps of its games of total at
//! most `S` is compared with the one the search finds (Plambeck and
//! Siegel, "Misère quotients for impartial games", J. Combin. Theory Ser.
//! A 115 (2008): a quotient decides a sum by the P-portion of the product
//! of its heaps' elements).
#![warn(clippy::arithmetic_side_effects)]

use super::families::{Heaps, NimHeaps};
use super::search::{Outcome, Search};
use super::universe::{Elements, HeapGame};
use super::{Atom, Family};
use grundy_core::error::{Error, Result};

/// The heaps `(game, n)` a check of `elements` draws from: each game's
/// heaps up to its largest in the universe (any size to `s` where the
/// quotient is the whole game's), at most `s`.
pub fn drawn_heaps(elements: &Elements<'_>, s: usize) -> Vec<(usize, usize)> {
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

/// Compares the quotient's outcome with the plain search's for every sum
/// of up to `k` heaps of total at most `s` drawn from `elements`' games
/// (heaps past a game's largest only where the quotient is the whole
/// game's: then they take the periodic pretending function, and that
/// claim is checked too), the search keeping at most `max_positions`
/// positions; returns how many.
///
/// # Errors
/// [`Error::CheckFailed`] naming the first sum the quotient gets
/// wrong (a defect); [`Error::TooCostly`] from the search's bound.
pub fn cross_check(
    elements: &Elements<'_>,
    what: &str,
    k: usize,
    s: usize,
    max_positions: usize,
) -> Result<usize> {
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
    let mut search = Search::new(&families, max_positions);
    let drawn = drawn_heaps(elements, s);
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
