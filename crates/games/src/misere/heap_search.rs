//! The misère outcome of a sum of heaps (octal games and Nim) by a
//! memoized search built for speed: the fast path beside
//! [`super::search::Search`], which it must agree with on every sum.
//!
//! A position is the sorted list of the numbers of its heaps in a
//! [`Universe`] (heaps without a move left out). Its options are made one
//! at a time from the universe's option table into a reused buffer and
//! looked up without allocating; the search stops at the first option
//! that is a P-position (the position is then an N-position), and only a
//! position not yet known is pushed onto an explicit stack (no recursion).
//! A heap's options are sums of smaller heaps, so the search cannot meet
//! a cycle. A position is a misère P-position exactly when it has an
//! option and every option is an N-position (Winning Ways, 2nd ed.,
//! ch. 13).
//!
//! The options most likely to be P-positions are tried first: those whose
//! normal-play nim-sum is 0, or 1 where every heap left is worth at most
//! `*1` (misère Nim's rule, Bouton 1902). Misère and normal play agree on
//! most positions of most games (a tame game's misère outcome differs from
//! normal play's only where every component has nimber at most 1: Conway,
//! *On Numbers and Games*, ch. 12), so an N-position is usually settled by
//! the first option searched, and only the proof tree is explored, not the
//! game tree. The order changes what is searched, never a value.

use super::learn::Pos;
use super::quotient::Quotient;
use super::universe::Universe;
use grundy_core::progress::Progress;
use grundy_core::{Error, Result};
use rustc_hash::FxHashMap;
use std::sync::{Arc, Mutex};

/// Where a proved quotient `Q_k` of the universe's first heaps is posted
/// while the search runs (its `max_heap` is `k`, a heap number): the
/// quotient of the closed set those heaps generate (numbered by size, so
/// closed under options) decides every position of them at once
/// (Plambeck and Siegel, JCTA 115, 2008, §2), so the search need not descend
/// into one.
pub type Oracle = Mutex<Option<Arc<Quotient>>>;

/// A search over the sums of a universe's heaps.
pub struct HeapSearch<'a> {
    universe: &'a Universe,
    /// `canon[id]`: the first heap (by number) with the same game tree as
    /// heap `id` ([`identical_heaps`]); positions are searched in these.
    canon: Vec<u16>,
    /// `options[id]`: the options of a first heap in the numbers of first
    /// heaps, each once (empty for the others).
    options: Vec<Vec<Pos>>,
    /// The normal-play nimber of each heap (by mex over the universe's
    /// option table).
    nimber: Vec<u32>,
    /// `leaves[h][j]`: the nim-sum of the nimbers of option `j` of heap `h`.
    leaves: Vec<Vec<u32>>,
    memo: Memo,
    max_positions: usize,
    progress: Option<&'a dyn Progress>,
    /// Where the latest quotient is posted, read every 65,536 positions.
    oracle: Option<&'a Oracle>,
    /// The latest quotient read.
    known: Option<Arc<Quotient>>,
}

/// The positions decided: those whose heap numbers fit in 128 bits at
/// `bits` bits a heap (the bits of the largest heap number: sixteen heaps
/// of a universe of fewer than 256 heaps; no heap is numbered 0, so the
/// length is implied) packed into two `u64`s and kept inline in the table
/// (24 bytes a slot, no second memory access), the others as boxed slices.
#[derive(Default)]
struct Memo {
    bits: u32,
    small: FxHashMap<[u64; 2], bool>,
    large: FxHashMap<Box<[u16]>, bool>,
}

impl Memo {
    /// An empty table for heap numbers up to `top`.
    fn new(top: u16) -> Memo {
        Memo {
            bits: (u16::BITS - top.leading_zeros()).max(1),
            ..Memo::default()
        }
    }

    /// `pos` packed into two `u64`s, if it fits.
    #[inline]
    fn pack(&self, pos: &[u16]) -> Option<[u64; 2]> {
        (pos.len().saturating_mul(self.bits as usize) <= 128).then(|| {
            let k = pos
                .iter()
                .fold(0u128, |k, &h| (k << self.bits) | u128::from(h));
            [(k >> 64) as u64, k as u64]
        })
    }

