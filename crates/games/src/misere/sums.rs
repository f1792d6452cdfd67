//! A sum of octal and Nim heaps decided: by the heap search
//! ([`search_heaps`]), or by the misère quotient of the closed set its
//! heaps generate, built within a deadline ([`build_quotient`]; Plambeck
//! and Siegel, "Misère quotients for impartial games", J. Combin. Theory
//! Ser. A 115 (2008)) and read by [`super::universe::decide`].
//!
//! What the runs around these add (reading and writing the cache of
//! quotients, the budget's clock, racing the two on threads, the wording of
//! the answer) is not here: the engine takes its time from a [`Deadline`]
//! and its caller's [`Progress`], and touches no file.

use super::heap_search::{HeapSearch, Oracle};
use super::learn::{quotient_of_options, Course, Level, Limits, Method};
use super::periodic::{whole_game, WholeGame};
use super::quotient::Quotient;
use super::sum_families::HeapSum;
use super::universe::{HeapGame, Universe};
use grundy_core::clock::Deadline;
use grundy_core::progress::Progress;
use grundy_core::{Error, Result};

/// The largest heap of one game whose `Q_N` is built to look for a proof
/// that it is the whole game's quotient (past it, the options table of a
/// splitting game grows past about 100 MB).
pub const WHOLE_GAME_SEARCH_MAX: usize = 1_000;

/// One winning move of a searched sum, in the labels of its games.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapMove {
    /// The component moved in, 1-based, in the order written (0 when
    /// unknown).
    pub component: usize,
    /// The heap moved in (`kayles:9`).
    pub from: String,
    /// The heaps the move leaves in its place (none: the heap is gone).
    pub leaves: Vec<String>,
}

/// A sum decided by the heap search.
#[derive(Clone, Debug)]
pub struct Searched {
    /// Whether the sum is a misère P-position.
    pub p_position: bool,
    /// Every winning move (none for a P-position).
    pub winning: Vec<HeapMove>,
    /// Positions the search kept.
    pub positions: usize,
}

/// Decides `sum` by [`HeapSearch`] in the universe of its games' heaps,
/// keeping at most `limit` positions and reading the quotients posted on
/// `oracle`; `None` for a sum of more heaps than a universe numbers.
///
/// # Errors
/// As [`HeapSearch::is_p`] ([`Error::TooCostly`] past `limit`,
/// [`Error::Stopped`] when `progress` asks).
pub fn search_heaps(
    sum: HeapSum,
    limit: usize,
    progress: &dyn Progress,
    oracle: Option<&Oracle>,
) -> Result<Option<Searched>> {
    let needed = sum.needed();
    let HeapSum {
        games,
        heaps,
        written,
    } = sum;
    let universe = match Universe::new(games, needed) {
        Ok(u) => u,
        Err(Error::OutOfRange { .. }) => return Ok(None),
        Err(e) => return Err(e),
    };
    let ids: Vec<u16> = heaps
        .iter()
        .filter_map(|&(g, h)| universe.id(g, h))
        .collect();
    let mut search = HeapSearch::new(&universe, limit).with_progress(progress);
    if let Some(o) = oracle {
        search = search.with_oracle(o);
    }
    progress.phase("misère search (positions)", 0);
    let root = search.position(&ids);
    let p_position = search.is_p(&root)?;
    let wins = search.winning_moves(&root)?;
    progress.finish_phase();
    let winning = wins
        .iter()
        .map(|&(i, j)| {
            let h = root[i];
            HeapMove {
                component: ids
                    .iter()
                    .position(|&x| x == h)
                    .and_then(|k| written.get(k).copied())
                    .unwrap_or(0),
                from: universe.label(h),
                leaves: universe.options[usize::from(h)][j]
                    .iter()
                    .map(|&l| universe.label(l))
                    .collect(),
            }
        })
        .collect();
    Ok(Some(Searched {
        p_position,
        winning,
        positions: search.positions(),
    }))
}

/// The proof that a one-game universe's quotient is the whole game's.
pub fn whole_game_of(universe: &Universe, q: &Quotient) -> Option<WholeGame> {
    match universe.games.as_slice() {
        [HeapGame::Octal(code)] => whole_game(code, q),
        _ => None,
    }
}

