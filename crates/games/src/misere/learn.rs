//! Finding the misère quotient `Q_N` of an octal game and proving it.
//!
//! **The proof** (the verification of Plambeck and Siegel, "Misère
//! quotients for impartial games", §6, in this form): let `M` be a finite
//! commutative monoid, `S ⊆ M`, and `Φ` send each heap to `M` (and a sum
//! to the product). If for every sum `G` of heaps of at most `N`:
//!
//! 1. the empty sum is not in `S`;
//! 2. (P) `Φ(G) ∈ S` implies no option of `G` is in `S`;
//! 3. (N) `Φ(G) ∉ S` and `G` not empty imply some option of `G` is in `S`,
//!
//! then by induction on `G`, `G` is a misère P-position exactly when
//! `Φ(G) ∈ S`; and `Q_N` is `M` modulo `x ~ y ⟺ (xz ∈ S ⟺ yz ∈ S for all z)`
//! (Plambeck–Siegel Lemma 3.?: indistinguishability is read in the image).
//! Each condition is checked over finitely many cases:
//!
//! - (P) depends on `G` only through `x = Φ(G − h)` and the heap `h` moved
//!   in: every `x ∈ M`, heap `h`, and option `h'` of `h` is tried.
//! - (N) depends on `Φ(G)` and, for each heap class `a` in `G` (heaps with
//!   the same element), on `Φ(G − a)`: these states are enumerated
//!   breadth-first from the empty sum, adding one class at a time, and
//!   each is checked.
//! - `M` must be commutative: the generators' actions are checked to
//!   commute.
//!
//! **The search** for the candidate `(M, S, Φ)` learns the outcome function
//! like Angluin's L* for a commutative monoid: elements are
//! representatives (real sums of heaps), two sums are put together when
//! their outcomes agree after adding every test sum, and each failure of
//! the proof yields a sum whose predicted outcome is wrong, from which a
//! new test is cut (Rivest and Schapire's split of a counterexample). The
//! outcomes come from a search over sums that contain heap `n`, the sums
//! of smaller heaps being read from the proved `Q_(n−1)`. Heaps are added
//! one at a time, `Q_1, Q_2, …, Q_N`, each proved.

use super::quotient::Quotient;
use crate::octal::OctalCode;
use grundy_core::clock::Deadline;
use grundy_core::progress::Progress;
use grundy_core::{Error, Result};
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::{HashMap, HashSet, VecDeque};

/// Bounds on the work of [`quotient`].
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// Elements of a candidate before it is reduced.
    pub elements: usize,
    /// Positions the outcome search keeps.
    pub positions: usize,
    /// States of the (N) check.
    pub states: usize,
    /// Entries (`order²`) of a reduced candidate's multiplication table.
    pub table: usize,
    /// A time after which the search gives up (checked between candidates
    /// and every 65,536 positions searched).
    pub deadline: Option<Deadline>,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            elements: 50_000,
            positions: 20_000_000,
            states: 20_000_000,
            table: 20_000_000,
            deadline: None,
        }
    }
}

/// One step of the growth of `Q_n` as `n` rises.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// The heap bound `n`.
    pub n: usize,
    /// `|Q_n|`.
    pub order: usize,
    /// `|P|` of `Q_n`.
    pub p_portion: usize,
    /// Candidates refuted before the one proved.
    pub refinements: usize,
}

/// A proved quotient and how it grew.
#[derive(Clone, Debug)]
pub struct Learned {
    /// `Q_N`.
    pub quotient: Quotient,
    /// `Q_1, …, Q_N`, one entry per heap that has a move.
    pub growth: Vec<Level>,
    /// States the last (N) check enumerated.
    pub states: usize,
    /// Positions the outcome search settled, in all.
    pub positions: usize,
}

impl Learned {
    /// `(n, |Q_n|, |P|)` at each heap bound `n` where the order or the
    /// P-portion's size changes.
    pub fn changes(&self) -> Vec<(usize, usize, usize)> {
        let mut out: Vec<(usize, usize, usize)> = Vec::new();
        for l in &self.growth {
            if out
                .last()
                .is_none_or(|&(_, o, p)| (o, p) != (l.order, l.p_portion))
            {
                out.push((l.n, l.order, l.p_portion));
            }
        }
        out
    }
}

/// `Q_n` for the largest `n` reached, and why the next heap was not.
#[derive(Debug)]
pub struct Partial {
    /// `Q_n` and its growth, `n` = `learned.quotient.max_heap`.
    pub learned: Learned,
    /// Why heap `n + 1` was not proved ([`Error::TooCostly`] past a bound
    /// or the deadline, [`Error::Stopped`]); `None` when `N` was reached.
    pub stopped: Option<Error>,
}

/// A sum of heaps: sizes ascending, no heap without a move.
pub type Pos = Vec<u16>;

