//! The condition (N) of the proof: every non-empty sum `G` with
//! `Φ(G) ∉ S` has an option in `S` (Plambeck and Siegel, "Misère quotients
//! for impartial games", J. Combin. Theory Ser. A 115 (2008), §6; the
//! proof is set out in [`super::learn`]).
//!
//! (N) cannot be checked sum by sum; it is checked on finitely many
//! *states* of sums, from which every extension's state follows. Two state
//! spaces serve, one per way of finding a quotient:
//!
//! - [`by_option_sets`] (for [`super::expand`], Siegel's MisereSolver): the
//!   state of `G` is `Φ(G)` and its option set `T(G)` ([`super::options`]);
//!   a state whose `T` contains that of a kept state with the same element
//!   and no larger sum is dominated and dropped (MisereSolver's pruning by
//!   transition sets), and the first failing state taken is the least
//!   failing sum.
//! - [`by_class_states`] (for [`super::learner`]): the state of `G` is
//!   `Φ(G)` and `Φ(G − a)` for each heap class `a` in `G` (the heaps with
//!   one element); a breadth-first walk proves (N), and on a failure a
//!   multiset-order walk bounds the failing sums from below (the bound
//!   below which the learner trusts a refuted candidate).
//!
//! The two walk different states, and each one's count of states is
//! published with the quotient it proves (`proof_states` of the datasets),
//! so both are kept; what they share (the multiset order, option sets,
//! bounds) is in one place each.

use super::bounds::{past, too_costly};
use super::options::{step_set, subset, transitions};
use super::quotient::Quotient;
use super::words::{with_heap, Pos, Word};
use grundy_core::{Deadline, Result};
use rustc_hash::{FxHashMap, FxHashSet};
use std::cmp::Reverse;
use std::collections::{BinaryHeap, VecDeque};

/// A state of [`by_class_states`]: `Φ(G)`, and `Φ(G − a)` for each heap
/// class `a` (`u32::MAX` for a class not in `G`).
type State = (u32, Vec<u32>);

/// A class not in the sum, in a [`State`].
const ABSENT: u32 = u32::MAX;

/// A reduced candidate as [`by_class_states`] reads it.
pub(super) struct Image<'a> {
    /// The heaps with a move, ascending.
    pub gens: &'a [u16],
    /// The element of each heap of `gens`.
    pub elements: &'a [u32],
    /// The multiplication table.
    pub table: &'a [Vec<u32>],
    /// The P-portion.
    pub in_s: &'a [bool],
    /// The elements of each heap's options, in its options' order.
    pub option_elements: &'a [Vec<u32>],
}

/// class a in G)` (a class: the heaps with one element); a state where
/// `Φ(G) ∉ S` but no heap of `G` can move into `S` is a failure. With a
/// failure (or a (P) failure at `cap`), [`NStates::least_failure`]
/// bounds the failing sums from below.
pub(super) fn by_class_states(
    image: &Image<'_>,
    cap: Option<&[u16]>,
    limit: usize,
) -> Result<NCheck> {
    let states = NStates::new(image);
    if cap.is_none() {
        let start = states.start();
        let mut seen: FxHashSet<State> = FxHashSet::default();
        seen.insert(start.clone());
        let mut queue: VecDeque<State> = VecDeque::from([start]);
        let mut failed = false;
        'bfs: while let Some(state) = queue.pop_front() {
            for b in 0..states.classes.len() {
                let next = states.step(&state, b);
                if seen.contains(&next) {
                    continue;
                }
                if seen.len() >= limit {
                    return Err(too_costly("states of the proof", limit));
                }
                if states.failing(&next) {
                    failed = true;
                    break 'bfs;
                }
                seen.insert(next.clone());
                queue.push_back(next);
            }
        }
        if !failed {
            return Ok(NCheck::Consistent(seen.len()));
        }
    }
    states.least_failure(cap, limit)
}

/// The states of [`by_class_states`] of a candidate.
struct NStates<'a> {
    table: &'a [Vec<u32>],
    in_s: &'a [bool],
    /// The element of each heap class.
    classes: Vec<u32>,
    /// `bad[c][z]`: the least heap of class `c` from which, in company
    /// `z`, no move reaches `S`.
    bad: Vec<Vec<Option<u16>>>,
    /// The least heap of each class.
    least: Vec<u16>,
}

