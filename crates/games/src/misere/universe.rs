//! Heaps of several games as one set of *labelled* heaps, and a sum's
//! misère outcome and winning moves read from a quotient of them.
//!
//! The misère quotient is defined for any set `A` of games closed under
//! sums and options (Plambeck and Siegel, "Misère quotients for impartial
//! games", *J. Combin. Theory A* 115, 2008, §2; Siegel, *Combinatorial
//! Game Theory*, AMS 2013, ch. V.1): nothing requires its generators to be
//! heaps of one game. Plambeck and Siegel compute the quotients of such
//! mixed sets themselves (the quotient of the closed set of `0.75` and
//! Nim heaps in §7 of the paper; Siegel's *MisereSolver* accepts several
//! games at once). Here the generators are the heaps `(game, n)` for
//! `n ≤ N_game`, numbered by size and then by game, so that every option of
//! a heap is a sum of heaps numbered before it: the learner and the proof
//! of [`super::learn`] run on this table unchanged.

use super::learn::Pos;
use super::periodic::WholeGame;
use super::quotient::Quotient;
use crate::octal::OctalCode;
use grundy_core::{Error, Result};

/// A game whose components are heaps.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeapGame {
    /// Nim: heap `n` moves to any smaller heap.
    Nim,
    /// A take-and-break game given by its code (finite, no repeating part).
    Octal(OctalCode),
}

impl HeapGame {
    /// Calls `f` with what each option of heap `n` leaves (heaps, possibly
    /// empty, possibly of size 0), each option once per way of moving.
    pub fn for_each_option(&self, n: usize, mut f: impl FnMut(&[usize])) {
        match self {
            HeapGame::Nim => (0..n).for_each(|k| f(&[k])),
            HeapGame::Octal(code) => code.for_each_move(n, |m| {
                let (heaps, count) = m.heaps();
                f(&heaps[..count]);
            }),
        }
    }

    /// Heap `n` as the sum syntax writes it (`kayles:9`, `nim:3`).
    pub fn label(&self, n: usize) -> String {
        match self {
            HeapGame::Nim => format!("nim:{n}"),
            HeapGame::Octal(code) => match code.name() {
                Some(name) => format!("{name}:{n}"),
                None => format!("{code}:{n}"),
            },
        }
    }

    /// The game's key in a cache: its code, or `nim`.
    pub fn key(&self) -> String {
        match self {
            HeapGame::Nim => "nim".into(),
            HeapGame::Octal(code) => code.to_string(),
        }
    }
}

/// The heaps `(g, n)`, `n ≤ max_heaps[g]`, of some games, numbered.
#[derive(Clone, Debug)]
pub struct Universe {
    /// The games.
    pub games: Vec<HeapGame>,
    /// `N_g`: the largest heap of each game.
    pub max_heaps: Vec<usize>,
    /// `ids[g][n]`: the number of heap `n` of game `g` (0 for `n = 0`).
    ids: Vec<Vec<u16>>,
    /// `heaps[id]`: the game and size of the heap numbered `id`.
    heaps: Vec<(usize, usize)>,
    /// `options[id]`: every option of the heap numbered `id`, as the sorted
    /// numbers of the heaps it leaves (heaps without a move left out).
    pub options: Vec<Vec<Pos>>,
}

/// The most heaps a universe numbers (a heap's number is a `u16`).
pub const MAX_HEAPS: usize = 65_535;