/// Computes and proves `Q_N` of `code` for `N = max_heap`.
///
/// # Errors
/// [`Error::OutOfRange`] for `max_heap` past 65,535; [`Error::TooCostly`]
/// past a bound of `limits`; [`Error::Stopped`] when `progress` asks;
/// [`Error::VerificationFailed`] if the refinement stops making progress (a
/// defect).
pub fn quotient(
    code: &OctalCode,
    max_heap: usize,
    limits: Limits,
    progress: &dyn Progress,
) -> Result<Learned> {
    let partial = quotient_partial(code, max_heap, limits, progress)?;
    match partial.stopped {
        None => Ok(partial.learned),
        Some(e) => Err(e),
    }
}

/// As [`quotient`], but a bound, the deadline or a stop request ends the
/// run with the quotients proved so far.
///
/// # Errors
/// [`Error::OutOfRange`] for `max_heap` past 65,535;
/// [`Error::VerificationFailed`] if the refinement stops making progress (a
/// defect).
pub fn quotient_partial(
    code: &OctalCode,
    max_heap: usize,
    limits: Limits,
    progress: &dyn Progress,
) -> Result<Partial> {
    quotient_partial_by(code, max_heap, limits, progress, Method::Monoid)
}

/// How each `Q_n` is found (both end in the same proof, so both give the
/// same quotient).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Inside finite monoids (MisereSolver's method, see the module
    /// `expand`), falling back to [`Method::Search`] for a level where
    /// recalibration gives up.
    Monoid,
    /// By learning from the outcomes of searched sums (this module).
    Search,
}

/// As [`quotient_partial`], by the given method.
///
/// # Errors
/// As [`quotient_partial`].
pub fn quotient_partial_by(
    code: &OctalCode,
    max_heap: usize,
    limits: Limits,
    progress: &dyn Progress,
    method: Method,
) -> Result<Partial> {
    octal_run(code, max_heap, limits, progress, method, Course::fresh())
}

/// As [`quotient_partial`] (by [`Method::Monoid`]), continuing from
/// `course.start` and telling `course.on_level` of each proved level: a
/// long run's checkpoints and resumption.
///
/// # Errors
/// As [`quotient_partial`].
pub fn quotient_partial_from(
    code: &OctalCode,
    max_heap: usize,
    limits: Limits,
    progress: &dyn Progress,
    course: Course<'_>,
) -> Result<Partial> {
    octal_run(code, max_heap, limits, progress, Method::Monoid, course)
}

/// The quotient of `code`'s heaps up to `max_heap`, by `method`, on
/// `course`.
fn octal_run(
    code: &OctalCode,
    max_heap: usize,
    limits: Limits,
    progress: &dyn Progress,
    method: Method,
    course: Course<'_>,
) -> Result<Partial> {
    code.require_finite("the misère quotient")?;
    heap_id(max_heap)?;
    let options = heap_options(code, max_heap);
    quotient_of_options(
        &options,
        &format!("misère quotient of {code}"),
        limits,
        progress,
        method,
        &|_| false,
        course,
    )
}

/// A heap bound as the `u16` a [`Pos`] holds.
fn heap_id(max_heap: usize) -> Result<u16> {
    u16::try_from(max_heap).map_err(|_| Error::OutOfRange {
        what: format!("--max-heap {max_heap}"),
        reason: "at most 65,535".into(),
    })
}

/// Where a run of [`quotient_of_options`] starts and whom it tells of
/// each proved level (a checkpoint's hook: the engine writes nothing).
pub struct Course<'a> {
    /// A proved `Q_n` of the same heaps and its growth to continue from
    /// (heap `n + 1` is the first computed). The caller rechecks it from
    /// the rules first ([`super::universe::recheck`]): this function
    /// trusts it.
    pub start: Option<(Quotient, Vec<Level>)>,
    /// Called with each newly proved `Q_n` and the growth up to it.
    pub on_level: &'a dyn Fn(&Quotient, &[Level]),
}

impl Course<'static> {
    /// From nothing, telling no one.
    pub fn fresh() -> Self {
        Course {
            start: None,
            on_level: &|_, _| {},
        }
    }
}