    #[inline]
    fn get(&self, pos: &[u16]) -> Option<bool> {
        match self.pack(pos) {
            Some(k) => self.small.get(&k).copied(),
            None => self.large.get(pos).copied(),
        }
    }

    /// Keeps `pos`'s value (a large position copied into a box).
    fn insert(&mut self, pos: &[u16], v: bool) {
        match self.pack(pos) {
            Some(k) => self.small.insert(k, v),
            None => self.large.insert(pos.into(), v),
        };
    }

    fn len(&self) -> usize {
        self.small.len().saturating_add(self.large.len())
    }
}

/// A position being decided: its heaps are `arena[start..start + len]`
/// (the stack's positions one after another in one buffer, so that
/// pushing a position allocates nothing); the next option to try is
/// option `j` of its heap at index `i`, among the likely P-positions on
/// the first pass (`second` false) and the others on the second; `x` is
/// its nim-sum.
/// What [`HeapSearch::scan`] found among a frame's options.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Scan {
    /// An option is a P-position: the frame's position is N.
    PFound,
    /// Every option is an N-position (or there is none).
    AllN,
    /// An option's value is not known yet: it is searched first.
    Unknown,
}

struct Frame {
    start: usize,
    len: usize,
    i: usize,
    j: usize,
    second: bool,
    x: u32,
}

/// `pos` with its heap at index `i` replaced by `leaves` (sorted), into
/// `out`: a merge of two sorted lists.
fn replace_into(pos: &[u16], i: usize, leaves: &[u16], out: &mut Vec<u16>) {
    out.clear();
    let mut l = leaves.iter().copied().peekable();
    for (k, &h) in pos.iter().enumerate() {
        if k == i {
            continue;
        }
        while let Some(&x) = l.peek() {
            if x < h {
                out.push(x);
                l.next();
            } else {
                break;
            }
        }
        out.push(h);
    }
    out.extend(l);
}

/// Reads into `known` the latest quotient posted to `oracle`, if newer.
fn refresh(oracle: Option<&Oracle>, known: &mut Option<Arc<Quotient>>) {
    if let Some(o) = oracle {
        if let Ok(g) = o.lock() {
            if let Some(q) = g.as_ref() {
                if known.as_ref().is_none_or(|k| k.max_heap < q.max_heap) {
                    *known = Some(Arc::clone(q));
                }
            }
        }
    }
}

/// Heaps with the same game tree, found bottom-up: heap `id` is the same
/// game as an earlier heap exactly when their options, written in the
/// numbers of first heaps, are the same set (a game is its set of options;
/// the sum of equal games is equal). Returns `canon` (each heap's first
/// equal heap, `canon[id] ≤ id`) and the options of every first heap in
/// those numbers. Equal heaps of different games (Dawson's Kayles `n + 1` and
/// Dawson's Chess `n`, the first heaps of most games and Nim's) then
/// share their positions in the search; any quotient maps them to one
/// element, so reading a position from [`Oracle`]'s quotient is unchanged.
fn identical_heaps(universe: &Universe) -> (Vec<u16>, Vec<Vec<Pos>>) {
    let n = universe.options.len();
    let mut canon: Vec<u16> = Vec::with_capacity(n);
    let mut options: Vec<Vec<Pos>> = Vec::with_capacity(n);
    let mut first: FxHashMap<Vec<Pos>, u16> = FxHashMap::default();
    for (id, opts) in universe.options.iter().enumerate() {
        let mut list: Vec<Pos> = opts
            .iter()
            .map(|o| {
                let mut p: Pos = o.iter().map(|&h| canon[usize::from(h)]).collect();
                p.sort_unstable();
                p
            })
            .collect();
        list.sort();
        list.dedup();
        // Heap numbers are `u16`s (the universe numbers at most `MAX_HEAPS`).
        let me = u16::try_from(id).unwrap_or(u16::MAX);
        match first.get(&list) {
            Some(&c) => {
                canon.push(c);
                options.push(Vec::new());
            }
            _ => {
                first.insert(list.clone(), me);
                canon.push(me);
                options.push(list);
            }
        }
    }
    (canon, options)
}