impl Universe {
    /// Numbers the heaps `1..=max_heaps[g]` of each game `g`: by size, then
    /// by game; with one game, heap `n` is number `n`.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] past [`MAX_HEAPS`] heaps in all, or for a code
    /// with a repeating part (its heaps have unboundedly many options).
    pub fn new(games: Vec<HeapGame>, max_heaps: Vec<usize>) -> Result<Universe> {
        let total = max_heaps
            .iter()
            .try_fold(0usize, |a, &n| a.checked_add(n))
            .filter(|&t| t <= MAX_HEAPS && games.len() == max_heaps.len())
            .ok_or_else(|| Error::OutOfRange {
                what: format!("a misère quotient of heaps up to {max_heaps:?}"),
                reason: format!("at most {MAX_HEAPS} heaps in all"),
            })?;
        for g in &games {
            if let HeapGame::Octal(code) = g {
                code.require_finite("the misère quotient")?;
            }
        }
        let mut ids: Vec<Vec<u16>> = max_heaps.iter().map(|_| vec![0]).collect();
        let mut options: Vec<Vec<Pos>> = Vec::with_capacity(total.saturating_add(1));
        options.push(Vec::new());
        let mut heaps = vec![(0, 0)];
        let largest = max_heaps.iter().copied().max().unwrap_or(0);
        for n in 1..=largest {
            for (g, game) in games.iter().enumerate() {
                if n > max_heaps[g] {
                    continue;
                }
                let mut list: Vec<Pos> = Vec::new();
                game.for_each_option(n, |left| {
                    let mut p: Pos = left
                        .iter()
                        .map(|&h| ids[g][h])
                        .filter(|&id| !options[usize::from(id)].is_empty())
                        .collect();
                    p.sort_unstable();
                    list.push(p);
                });
                list.sort();
                list.dedup();
                // `total ≤ MAX_HEAPS`, so the number fits.
                let id = u16::try_from(options.len()).unwrap_or(u16::MAX);
                ids[g].push(id);
                options.push(list);
                heaps.push((g, n));
            }
        }
        Ok(Universe {
            games,
            max_heaps,
            ids,
            heaps,
            options,
        })
    }

    /// The number of heap `n` of game `g`, if it is in the universe.
    pub fn id(&self, g: usize, n: usize) -> Option<u16> {
        self.ids.get(g).and_then(|v| v.get(n)).copied()
    }

    /// The game and size of the heap numbered `id`.
    pub fn heap(&self, id: u16) -> (usize, usize) {
        self.heaps.get(usize::from(id)).copied().unwrap_or((0, 0))
    }

    /// Heap `id` as the sum syntax writes it.
    pub fn label(&self, id: u16) -> String {
        let (g, n) = self.heap(id);
        self.games[g].label(n)
    }

    /// Whether heap `n` of game `g` has a move (else it is the game `0`).
    pub fn has_move(&self, g: usize, n: usize) -> bool {
        match &self.games[g] {
            HeapGame::Nim => n > 0,
            HeapGame::Octal(code) => code.has_move(n),
        }
    }
}

/// Checks a quotient of `universe` read from outside (a cache file) from
/// the rules alone: the algebra ([`Quotient::algebra_failure`]) and the
/// proof's conditions on every sum of the universe's heaps
/// ([`super::learn`]). The reason it fails, or `None` when it is proved.
///
/// # Errors
/// [`Error::TooCostly`] when the (N) check needs more than `states`
/// states.
pub fn recheck(universe: &Universe, q: &Quotient, states: usize) -> Result<Option<String>> {
    if let Some(why) = q.algebra_failure() {
        return Ok(Some(why));
    }
    if q.max_heap != universe.options.len().saturating_sub(1) {
        return Ok(Some(format!(
            "it is Q_{} of {} heaps",
            q.max_heap,
            universe.options.len().saturating_sub(1)
        )));
    }
    super::expand::prove(q, &universe.options, states)
}

/// How a quotient gives each heap's element: its pretending function on
/// the universe's heaps and, for a one-game universe whose quotient is
/// proved to be the whole game's ([`super::periodic`]), the periodic
/// continuation past `N`.
#[derive(Clone, Copy, Debug)]
pub struct Elements<'a> {
    /// The universe the quotient is of.
    pub universe: &'a Universe,
    /// The quotient.
    pub quotient: &'a Quotient,
    /// The proof that it is the whole game's (one game only).
    pub whole: Option<WholeGame>,
}