impl<'a> NStates<'a> {
    fn new(image: &Image<'a>) -> Self {
        let Image {
            gens,
            elements,
            table,
            in_s,
            option_elements,
        } = *image;
        let order = table.len();
        let mut classes: Vec<u32> = elements.to_vec();
        classes.sort_unstable();
        classes.dedup();
        let mut bad: Vec<Vec<Option<u16>>> = vec![vec![None; order]; classes.len()];
        let mut least = vec![u16::MAX; classes.len()];
        for (i, &h) in gens.iter().enumerate() {
            let c = classes.binary_search(&elements[i]).unwrap_or(0);
            least[c] = least[c].min(h);
            for (z, row) in table.iter().enumerate() {
                if bad[c][z].is_none()
                    && option_elements[i]
                        .iter()
                        .all(|&o| !in_s[row[o as usize] as usize])
                {
                    bad[c][z] = Some(h);
                }
            }
        }
        NStates {
            table,
            in_s,
            classes,
            bad,
            least,
        }
    }

    /// The empty sum.
    fn start(&self) -> State {
        (0, vec![ABSENT; self.classes.len()])
    }

    /// The state after adding a heap of class `b`.
    fn step(&self, state: &State, b: usize) -> State {
        let (g0, zs) = state;
        let cb = self.classes[b] as usize;
        let mut z1 = zs.clone();
        for (a, z) in z1.iter_mut().enumerate() {
            if a != b && *z != ABSENT {
                *z = self.table[*z as usize][cb];
            }
        }
        z1[b] = *g0;
        (self.table[*g0 as usize][cb], z1)
    }

    /// Whether a non-empty state fails (N).
    fn failing(&self, state: &State) -> bool {
        !self.in_s[state.0 as usize]
            && state
                .1
                .iter()
                .enumerate()
                .all(|(a, &z)| z == ABSENT || self.bad[a][z as usize].is_some())
    }

    /// The states least first in the multiset order (adding a class weighs
    /// its least heap). A failing sum `G` of state `s` is at least the
    /// least sum reaching `s`, and at least the sum of one least bad heap
    /// of each class in `s`; the least of the larger of the two over the
    /// failing states bounds every failing sum from below. Returns it with
    /// a failing sum of its state, or, if no state fails below `cap`, the
    /// states taken.
    fn least_failure(&self, cap: Option<&[u16]>, limit: usize) -> Result<NCheck> {
        type Dist = FxHashMap<State, (Vec<u16>, Option<(State, usize)>)>;
        let start = self.start();
        let mut dist: Dist = FxHashMap::default();
        dist.insert(start.clone(), (Vec::new(), None));
        let mut queue = BinaryHeap::from([Reverse((Vec::<u16>::new(), start))]);
        let mut found: Option<(Vec<u16>, State)> = None;
        while let Some(Reverse((w, state))) = queue.pop() {
            let bound = found.as_ref().map(|f| f.0.as_slice()).or(cap);
            if bound.is_some_and(|c| w.as_slice() >= c) {
                break;
            }
            if dist[&state].0 != w {
                continue;
            }
            if !w.is_empty() && self.failing(&state) {
                let mut one_each: Vec<u16> = state
                    .1
                    .iter()
                    .enumerate()
                    .filter_map(|(a, &z)| (z != ABSENT).then(|| self.bad[a][z as usize]).flatten())
                    .collect();
                one_each.sort_unstable_by(|a, b| b.cmp(a));
                let lb = w.clone().max(one_each);
                if found.as_ref().is_none_or(|f| lb < f.0) {
                    found = Some((lb, state.clone()));
                }
            }
            for b in 0..self.classes.len() {
                let next = self.step(&state, b);
                let nw = with_heap(&w, self.least[b]);
                if dist.get(&next).is_some_and(|d| d.0 <= nw) {
                    continue;
                }
                if dist.len() >= limit {
                    return Err(too_costly("states of the proof", limit));
                }
                queue.push(Reverse((nw.clone(), next.clone())));
                dist.insert(next, (nw, Some((state.clone(), b))));
            }
        }
        Ok(match found {
            Some((lb, state)) => {
                // Each class on the least path, as its least bad heap.
                let mut g: Pos = Vec::new();
                let mut s = state.clone();
                while let Some((prev, b)) = &dist[&s].1 {
                    g.push(self.bad[*b][state.1[*b] as usize].unwrap_or(0));
                    s = prev.clone();
                }
                g.sort_unstable();
                NCheck::Failed(lb, g)
            }
            None => NCheck::Consistent(dist.len()),
        })
    }
}