/// The normal-play nimber of every heap of `universe` (the mex of its
/// options' nim-sums, options being sums of smaller heaps: Sprague–Grundy)
/// and the nim-sum of each option.
fn nimbers(options: &[Vec<Pos>]) -> (Vec<u32>, Vec<Vec<u32>>) {
    let mut nimber: Vec<u32> = Vec::with_capacity(options.len());
    let mut leaves: Vec<Vec<u32>> = Vec::with_capacity(options.len());
    let mut seen: Vec<bool> = Vec::new();
    for opts in options {
        let xs: Vec<u32> = opts
            .iter()
            .map(|o| o.iter().fold(0, |x, &h| x ^ nimber[usize::from(h)]))
            .collect();
        seen.clear();
        seen.resize(xs.len() + 1, false);
        for &x in &xs {
            if let Some(s) = seen.get_mut(x as usize) {
                *s = true;
            }
        }
        nimber.push(seen.iter().position(|&s| !s).unwrap_or(xs.len()) as u32);
        leaves.push(xs);
    }
    (nimber, leaves)
}

impl<'a> HeapSearch<'a> {
    /// Whether the option `child` (nim-sum `x`) is likely a P-position: a
    /// normal-play P-position, or misère Nim's P-positions among those
    /// whose heaps are all worth at most `*1`.
    #[inline]
    fn likely_p(&self, x: u32, child: &[u16]) -> bool {
        match x {
            0 => child.iter().any(|&h| self.nimber[usize::from(h)] > 1),
            1 => child.iter().all(|&h| self.nimber[usize::from(h)] <= 1),
            _ => false,
        }
    }

    /// The nim-sum of `pos`.
    #[inline]
    fn nim_sum(&self, pos: &[u16]) -> u32 {
        pos.iter().fold(0, |x, &h| x ^ self.nimber[usize::from(h)])
    }

    /// A search over sums of `universe`'s heaps keeping at most
    /// `max_positions` positions.
    pub fn new(universe: &'a Universe, max_positions: usize) -> Self {
        let (canon, options) = identical_heaps(universe);
        let memo = Memo::new(canon.iter().copied().max().unwrap_or(0));
        let (nimber, leaves) = nimbers(&options);
        HeapSearch {
            universe,
            canon,
            options,
            nimber,
            leaves,
            memo,
            max_positions,
            progress: None,
            oracle: None,
            known: None,
        }
    }

    /// Decides the positions of the first heaps by the latest quotient
    /// posted to `oracle` ([`Oracle`]).
    pub fn with_oracle(mut self, oracle: &'a Oracle) -> Self {
        self.oracle = Some(oracle);
        refresh(self.oracle, &mut self.known);
        self
    }

    /// The value of `pos` if known: kept, or read from the quotient when
    /// all its heaps are among those it is of.
    #[inline]
    fn value(&self, pos: &[u16]) -> Option<bool> {
        if let Some(v) = self.memo.get(pos) {
            return Some(v);
        }
        let q = self.known.as_deref()?;
        let &top = pos.last()?;
        if usize::from(top) > q.max_heap {
            return None;
        }
        let e = pos
            .iter()
            .fold(0u32, |e, &h| q.mul(e, q.pretending[usize::from(h)]));
        Some(q.p_portion[e as usize])
    }

    /// Reports the positions kept to `progress` (every 65,536) and stops
    /// with [`Error::Stopped`] when it asks.
    pub fn with_progress(mut self, progress: &'a dyn Progress) -> Self {
        self.progress = Some(progress);
        self
    }

    /// The positions kept.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }

    /// The sorted position of the heaps numbered `ids`, those without a
    /// move left out.
    pub fn position(&self, ids: &[u16]) -> Vec<u16> {
        let mut v: Vec<u16> = ids
            .iter()
            .copied()
            .filter(|&h| {
                self.universe
                    .options
                    .get(usize::from(h))
                    .is_some_and(|o| !o.is_empty())
            })
            .collect();
        v.sort_unstable();
        v
    }