/// The quotient of the closed set generated by heaps `1..options.len()`,
/// heap `h` having the options `options[h]` (each a sorted list of smaller
/// heaps, heaps without a move left out; `options[0]` is empty). The heaps
/// may be the heaps of one game or *labelled* heaps of several games
/// ([`super::universe`]): the proof of the module documentation never
/// uses more than this table. `Q_n` is proved for `n = 1, 2, …` in turn;
/// the run ends at the last heap, when `enough` says a proved `Q_n`
/// suffices, or as [`quotient_partial`] does on a bound, the deadline or a
/// stop request.
///
/// # Errors
/// [`Error::OutOfRange`] for more than 65,536 heaps;
/// [`Error::VerificationFailed`] if the refinement stops making progress (a
/// defect).
///
/// `course` says where to start (a proved `Q_n` to continue from) and whom
/// to tell of each proved level ([`Course::fresh`]: from nothing, no one).
pub fn quotient_of_options(
    options: &[Vec<Pos>],
    what: &str,
    limits: Limits,
    progress: &dyn Progress,
    method: Method,
    enough: &dyn Fn(&Quotient) -> bool,
    course: Course<'_>,
) -> Result<Partial> {
    let top = heap_id(options.len().saturating_sub(1))?;
    let (mut q, mut growth) = course.start.unwrap_or_else(|| {
        (
            Quotient {
                max_heap: 0,
                table: vec![vec![0]],
                p_portion: vec![false],
                pretending: vec![0],
            },
            Vec::new(),
        )
    });
    let first = heap_id(q.max_heap)?.saturating_add(1);
    let mut tests: Vec<Pos> = vec![Vec::new()];
    let mut positions = 0;
    let mut states = 0;
    progress.phase(what, u64::from(top));
    progress.advance(u64::from(first - 1));
    let mut stopped = None;
    for n in first..=top {
        if progress.stop_requested() {
            stopped = Some(Error::Stopped);
            break;
        }
        if limits.deadline.is_some_and(|d| d.passed()) {
            stopped = Some(out_of_time(n));
            break;
        }
        if options[usize::from(n)].is_empty() {
            q.max_heap = usize::from(n);
            q.pretending.push(0);
            progress.advance(1);
            continue;
        }
        if method == Method::Monoid {
            let game = super::expand::Game { options, n };
            match super::expand::next_level(&q, &game, &limits, &|s| progress.note(s)) {
                Ok(Some(found)) => {
                    if found.states > 0 {
                        states = found.states;
                    }
                    growth.push(Level {
                        n: usize::from(n),
                        order: found.quotient.order(),
                        p_portion: found.quotient.p_portion_size(),
                        refinements: found.refinements,
                    });
                    q = found.quotient;
                    (course.on_level)(&q, &growth);
                    progress.note(&format!("|Q_{n}| = {}", q.order()));
                    progress.advance(1);
                    if enough(&q) {
                        break;
                    }
                    continue;
                }
                Ok(None) => {}
                Err(e @ Error::TooCostly { .. }) => {
                    stopped = Some(e);
                    break;
                }
                Err(e) => return Err(e),
            }
        }
        let reps = min_reps(&q, options);
        let n_option_classes: Vec<u32> = options[usize::from(n)]
            .iter()
            .map(|l| class_of(&q, l))
            .collect();
        let mut level = LevelSearch {
            options,
            prev: &q,
            n,
            memo: FxHashMap::default(),
            limits,
            exact: false,
            reps,
            n_option_classes,
            fast: HashMap::new(),
            trusted: None,
        };
        let learned = level.learn(&mut tests, progress);
        positions += level.memo.len();
        let (next, refinements, s) = match learned {
            Ok(l) => l,
            Err(e @ (Error::TooCostly { .. } | Error::Stopped)) => {
                stopped = Some(e);
                break;
            }
            Err(e) => return Err(e),
        };
        states = s;
        growth.push(Level {
            n: usize::from(n),
            order: next.order(),
            p_portion: next.p_portion_size(),
            refinements,
        });
        q = next;
        (course.on_level)(&q, &growth);
        progress.note(&format!("|Q_{n}| = {}", q.order()));
        progress.advance(1);
        if enough(&q) {
            break;
        }
    }
    progress.finish_phase();
    Ok(Partial {
        learned: Learned {
            quotient: q,
            growth,
            states,
            positions,
        },
        stopped,
    })
}

/// The deadline passed before heap `n` was proved.
fn out_of_time(n: u16) -> Error {
    Error::TooCostly {
        what: "the misère quotient".into(),
        needs: format!("more time than its budget at heap {n}"),
        limit: "the time budget".into(),
        flag: "--budget",
    }
}

/// `options[n]`: every option of heap `n`, as the sorted heaps it leaves
/// without those that have no move.
pub(super) fn heap_options(code: &OctalCode, max_heap: usize) -> Vec<Vec<Pos>> {
    let mut options: Vec<Vec<Pos>> = Vec::with_capacity(max_heap + 1);
    for n in 0..=max_heap {
        let mut list = Vec::new();
        code.for_each_move(n, |m| {
            let (heaps, count) = m.heaps();
            let mut p: Pos = heaps[..count]
                .iter()
                .filter(|&&h| !options[h].is_empty())
                .map(|&h| h as u16)
                .collect();
            p.sort_unstable();
            list.push(p);
        });
        list.sort();
        list.dedup();
        options.push(list);
    }
    options
}

/// The sum `pos` after a move replacing its heap at index `i` by `leaves`.
fn moved(pos: &[u16], i: usize, leaves: &[u16]) -> Pos {
    let mut child: Pos = pos[..i]
        .iter()
        .chain(&pos[i + 1..])
        .chain(leaves)
        .copied()
        .collect();
    child.sort_unstable();
    child
}

/// The sum of two positions.
fn plus(a: &[u16], b: &[u16]) -> Pos {
    let mut v: Pos = a.iter().chain(b).copied().collect();
    v.sort_unstable();
    v
}

/// A candidate: elements with representatives and the generators' action.
struct Candidate {
    gens: Vec<u16>,
    reps: Vec<Pos>,
    /// The generator word that first reached each element.
    paths: Vec<Vec<u16>>,
    act: Vec<Vec<u32>>,
    in_s: Vec<bool>,
}