/// The outcome of the (N) check.
pub(super) enum NCheck {
    /// No failure below the cap; the number of states.
    Consistent(usize),
    /// The weight (descending heaps) of the first failing state and a sum
    /// realising it.
    Failed(Vec<u16>, Pos),
}

/// One heap class of the (N) check: its element and its options' elements.
pub(super) struct HeapClass {
    heap: u16,
    gen: u32,
    tr: Vec<u32>,
}

/// The heaps that matter to the (N) check: one per (element, options),
/// none whose options contain a smaller heap's with the same element (its
/// sums are dominated by that heap's, which are smaller).
pub(super) fn heap_classes(q: &Quotient, heaps: &[u16], options: &[Vec<Pos>]) -> Vec<HeapClass> {
    let mul = |x: u32, y: u32| q.mul(x, y);
    let mut kept: Vec<HeapClass> = Vec::new();
    for &h in heaps {
        let c = HeapClass {
            heap: h,
            gen: q.pretending[usize::from(h)],
            tr: transitions(&mul, &q.pretending, &options[usize::from(h)]),
        };
        if !kept.iter().any(|k| k.gen == c.gen && subset(&k.tr, &c.tr)) {
            kept.push(c);
        }
    }
    kept
}

/// A state of the (N) check: `Φ(G)`, `T(G)` and the least sum `G` found.
struct NState {
    e: u32,
    t: Vec<u32>,
    word: Word,
    dropped: bool,
}

/// (N) by option sets: states `(Φ(G), T(G))` taken least sum first (Dijkstra in
/// the multiset order), a state dropped when a kept state with the same
/// element, a subset of its options and a sum no larger dominates it (it
/// and its extensions fail only where the dominating one and its
/// extensions, which are no larger, do: the option sets are non-empty).
/// So the first failing state taken is the least failing sum. Stops at
/// `cap`. Returns the least failing sum, or the states kept.
pub(super) fn by_option_sets(
    q: &Quotient,
    classes: &[HeapClass],
    cap: Option<&Word>,
    limit: usize,
    deadline: Option<Deadline>,
    n: u16,
) -> Result<std::result::Result<usize, Word>> {
    let mul = |x: u32, y: u32| q.mul(x, y);
    let mut states: Vec<NState> = vec![NState {
        e: 0,
        t: Vec::new(),
        word: Vec::new(),
        dropped: false,
    }];
    // The empty sum stays out of the antichains: its option set is empty,
    // so it would "dominate" every sum of the identity's element without
    // sharing its failures.
    let mut kept: FxHashMap<u32, Vec<u32>> = FxHashMap::default();
    let mut queue = BinaryHeap::from([Reverse((Word::new(), 0u32))]);
    // Set and sum entries kept, bounded with the states.
    let mut entries = 0usize;
    let mut taken = 0u32;
    while let Some(Reverse((w, s))) = queue.pop() {
        if cap.is_some_and(|c| w >= *c) {
            break;
        }
        taken = taken.wrapping_add(1);
        if taken % 4096 == 0 {
            past(deadline, n)?;
        }
        let (e0, t0) = {
            let st = &states[s as usize];
            if st.dropped {
                continue;
            }
            (st.e, st.t.clone())
        };
        if !t0.is_empty()
            && !q.p_portion[e0 as usize]
            && t0.iter().all(|&y| !q.p_portion[y as usize])
        {
            return Ok(Err(w));
        }
        for c in classes {
            let e = q.mul(e0, c.gen);
            let t = step_set(&mul, &t0, e0, c.gen, &c.tr);
            let nw = with_heap(&w, c.heap);
            let list = kept.entry(e).or_default();
            if list.iter().any(|&k| {
                let st = &states[k as usize];
                st.word <= nw && subset(&st.t, &t)
            }) {
                continue;
            }
            list.retain(|&k| {
                let st = &mut states[k as usize];
                let beaten = nw <= st.word && subset(&t, &st.t);
                if beaten {
                    st.dropped = true;
                }
                !beaten
            });
            entries += t.len() + nw.len();
            if states.len() >= limit || entries >= limit.saturating_mul(8) {
                return Err(too_costly("states of the proof", limit));
            }
            let id = states.len() as u32;
            list.push(id);
            queue.push(Reverse((nw.clone(), id)));
            states.push(NState {
                e,
                t,
                word: nw,
                dropped: false,
            });
        }
    }
    Ok(Ok(states.len()))
}