    /// Whether `pos` (sorted, every heap with a move) is a misère
    /// P-position.
    ///
    /// # Errors
    /// [`Error::TooCostly`] once more than the bound of positions would be
    /// kept; [`Error::Stopped`] when the progress asks.
    pub fn is_p(&mut self, pos: &[u16]) -> Result<bool> {
        let mut pos: Vec<u16> = pos.iter().map(|&h| self.canon[usize::from(h)]).collect();
        pos.sort_unstable();
        let pos = pos.as_slice();
        if let Some(v) = self.value(pos) {
            return Ok(v);
        }
        let mut arena: Vec<u16> = pos.to_vec();
        let mut stack = vec![Frame {
            start: 0,
            len: pos.len(),
            i: 0,
            j: 0,
            second: false,
            x: self.nim_sum(pos),
        }];
        let mut child: Vec<u16> = Vec::new();
        while let Some(top) = stack.last_mut() {
            let here = &arena[top.start..top.start + top.len];
            let scan = self.scan(top, here, &mut child);
            if scan == Scan::Unknown {
                let f = Frame {
                    start: arena.len(),
                    len: child.len(),
                    i: 0,
                    j: 0,
                    second: false,
                    x: self.nim_sum(&child),
                };
                arena.extend_from_slice(&child);
                stack.push(f);
                continue;
            }
            // Every option was an N-position (P, unless there was none) or
            // one was a P-position (N).
            let v = scan == Scan::AllN && top.len > 0;
            let Some(done) = stack.pop() else { break };
            self.keep(&arena[done.start..done.start + done.len], v)?;
            arena.truncate(done.start);
        }
        self.value(pos).ok_or_else(|| Error::CheckFailed {
            what: "misère search".into(),
            reason: "the root was not settled".into(),
        })
    }

    /// Tries the options of `here` from where `top` stands (the likely
    /// P-positions first, then the rest) until one is a P-position
    /// ([`Scan::PFound`]) or unknown ([`Scan::Unknown`], left in `child`).
    #[inline]
    fn scan(&self, top: &mut Frame, here: &[u16], child: &mut Vec<u16>) -> Scan {
        loop {
            if top.i >= here.len() {
                if top.second {
                    return Scan::AllN;
                }
                (top.second, top.i, top.j) = (true, 0, 0);
                continue;
            }
            let h = here[top.i];
            if top.i > 0 && here[top.i - 1] == h {
                top.i += 1; // equal heaps have the same moves
                continue;
            }
            let list = &self.options[usize::from(h)];
            if top.j >= list.len() {
                top.i += 1;
                top.j = 0;
                continue;
            }
            let x = top.x ^ self.nimber[usize::from(h)] ^ self.leaves[usize::from(h)][top.j];
            if x <= 1 {
                replace_into(here, top.i, &list[top.j], child);
                if self.likely_p(x, child) == top.second {
                    top.j += 1;
                    continue;
                }
            } else if !top.second {
                top.j += 1;
                continue;
            } else {
                replace_into(here, top.i, &list[top.j], child);
            }
            match self.value(child) {
                Some(true) => return Scan::PFound,
                Some(false) => top.j += 1,
                None if child.is_empty() => {
                    // The empty sum: the player to move has won (N).
                    top.j += 1;
                }
                None => return Scan::Unknown,
            }
        }
    }

    /// Keeps the value `v` of the settled position `pos`, past the bound of
    /// positions refusing; every 65,536 positions, reads the oracle again
    /// and tells the progress (which may ask to stop).
    #[inline]
    fn keep(&mut self, pos: &[u16], v: bool) -> Result<()> {
        if self.memo.len() >= self.max_positions {
            return Err(Error::TooCostly {
                what: "the misère search".into(),
                needs: format!(
                    "more positions than the {} it stored without deciding it",
                    self.memo.len()
                ),
                limit: format!("the bound of {} positions", self.max_positions),
                flag: "--max-positions N or --force",
            });
        }
        self.memo.insert(pos, v);
        if self.memo.len() & 0xFFFF == 0 {
            refresh(self.oracle, &mut self.known);
            if let Some(p) = self.progress {
                p.advance(0x10000);
                if p.stop_requested() {
                    return Err(Error::Stopped);
                }
            }
        }
        Ok(())
    }