/// Builds the quotient of `games`' heaps up to `needed` before `deadline`,
/// posting each proved level on `oracle`. One game whose largest heap is
/// past [`WHOLE_GAME_SEARCH_MAX`] is built only that far, stopping as soon
/// as the quotient is proved to be the whole game's. The universe (of the
/// heaps reached) and the quotient; `None` when the deadline or a bound
/// ends the work first (noted on `progress`).
///
/// # Errors
/// [`Error::Stopped`] when `progress` asks; [`Error::CheckFailed`]
/// for a built quotient that is not a commutative monoid (a defect).
pub fn build_quotient(
    games: &[HeapGame],
    needed: &[usize],
    deadline: Option<Deadline>,
    progress: &dyn Progress,
    oracle: Option<&Oracle>,
) -> Result<Option<(Universe, Quotient)>> {
    let one_octal = matches!(games, [HeapGame::Octal(_)]);
    let tops: Vec<usize> = if one_octal {
        needed
            .iter()
            .map(|&n| n.min(WHOLE_GAME_SEARCH_MAX))
            .collect()
    } else {
        needed.to_vec()
    };
    let universe = match Universe::new(games.to_vec(), tops) {
        Ok(u) => u,
        Err(Error::OutOfRange { .. }) => return Ok(None),
        Err(e) => return Err(e),
    };
    let limits = Limits {
        deadline,
        ..Limits::default()
    };
    let code = match games {
        [HeapGame::Octal(code)] => Some(code.clone()),
        _ => None,
    };
    let enough = |q: &Quotient| code.as_ref().is_some_and(|c| whole_game(c, q).is_some());
    let what = format!(
        "misère quotient of {}",
        games
            .iter()
            .zip(&universe.max_heaps)
            .map(|(g, &n)| g.label(n))
            .collect::<Vec<_>>()
            .join(" + ")
    );
    let post = |q: &Quotient, _: &[Level]| {
        if let Some(o) = oracle {
            if let Ok(mut g) = o.lock() {
                *g = Some(std::sync::Arc::new(q.clone()));
            }
        }
    };
    let partial = quotient_of_options(
        &universe.options,
        &what,
        limits,
        progress,
        Method::Monoid,
        &enough,
        Course {
            start: None,
            on_level: &post,
        },
    )?;
    let q = partial.learned.quotient;
    let reached = q.max_heap.saturating_add(1) == universe.options.len();
    if let Some(Error::Stopped) = partial.stopped {
        return Err(Error::Stopped);
    }
    if reached || enough(&q) {
        // A one-game run stopped early by `enough` is of fewer heaps.
        let universe = if reached {
            universe
        } else {
            Universe::new(games.to_vec(), vec![q.max_heap])?
        };
        if let Some(why) = q.algebra_failure() {
            return Err(Error::CheckFailed {
                what: "the misère quotient built".into(),
                reason: why,
            });
        }
        return Ok(Some((universe, q)));
    }
    if let Some(e) = partial.stopped {
        progress.note(&format!("{e}; the search decides instead"));
    }
    Ok(None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::misere::sum_families::heap_games;
    use crate::misere::universe::{decide, Elements};
    use crate::summands::parse_sum;
    use grundy_core::progress::NoProgress;

    /// The heap search and a built quotient agree with the plain search on
    /// the outcome and the number of winning moves of mixed sums (Kayles,
    /// Dawson's Kayles and Nim), and the search labels its moves.
    #[test]
    fn the_search_and_the_built_quotient_agree() {
        // The outcome and the number of winning moves, as the plain
        // search of `grundy sum --misere --search` gives them.
        let sums = [
            ("kayles:5 + kayles:3 + nim:2", false, 1),
            ("kayles:4 + kayles:4", false, 1),
            ("kayles:7 + 0.07:6 + nim:1", true, 0),
            ("0.07:5 + 0.07:3 + kayles:2 + nim:3", true, 0),
            ("nim:1", true, 0),
        ];
        for (text, p, wins) in sums {
            let parts = parse_sum(text).unwrap();
            let searched = search_heaps(heap_games(&parts).unwrap(), 1 << 20, &NoProgress, None)
                .unwrap()
                .unwrap();
            assert_eq!(searched.p_position, p, "{text}");
            assert_eq!(searched.winning.len(), wins, "{text}");
            let hs = heap_games(&parts).unwrap();
            let (universe, quotient) =
                build_quotient(&hs.games, &hs.needed(), None, &NoProgress, None)
                    .unwrap()
                    .unwrap();
            let whole = whole_game_of(&universe, &quotient);
            let elements = Elements {
                universe: &universe,
                quotient: &quotient,
                whole,
            };
            let decided = decide(&elements, &hs.heaps).unwrap();
            assert_eq!(decided.p_position, p, "{text}");
            assert_eq!(decided.winning.len(), searched.winning.len(), "{text}");
        }
        let parts = parse_sum("kayles:2 + kayles:1").unwrap();
        let s = search_heaps(heap_games(&parts).unwrap(), 1 << 20, &NoProgress, None)
            .unwrap()
            .unwrap();
        // The one winning move takes both pins of kayles:2, leaving
        // kayles:1 (a P-position: its taker moves last and loses).
        assert!(!s.p_position);
        let moves: Vec<(usize, String, Vec<String>)> = s
            .winning
            .into_iter()
            .map(|m| (m.component, m.from, m.leaves))
            .collect();
        assert_eq!(moves, vec![(1, "kayles:2".to_string(), Vec::new())]);
    }
}