impl Candidate {
    fn gen_index(&self, h: u16) -> usize {
        self.gens.binary_search(&h).unwrap_or(0)
    }
}

/// The reduced candidate: the quotient proper, if the proof holds.
struct Reduced {
    act: Vec<Vec<u32>>,
    in_s: Vec<bool>,
    /// Block of each candidate element.
    block: Vec<u32>,
}

/// A state of the (N) check: `Φ(G)`, and `Φ(G − a)` for each heap class
/// `a` (`u32::MAX` for a class not in `G`).
type State = (u32, Vec<u32>);

/// A class not in the sum, in a [`State`].
const ABSENT: u32 = u32::MAX;

/// Runs `word` from element `e` in the reduced candidate.
fn run(cand: &Candidate, red: &Reduced, mut e: u32, word: &[u16]) -> u32 {
    for &h in word {
        e = red.act[e as usize][cand.gen_index(h)];
    }
    e
}

/// Whether the generators' actions commute; a suspect where two do not
/// (the two orders, continued by a word telling their results apart).
fn commutativity_suspect(cand: &Candidate, red: &Reduced) -> Option<Suspect> {
    let g = cand.gens.len();
    for (x, row) in red.act.iter().enumerate() {
        for i in 0..g {
            for j in i + 1..g {
                let a = red.act[row[i] as usize][j];
                let b = red.act[row[j] as usize][i];
                if a != b {
                    let z = distinguishing_word(red, a, b, &cand.gens);
                    let base = representative_path(cand, red, x as u32);
                    let mut w1 = base.clone();
                    w1.extend([cand.gens[i], cand.gens[j]]);
                    w1.extend(&z);
                    let mut w2 = base;
                    w2.extend([cand.gens[j], cand.gens[i]]);
                    w2.extend(&z);
                    return Some(Suspect(vec![w1, w2]));
                }
            }
        }
    }
    None
}

/// A sum whose predicted outcome is wrong, or two sums one of which is.
struct Suspect(Vec<Vec<u16>>);

struct LevelSearch<'a> {
    options: &'a [Vec<Pos>],
    prev: &'a Quotient,
    n: u16,
    memo: FxHashMap<Pos, bool>,
    limits: Limits,
    /// Whether outcomes come from the exact search; else from the fast
    /// model (below), until it can no longer refine a refuted candidate.
    exact: bool,
    /// The multiset-least sum of each element of `Q_(n−1)`.
    reps: Vec<Pos>,
    /// The `Q_(n−1)` element of each option of heap `n`.
    n_option_classes: Vec<u32>,
    /// The fast model's outcomes of `(element of the rest, copies of n)`.
    fast: HashMap<(u32, u32), bool>,
    /// A refuted candidate and a size below which it predicts every sum
    /// correctly (see [`Trusted`]).
    trusted: Option<Trusted>,
}

/// A candidate that is right on every sum below `bound` in the multiset
/// order.
///
/// The multiset order compares two sums by their heaps sorted in
/// descending order, lexicographically (a proper prefix is less). An
/// option of a sum is below it (a heap is replaced by smaller ones), and
/// adding a heap to two sums keeps their order. So if every sum below `B`
/// is *locally consistent* (`Φ(G) ∈ S` exactly when no option of `G` is in
/// `S`, and the empty sum is not in `S`), then by induction every such sum
/// is a misère P-position exactly when `Φ(G) ∈ S`. The verification finds
/// the least inconsistent sum, or a lower bound on it, for each refuted
/// candidate; below it the exact search reads outcomes from the candidate
/// instead of searching. This is the observation behind the "least
/// failure" of Siegel's MisereSolver (Plambeck and Siegel, supplement to
/// "Misère quotients for impartial games", arXiv:0705.2404, App. C).
struct Trusted {
    /// Heap size → generator index.
    gen_of: Vec<usize>,
    act: Vec<Vec<u32>>,
    in_s: Vec<bool>,
    /// Heaps in descending order.
    bound: Vec<u16>,
}

impl Trusted {
    fn is_p(&self, pos: &[u16]) -> bool {
        let e = pos.iter().fold(0u32, |e, &h| {
            self.act[e as usize][self.gen_of[usize::from(h)]]
        });
        self.in_s[e as usize]
    }
}

/// Whether the sum `pos` (ascending) is below `bound` (descending) in the
/// multiset order.
fn below(pos: &[u16], bound: &[u16]) -> bool {
    pos.iter().rev().cmp(bound.iter()) == std::cmp::Ordering::Less
}

/// `w` (descending) with heap `h` added.
pub(super) fn with_heap(w: &[u16], h: u16) -> Vec<u16> {
    let mut v = w.to_vec();
    let at = v.partition_point(|&y| y > h);
    v.insert(at, h);
    v
}