    /// Every winning move from `pos` (sorted): the index of the heap moved
    /// in (the first of equal heaps) and the index of its option in the
    /// universe's table; none when `pos` is a P-position.
    ///
    /// # Errors
    /// As [`is_p`](Self::is_p).
    pub fn winning_moves(&mut self, pos: &[u16]) -> Result<Vec<(usize, usize)>> {
        let mut wins = Vec::new();
        let mut child = Vec::new();
        for (i, &h) in pos.iter().enumerate() {
            if i > 0 && pos[i - 1] == h {
                continue;
            }
            for (j, leaves) in self.universe.options[usize::from(h)].iter().enumerate() {
                replace_into(pos, i, leaves, &mut child);
                let c = child.clone();
                if !c.is_empty() && self.is_p(&c)? {
                    wins.push((i, j));
                }
            }
        }
        Ok(wins)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::misere::families::{Heaps, NimHeaps};
    use crate::misere::position::Position;
    use crate::misere::search::{Outcome, Search};
    use crate::misere::universe::HeapGame;
    use crate::misere::{Atom, Family};

    #[test]
    fn replace_merges() {
        let mut out = Vec::new();
        replace_into(&[2, 5, 9], 1, &[1, 6], &mut out);
        assert_eq!(out, vec![1, 2, 6, 9]);
        replace_into(&[2, 5, 9], 2, &[], &mut out);
        assert_eq!(out, vec![2, 5]);
        replace_into(&[3], 0, &[10, 11], &mut out);
        assert_eq!(out, vec![10, 11]);
    }

    #[test]
    fn identical_heaps_share_a_number() {
        // Dawson's Kayles `n + 1` is Dawson's Chess `n` (Winning Ways,
        // 2nd ed., ch. 4: 0.07 and 0.137 differ by one token); Kayles 1 and 2 are
        // Nim's `*1` and `*2`; Kayles 3 (options *2, *1, 0 and *1 + *1...)
        // is not `*3`.
        let games = vec![
            HeapGame::Octal("0.07".parse().unwrap()),
            HeapGame::Octal("0.137".parse().unwrap()),
            HeapGame::Octal("0.77".parse().unwrap()),
            HeapGame::Nim,
        ];
        let u = Universe::new(games, vec![20, 21, 6, 6]).unwrap();
        let (canon, options) = identical_heaps(&u);
        let c = |g: usize, n: usize| canon[usize::from(u.id(g, n).unwrap())];
        for n in 1..=19 {
            assert_eq!(c(0, n + 1), c(1, n), "0.07:{} and 0.137:{n}", n + 1);
        }
        assert_eq!(c(2, 1), c(3, 1));
        assert_eq!(c(2, 2), c(3, 2));
        assert_ne!(c(2, 3), c(3, 3));
        // Distinct heaps of one game stay distinct, and only first heaps
        // keep options.
        assert_ne!(c(2, 4), c(2, 5));
        for (id, &k) in canon.iter().enumerate() {
            assert!(usize::from(k) <= id);
            assert_eq!(
                options[id].is_empty(),
                usize::from(k) != id || id == 0 || u.options[id].is_empty()
            );
        }
    }

    /// The universe of Kayles, Dawson's Kayles, Officers and Nim heaps up
    /// to `tops`, and the three octal games' families for the plain search.
    fn mixed(tops: [usize; 4]) -> (Universe, Vec<Heaps>) {
        let codes = ["0.77", "0.07", "0.6"];
        let mut games: Vec<HeapGame> = codes
            .iter()
            .map(|c| HeapGame::Octal(c.parse().unwrap()))
            .collect();
        games.push(HeapGame::Nim);
        let u = Universe::new(games, tops.to_vec()).unwrap();
        let heaps = codes
            .iter()
            .map(|c| Heaps {
                code: c.parse().unwrap(),
            })
            .collect();
        (u, heaps)
    }

    /// Multisets of three of `all` (the third taken every `step`).
    fn triples(all: &[(usize, usize)], step: usize) -> Vec<[(usize, usize); 3]> {
        let mut out = Vec::new();
        for (a, &x) in all.iter().enumerate() {
            for (b, &y) in all.iter().enumerate().skip(a) {
                for &z in all.iter().skip(b).step_by(step) {
                    out.push([x, y, z]);
                }
            }
        }
        out
    }

    /// The plain search's position of `sum` and whether it is a P-position.
    fn plain_outcome(plain: &mut Search<'_>, sum: &[(usize, usize)]) -> (Position, bool) {
        let atoms: Vec<Atom> = sum
            .iter()
            .map(|&(g, n)| Atom {
                family: g as u16,
                id: n as u64,
            })
            .collect();
        let root = plain.position(atoms).unwrap();
        let p = plain.outcome(&root).unwrap() == Outcome::P;
        (root, p)
    }

    /// Every sum of up to three heaps of Kayles (to 9), Dawson's Kayles
    /// (to 9), 0.6 (to 6) and Nim (to 4), against the plain search.
    #[test]
    fn agrees_with_the_plain_search() {
        let tops = [9usize, 9, 6, 4];
        let (u, heaps) = mixed(tops);
        let mut fams: Vec<&dyn Family> = heaps.iter().map(|h| h as &dyn Family).collect();
        fams.push(&NimHeaps);
        let mut plain = Search::new(&fams, usize::MAX);
        let mut fast = HeapSearch::new(&u, usize::MAX);
        let all: Vec<(usize, usize)> = (0..4)
            .flat_map(|g| (1..=tops[g]).map(move |n| (g, n)))
            .collect();
        let mut compared = 0;
        for sum in triples(&all, 3) {
            let (root, expect) = plain_outcome(&mut plain, &sum);
            let ids: Vec<u16> = sum.iter().map(|&(g, n)| u.id(g, n).unwrap()).collect();
            let pos = fast.position(&ids);
            assert_eq!(fast.is_p(&pos).unwrap(), expect, "{sum:?}");
            let wins = fast.winning_moves(&pos).unwrap().len();
            assert_eq!(wins, plain.winning_moves(&root).unwrap().len(), "{sum:?}");
            compared += 1;
        }
        assert!(compared > 1_000, "{compared}");
    }

    /// With a quotient of the first heaps posted (Q_k of the heaps
    /// numbered up to k, for several k), every sum of up to three heaps of
    /// the mixed universe gets the outcome the plain search gives, and the
    /// positions the quotient covers are not stored.
    #[test]
    fn the_oracle_agrees_with_the_plain_search() {
        use crate::misere::learn::{quotient_of_options, Course, Limits, Method};
        let tops = [8usize, 8, 6, 3];
        let (u, heaps) = mixed(tops);
        let mut fams: Vec<&dyn Family> = heaps.iter().map(|h| h as &dyn Family).collect();
        fams.push(&NimHeaps);
        let mut plain = Search::new(&fams, usize::MAX);
        let all: Vec<(usize, usize)> = (0..4)
            .flat_map(|g| (1..=tops[g]).map(move |n| (g, n)))
            .collect();
        for k in [6usize, 12, 18] {
            let q = quotient_of_options(
                &u.options[..=k],
                "test",
                Limits::default(),
                &grundy_core::progress::NoProgress,
                Method::Monoid,
                &|_| false,
                Course::fresh(),
            )
            .unwrap()
            .learned
            .quotient;
            assert_eq!(q.max_heap, k);
            let oracle: Oracle = Mutex::new(Some(Arc::new(q)));
            let mut fast = HeapSearch::new(&u, usize::MAX).with_oracle(&oracle);
            let mut bare = HeapSearch::new(&u, usize::MAX);
            for sum in triples(&all, 2) {
                let (_, expect) = plain_outcome(&mut plain, &sum);
                let ids: Vec<u16> = sum.iter().map(|&(g, n)| u.id(g, n).unwrap()).collect();
                let pos = fast.position(&ids);
                assert_eq!(fast.is_p(&pos).unwrap(), expect, "k = {k}: {sum:?}");
                assert_eq!(bare.is_p(&pos).unwrap(), expect, "{sum:?}");
            }
            assert!(fast.positions() < bare.positions(), "k = {k}");
        }
    }

    /// The bound is a clean refusal, not an abort.
    #[test]
    fn the_bound_refuses() {
        let u = Universe::new(vec![HeapGame::Octal("0.77".parse().unwrap())], vec![30]).unwrap();
        let mut s = HeapSearch::new(&u, 1000);
        let pos = s.position(&[30, 29, 28]);
        assert!(matches!(s.is_p(&pos), Err(Error::TooCostly { .. })));
        assert!(s.positions() <= 1000);
    }
}