impl Elements<'_> {
    /// The element of heap `n` of game `g`; `None` past the universe when
    /// the quotient is not the whole game's.
    pub fn of(&self, g: usize, n: usize) -> Option<u32> {
        match self.universe.id(g, n) {
            Some(id) => self.quotient.pretending.get(usize::from(id)).copied(),
            None => match (self.whole, self.universe.games.len()) {
                (Some(w), 1) => Some(w.pretend(self.quotient, n)),
                _ => None,
            },
        }
    }
}

/// A sum's misère outcome and winning moves, read from a quotient.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decided {
    /// Whether the sum is a misère P-position.
    pub p_position: bool,
    /// Every winning move: the index of the component moved in (the first
    /// of equal components) and the heaps it leaves there (sizes, with
    /// those of size 0 and those without a move left out).
    pub winning: Vec<(usize, Vec<usize>)>,
}

/// Decides the sum of heaps `(game, n)` by the quotient: the outcome is the
/// P-portion's verdict on the product of the heaps' elements, and a move is
/// winning when the product after it is in the P-portion. Time linear in
/// the heaps and their options (prefix and suffix products).
///
/// # Errors
/// [`Error::OutOfRange`] for a heap past the quotient's reach.
pub fn decide(e: &Elements<'_>, heaps: &[(usize, usize)]) -> Result<Decided> {
    let q = e.quotient;
    let element = |&(g, n): &(usize, usize)| {
        e.of(g, n).ok_or_else(|| Error::OutOfRange {
            what: e.universe.games[g].label(n),
            reason: format!(
                "is past the heaps the misère quotient was proved for (N = {})",
                e.universe.max_heaps[g]
            ),
        })
    };
    let elements: Vec<u32> = heaps.iter().map(element).collect::<Result<_>>()?;
    // prefix[i]: the product of elements[..i]; suffix[i]: of elements[i..].
    let mut prefix = Vec::with_capacity(elements.len().saturating_add(1));
    prefix.push(0u32);
    for &x in &elements {
        prefix.push(q.mul(prefix[prefix.len().saturating_sub(1)], x));
    }
    let mut suffix = vec![0u32; elements.len().saturating_add(1)];
    for i in (0..elements.len()).rev() {
        suffix[i] = q.mul(elements[i], suffix[i.saturating_add(1)]);
    }
    let whole = prefix[elements.len()];
    let mut winning = Vec::new();
    for (i, &(g, n)) in heaps.iter().enumerate() {
        if heaps[..i].contains(&(g, n)) {
            continue; // the same moves as an equal heap before it
        }
        let others = q.mul(prefix[i], suffix[i.saturating_add(1)]);
        let mut seen = std::collections::HashSet::new();
        let mut failed = None;
        e.universe.games[g].for_each_option(n, |left| {
            let mut x = others;
            for &l in left {
                match e.of(g, l) {
                    Some(y) => x = q.mul(x, y),
                    None => failed = Some(l),
                }
            }
            if q.p_portion[x as usize] {
                let mut kept: Vec<usize> = left
                    .iter()
                    .copied()
                    .filter(|&l| e.universe.has_move(g, l))
                    .collect();
                kept.sort_unstable();
                if seen.insert(kept.clone()) {
                    winning.push((i, kept));
                }
            }
        });
        if let Some(l) = failed {
            element(&(g, l))?;
        }
    }
    Ok(Decided {
        p_position: q.p_portion[whole as usize],
        winning,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::misere::learn::{quotient_of_options, Course, Limits, Method};
    use crate::misere::options::heap_options;
    use grundy_core::progress::NoProgress;

    /// With one game the numbering is the heap sizes, and the table is
    /// the one-game table.
    #[test]
    fn one_game_numbers_heaps_by_size() {
        let code: OctalCode = "0.07".parse().unwrap();
        let u = Universe::new(vec![HeapGame::Octal(code.clone())], vec![20]).unwrap();
        assert_eq!(u.options, heap_options(&code, 20));
        assert_eq!(u.id(0, 7), Some(7));
    }

    /// Kayles and Nim interleaved: every option is numbered below its heap.
    #[test]
    fn options_come_before_their_heap() {
        let u = Universe::new(
            vec![HeapGame::Octal("0.77".parse().unwrap()), HeapGame::Nim],
            vec![6, 4],
        )
        .unwrap();
        assert_eq!(u.options.len(), 11);
        for (id, opts) in u.options.iter().enumerate() {
            for o in opts {
                assert!(o.iter().all(|&h| usize::from(h) < id), "{id}: {o:?}");
            }
        }
        // nim:2 (number 4 = kayles 1, nim 1, kayles 2, nim 2) moves to
        // nim:1 (number 2) or to nothing.
        assert_eq!(u.id(1, 2), Some(4));
        assert_eq!(u.options[4], vec![vec![], vec![2]]);
    }

    /// Too many heaps are refused, not wrapped.
    #[test]
    fn too_many_heaps_are_refused() {
        assert!(Universe::new(vec![HeapGame::Nim, HeapGame::Nim], vec![40_000, 40_000]).is_err());
    }

    /// The quotient of Nim heaps 1..=3 is misère Nim's: a sum is P exactly
    /// when Bouton's rule says so.
    #[test]
    fn nim_quotient_agrees_with_bouton() {
        let u = Universe::new(vec![HeapGame::Nim], vec![3]).unwrap();
        let p = quotient_of_options(
            &u.options,
            "nim",
            Limits::default(),
            &NoProgress,
            Method::Monoid,
            &|_| false,
            Course::fresh(),
        )
        .unwrap();
        assert!(p.stopped.is_none());
        let e = Elements {
            universe: &u,
            quotient: &p.learned.quotient,
            whole: None,
        };
        for a in 0..=3usize {
            for b in 0..=3usize {
                for c in 0..=3usize {
                    let d = decide(&e, &[(0, a), (0, b), (0, c)]).unwrap();
                    let heaps = [a as u64, b as u64, c as u64];
                    assert_eq!(
                        d.p_position,
                        crate::misere::nim::is_p_position(&heaps),
                        "{heaps:?}"
                    );
                }
            }
        }
        assert!(decide(&e, &[(0, 4)]).is_err());
        assert_eq!(recheck(&u, &p.learned.quotient, 1 << 20).unwrap(), None);
    }

    /// A proved quotient passes the recheck; every single edit of its
    /// P-portion or pretending function, and a broken table, fail it.
    #[test]
    fn the_recheck_refuses_edits() {
        let u = Universe::new(
            vec![HeapGame::Octal("0.77".parse().unwrap()), HeapGame::Nim],
            vec![12, 3],
        )
        .unwrap();
        let q = quotient_of_options(
            &u.options,
            "mixed",
            Limits::default(),
            &NoProgress,
            Method::Monoid,
            &|_| false,
            Course::fresh(),
        )
        .unwrap()
        .learned
        .quotient;
        assert_eq!(recheck(&u, &q, 1 << 20).unwrap(), None);
        for x in 0..q.order() {
            let mut bad = q.clone();
            bad.p_portion[x] = !bad.p_portion[x];
            assert!(recheck(&u, &bad, 1 << 20).unwrap().is_some(), "flag {x}");
        }
        let mut bad = q.clone();
        bad.table[1][2] = 0;
        assert!(recheck(&u, &bad, 1 << 20).unwrap().is_some());
        let mut bad = q.clone();
        bad.pretending.pop();
        assert!(recheck(&u, &bad, 1 << 20).unwrap().is_some());
        let mut bad = q.clone();
        bad.pretending[5] = 0;
        assert!(recheck(&u, &bad, 1 << 20).unwrap().is_some());
    }
}