impl LevelSearch<'_> {
    fn check_deadline(&self) -> Result<()> {
        match self.limits.deadline {
            Some(d) if d.passed() => Err(Error::TooCostly {
                what: "the misère quotient".into(),
                needs: format!("more time than its budget at heap {}", self.n),
                limit: "the time budget".into(),
                flag: "--budget",
            }),
            _ => Ok(()),
        }
    }

    /// The misère outcome of `pos` (true: P-position): from `Q_(n−1)`
    /// when it holds no heap `n`, else by search.
    fn is_p(&mut self, pos: &[u16]) -> Result<bool> {
        if !self.exact {
            let k = pos.iter().filter(|&&h| h == self.n).count() as u32;
            let rest: Pos = pos.iter().copied().filter(|&h| h != self.n).collect();
            let x = class_of(self.prev, &rest);
            return Ok(self.model(x, k));
        }
        if !pos.contains(&self.n) {
            let heaps: Vec<usize> = pos.iter().map(|&h| usize::from(h)).collect();
            return self
                .prev
                .is_p_position(&heaps)
                .ok_or_else(|| Error::VerificationFailed {
                    path: "misère quotient".into(),
                    reason: format!("heap past the previous quotient in {pos:?}"),
                });
        }
        if let Some(t) = &self.trusted {
            if below(pos, &t.bound) {
                return Ok(t.is_p(pos));
            }
        }
        if let Some(&p) = self.memo.get(pos) {
            return Ok(p);
        }
        let mut p = true;
        'moves: for (i, &h) in pos.iter().enumerate() {
            if i > 0 && pos[i - 1] == h {
                continue;
            }
            for leaves in &self.options[usize::from(h)] {
                if self.is_p(&moved(pos, i, leaves))? {
                    p = false;
                    break 'moves;
                }
            }
        }
        if self.memo.len() >= self.limits.positions {
            return Err(too_costly("positions", self.limits.positions));
        }
        if self.memo.len() % 65_536 == 0 {
            self.check_deadline()?;
        }
        self.memo.insert(pos.to_vec(), p);
        Ok(p)
    }

    /// The fast model of `o(R + k·H_n)` for `R` of element `x` in
    /// `Q_(n−1)`: as if `R` were the least sum of its element (true when no
    /// element of `Q_(n−1)` splits in `Q_n`; a heuristic only, since the
    /// proof checks every candidate against the real moves).
    fn model(&mut self, x: u32, k: u32) -> bool {
        if k == 0 {
            return self.prev.p_portion[x as usize];
        }
        if let Some(&p) = self.fast.get(&(x, k)) {
            return p;
        }
        let mut p = true;
        for i in 0..self.n_option_classes.len() {
            let y = self.prev.mul(x, self.n_option_classes[i]);
            if self.model(y, k - 1) {
                p = false;
                break;
            }
        }
        if p {
            let rep = self.reps[x as usize].clone();
            'moves: for (i, &h) in rep.iter().enumerate() {
                for leaves in &self.options[usize::from(h)] {
                    let y = class_of(self.prev, &moved(&rep, i, leaves));
                    if self.model(y, k) {
                        p = false;
                        break 'moves;
                    }
                }
            }
        }
        self.fast.insert((x, k), p);
        p
    }

    /// Learns and proves `Q_n`, growing `tests`. Returns it, the count of
    /// refuted candidates and the states of the last (N) check.
    fn learn(
        &mut self,
        tests: &mut Vec<Pos>,
        progress: &dyn Progress,
    ) -> Result<(Quotient, usize, usize)> {
        let gens: Vec<u16> = (1..=self.n)
            .filter(|&h| !self.options[usize::from(h)].is_empty())
            .collect();
        let mut refinements = 0;
        loop {
            if progress.stop_requested() {
                return Err(Error::Stopped);
            }
            self.check_deadline()?;
            let cand = self.closure(&gens, tests)?;
            let red = reduce(&cand);
            progress.note(&format!(
                "heap {}: candidate {} of {} elements, {} tests, {}",
                self.n,
                refinements,
                red.act.len(),
                tests.len(),
                if self.exact {
                    format!("exact search, {} positions", self.memo.len())
                } else {
                    "fast model".to_string()
                }
            ));
            match self.verify(&cand, &red)? {
                Ok((q, states)) => return Ok((q, refinements, states)),
                Err(suspect) => match self.split(&cand, &suspect)? {
                    Some(test) if !tests.contains(&test) => {
                        tests.push(test);
                        refinements += 1;
                    }
                    // The fast model cannot see the failure: an element of
                    // Q_(n−1) splits. Go on with exact outcomes.
                    _ if !self.exact => self.exact = true,
                    _ => {
                        return Err(Error::VerificationFailed {
                            path: "misère quotient".into(),
                            reason: format!(
                                "heap {}: a refuted candidate gave no new test",
                                self.n
                            ),
                        })
                    }
                },
            }
        }
    }

    fn signature(&mut self, pos: &[u16], tests: &[Pos]) -> Result<Vec<bool>> {
        tests.iter().map(|z| self.is_p(&plus(pos, z))).collect()
    }

    /// The candidate of `tests`: breadth-first from the empty sum, a sum
    /// joins the element whose representative agrees with it on every
    /// test, or starts a new one.
    fn closure(&mut self, gens: &[u16], tests: &[Pos]) -> Result<Candidate> {
        let mut reps: Vec<Pos> = vec![Vec::new()];
        let mut paths: Vec<Vec<u16>> = vec![Vec::new()];
        let mut index: HashMap<Vec<bool>, u32> = HashMap::new();
        let mut in_s = vec![false];
        index.insert(self.signature(&[], tests)?, 0);
        let mut act: Vec<Vec<u32>> = Vec::new();
        let mut e = 0;
        while e < reps.len() {
            let mut row = Vec::with_capacity(gens.len());
            for &h in gens {
                let x = plus(&reps[e], &[h]);
                let sig = self.signature(&x, tests)?;
                let id = match index.get(&sig) {
                    Some(&id) => id,
                    None => {
                        if reps.len() >= self.limits.elements {
                            return Err(too_costly("candidate elements", self.limits.elements));
                        }
                        let id = reps.len() as u32;
                        in_s.push(sig[0]);
                        index.insert(sig, id);
                        let mut path = paths[e].clone();
                        path.push(h);
                        paths.push(path);
                        reps.push(x);
                        id
                    }
                };
                row.push(id);
            }
            act.push(row);
            e += 1;
        }
        Ok(Candidate {
            gens: gens.to_vec(),
            reps,
            paths,
            act,
            in_s,
        })
    }

    /// Cuts a new test from a suspect: along one of its words, the first
    /// place where the outcome of "representative so far + rest of the
    /// word" changes gives the rest of the word after that letter.
    fn split(&mut self, cand: &Candidate, suspect: &Suspect) -> Result<Option<Pos>> {
        for word in &suspect.0 {
            let mut e = 0u32;
            let mut beta = self.is_p(&sorted(word))?;
            for (i, &h) in word.iter().enumerate() {
                let next = cand.act[e as usize][cand.gen_index(h)];
                let rest = sorted(&word[i + 1..]);
                let b = self.is_p(&plus(&cand.reps[next as usize], &rest))?;
                if b != beta {
                    return Ok(Some(rest));
                }
                beta = b;
                e = next;
            }
        }
        Ok(None)
    }

    /// Checks the proof's conditions on the reduced candidate. `Ok(Ok)`:
    /// proved, with the quotient and the (N) check's state count;
    /// `Ok(Err)`: a suspect to refine with. A refuted candidate that is
    /// commutative becomes [`Trusted`] below the least size of a failure.
    fn verify(
        &mut self,
        cand: &Candidate,
        red: &Reduced,
    ) -> Result<std::result::Result<(Quotient, usize), Suspect>> {
        if let Some(s) = commutativity_suspect(cand, red) {
            return Ok(Err(s));
        }
        let order = red.act.len() as u32;
        // The multiplication table, by running each element's path.
        let paths: Vec<Vec<u16>> = (0..order)
            .map(|x| representative_path(cand, red, x))
            .collect();
        let table: Vec<Vec<u32>> = (0..order)
            .map(|x| paths.iter().map(|p| run(cand, red, x, p)).collect())
            .collect();
        if red.in_s[0] {
            return Err(Error::VerificationFailed {
                path: "misère quotient".into(),
                reason: "the empty sum was put in the P-portion".into(),
            });
        }
        let option_elements: Vec<Vec<u32>> = cand
            .gens
            .iter()
            .map(|&h| {
                self.options[usize::from(h)]
                    .iter()
                    .map(|l| run(cand, red, 0, l))
                    .collect()
            })
            .collect();
        let light = lightest_words(cand, red);
        let p_failure = self.p_failure(cand, red, &light, &table, &option_elements);
        let cap = p_failure.as_ref().map(|f| f.0.clone());
        let failure = match self.n_check(cand, red, &table, &option_elements, cap.as_deref())? {
            NCheck::Consistent(states) => match p_failure {
                None => {
                    let pretending: Vec<u32> = (0..=self.n)
                        .map(|h| {
                            if h == 0 || self.options[usize::from(h)].is_empty() {
                                0
                            } else {
                                run(cand, red, 0, &[h])
                            }
                        })
                        .collect();
                    return Ok(Ok((
                        Quotient {
                            max_heap: usize::from(self.n),
                            table,
                            p_portion: red.in_s.clone(),
                            pretending,
                        },
                        states,
                    )));
                }
                Some((bound, suspect)) => (bound, Ok(suspect)),
            },
            NCheck::Failed(bound, g) => (bound, Err(g)),
        };
        if self.trusted.as_ref().is_none_or(|t| t.bound < failure.0) {
            let mut gen_of = vec![0; usize::from(self.n) + 1];
            for (i, &h) in cand.gens.iter().enumerate() {
                gen_of[usize::from(h)] = i;
            }
            self.trusted = Some(Trusted {
                gen_of,
                act: red.act.clone(),
                in_s: red.in_s.clone(),
                bound: failure.0,
            });
        }
        match failure.1 {
            Ok(suspect) => Ok(Err(suspect)),
            Err(g) => Ok(Err(self.n_failure(&g)?)),
        }
    }

    /// (P): `x·h ∈ S` implies `x·h' ∉ S` for every element `x`, heap `h`
    /// and option `h'` of `h`. Where it fails, the least size of a failing
    /// sum (the lightest sum of `x`, plus `h`) and that sum with its
    /// option, as a suspect.
    fn p_failure(
        &self,
        cand: &Candidate,
        red: &Reduced,
        light: &[Vec<u16>],
        table: &[Vec<u32>],
        option_elements: &[Vec<u32>],
    ) -> Option<(Vec<u16>, Suspect)> {
        let mut best: Option<(Vec<u16>, usize, usize, usize)> = None;
        for (x, row) in table.iter().enumerate() {
            for (i, &h) in cand.gens.iter().enumerate() {
                if !red.in_s[red.act[x][i] as usize] {
                    continue;
                }
                let weight = with_heap(&light[x], h);
                if best.as_ref().is_some_and(|b| b.0 <= weight) {
                    continue;
                }
                if let Some(k) = option_elements[i]
                    .iter()
                    .position(|&o| red.in_s[row[o as usize] as usize])
                {
                    best = Some((weight, x, i, k));
                }
            }
        }
        best.map(|(weight, x, i, k)| {
            let h = cand.gens[i];
            let mut w1 = light[x].clone();
            w1.push(h);
            let mut w2 = light[x].clone();
            w2.extend(&self.options[usize::from(h)][k]);
            (weight, Suspect(vec![w1, w2]))
        })
    }

    /// (N): breadth-first over the states `(Φ(G), Φ(G − a) for each heap
    /// class a in G)` (a class: the heaps with one element); a state where
    /// `Φ(G) ∉ S` but no heap of `G` can move into `S` is a failure. With a
    /// failure (or a (P) failure at `cap`), [`NStates::least_failure`]
    /// bounds the failing sums from below.
    fn n_check(
        &mut self,
        cand: &Candidate,
        red: &Reduced,
        table: &[Vec<u32>],
        option_elements: &[Vec<u32>],
        cap: Option<&[u16]>,
    ) -> Result<NCheck> {
        let states = NStates::new(cand, red, table, option_elements);
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
                    if seen.len() >= self.limits.states {
                        return Err(too_costly("states of the proof", self.limits.states));
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
        states.least_failure(cap, self.limits.states)
    }

    /// Which of a failing (N) sum `g` or its options is mispredicted.
    fn n_failure(&mut self, g: &[u16]) -> Result<Suspect> {
        let g = g.to_vec();
        if self.is_p(&g)? {
            return Ok(Suspect(vec![g]));
        }
        // Truly N: some option is a P-position the candidate calls N.
        for (i, &h) in g.iter().enumerate() {
            for leaves in &self.options[usize::from(h)] {
                let child = moved(&g, i, leaves);
                if self.is_p(&child)? {
                    return Ok(Suspect(vec![child]));
                }
            }
        }
        if !self.exact {
            // The fast model agrees with the candidate here: only exact
            // outcomes can refine it.
            return Ok(Suspect(Vec::new()));
        }
        Err(Error::VerificationFailed {
            path: "misère quotient".into(),
            reason: format!(
                "heap {}: an (N) failure at {g:?} without a counterexample",
                self.n
            ),
        })
    }
}

/// The states of the (N) check of a candidate.
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
    fn new(
        cand: &Candidate,
        red: &'a Reduced,
        table: &'a [Vec<u32>],
        option_elements: &[Vec<u32>],
    ) -> Self {
        let order = red.act.len();
        let mut classes: Vec<u32> = cand.gens.iter().map(|&h| run(cand, red, 0, &[h])).collect();
        classes.sort_unstable();
        classes.dedup();
        let mut bad: Vec<Vec<Option<u16>>> = vec![vec![None; order]; classes.len()];
        let mut least = vec![u16::MAX; classes.len()];
        for (i, &h) in cand.gens.iter().enumerate() {
            let c = classes.binary_search(&run(cand, red, 0, &[h])).unwrap_or(0);
            least[c] = least[c].min(h);
            for (z, row) in table.iter().enumerate() {
                if bad[c][z].is_none()
                    && option_elements[i]
                        .iter()
                        .all(|&o| !red.in_s[row[o as usize] as usize])
                {
                    bad[c][z] = Some(h);
                }
            }
        }
        NStates {
            table,
            in_s: &red.in_s,
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
        use std::cmp::Reverse;
        use std::collections::BinaryHeap;
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
enum NCheck {
    /// No failure below the cap; the number of states.
    Consistent(usize),
    /// The weight (descending heaps) of the first failing state and a sum
    /// realising it.
    Failed(Vec<u16>, Pos),
}

/// The least sum (in the multiset order, as descending heaps) of each
/// element of the reduced candidate: Dijkstra from the empty sum.
fn lightest_words(cand: &Candidate, red: &Reduced) -> Vec<Vec<u16>> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let order = red.act.len();
    let mut best: Vec<Option<Vec<u16>>> = vec![None; order];
    let mut queue = BinaryHeap::from([Reverse((Vec::<u16>::new(), 0u32))]);
    while let Some(Reverse((word, x))) = queue.pop() {
        if best[x as usize].is_some() {
            continue;
        }
        for (i, &h) in cand.gens.iter().enumerate() {
            let y = red.act[x as usize][i];
            if best[y as usize].is_none() {
                queue.push(Reverse((with_heap(&word, h), y)));
            }
        }
        best[x as usize] = Some(word);
    }
    best.into_iter().map(Option::unwrap_or_default).collect()
}

/// The element of a sum in `q`.
pub(super) fn class_of(q: &Quotient, pos: &[u16]) -> u32 {
    pos.iter()
        .fold(0, |acc, &h| q.mul(acc, q.pretending[usize::from(h)]))
}

/// The least sum (in the multiset order: a sum is below any sum it is
/// part of, and below any sum with a larger largest heap) of each element
/// of `q`, found in increasing order from the empty sum.
pub(super) fn min_reps(q: &Quotient, options: &[Vec<Pos>]) -> Vec<Pos> {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let heaps: Vec<u16> = (1..=q.max_heap)
        .filter(|&h| !options[h].is_empty())
        .map(|h| h as u16)
        .collect();
    let mut reps: Vec<Option<Pos>> = vec![None; q.order()];
    let mut queue: BinaryHeap<Reverse<Vec<u16>>> = BinaryHeap::from([Reverse(Vec::new())]);
    while let Some(Reverse(desc)) = queue.pop() {
        let x = class_of(q, &desc) as usize;
        if reps[x].is_some() {
            continue;
        }
        let mut pos = desc.clone();
        pos.reverse();
        reps[x] = Some(pos);
        for &h in &heaps {
            if reps[q.mul(x as u32, q.pretending[usize::from(h)]) as usize].is_none() {
                let mut next = desc.clone();
                let at = next.partition_point(|&y| y > h);
                next.insert(at, h);
                queue.push(Reverse(next));
            }
        }
    }
    reps.into_iter().map(Option::unwrap_or_default).collect()
}

fn sorted(w: &[u16]) -> Pos {
    let mut v = w.to_vec();
    v.sort_unstable();
    v
}

/// [`Error::TooCostly`] for a bound of [`Limits`].
pub(super) fn too_costly(what: &str, limit: usize) -> Error {
    Error::TooCostly {
        what: "the misère quotient".into(),
        needs: format!("more than {limit} {what}"),
        limit: "its bound".into(),
        flag: "--force",
    }
}

/// Moore's reduction of the candidate: elements whose futures agree (for
/// every word `w`, `x·w ∈ S ⟺ y·w ∈ S`) are one. Blocks are numbered by
/// their first element, so the identity stays 0.
fn reduce(cand: &Candidate) -> Reduced {
    let n = cand.act.len();
    let mut block: Vec<u32> = cand.in_s.iter().map(|&p| u32::from(p)).collect();
    let mut count = 0;
    loop {
        let mut ids: HashMap<(u32, Vec<u32>), u32> = HashMap::new();
        let mut next = vec![0u32; n];
        for e in 0..n {
            let key = (
                block[e],
                cand.act[e].iter().map(|&t| block[t as usize]).collect(),
            );
            let len = ids.len() as u32;
            next[e] = *ids.entry(key).or_insert(len);
        }
        let new_count = ids.len();
        block = next;
        if new_count == count {
            break;
        }
        count = new_count;
    }
    let mut act = vec![Vec::new(); count];
    let mut in_s = vec![false; count];
    for e in 0..n {
        let b = block[e] as usize;
        if act[b].is_empty() {
            act[b] = cand.act[e].iter().map(|&t| block[t as usize]).collect();
            in_s[b] = cand.in_s[e];
        }
    }
    Reduced { act, in_s, block }
}

/// A candidate path to the first candidate element of reduced block `x`.
fn representative_path(cand: &Candidate, red: &Reduced, x: u32) -> Vec<u16> {
    red.block
        .iter()
        .position(|&b| b == x)
        .map(|e| cand.paths[e].clone())
        .unwrap_or_default()
}

/// A word `z` with `a·z ∈ S` and `b·z ∉ S` or the reverse (breadth-first
/// over pairs).
fn distinguishing_word(red: &Reduced, a: u32, b: u32, gens: &[u16]) -> Vec<u16> {
    let mut prev: HashMap<(u32, u32), ((u32, u32), u16)> = HashMap::new();
    let mut queue = VecDeque::from([(a, b)]);
    let mut seen = HashSet::from([(a, b)]);
    while let Some((x, y)) = queue.pop_front() {
        if red.in_s[x as usize] != red.in_s[y as usize] {
            let mut w = Vec::new();
            let mut s = (x, y);
            while let Some(&(p, h)) = prev.get(&s) {
                w.push(h);
                s = p;
            }
            w.reverse();
            return w;
        }
        for (i, &h) in gens.iter().enumerate() {
            let next = (red.act[x as usize][i], red.act[y as usize][i]);
            if seen.insert(next) {
                prev.insert(next, ((x, y), h));
                queue.push_back(next);
            }
        }
    }
    Vec::new()
}
