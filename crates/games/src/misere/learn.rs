//! Finding the misère quotient `Q_N` of an octal game and proving it.
//!
//! **The proof** (the verification of Plambeck and Siegel, "Misère
//! quotients for impartial games", J. Combin. Theory Ser. A 115 (2008),
//! §6, in this form): let `M` be a finite
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
//! **The search** for the candidate `(M, S, Φ)`: heaps are added one at a
//! time, `Q_1, Q_2, …, Q_N`, each proved. Each `Q_n` is sought inside
//! finite monoids built from `Q_(n−1)` first (`expand.rs`, Siegel's
//! MisereSolver), and where that gives up, learned from the outcomes of
//! searched sums (`learner.rs`). Both end in the same proof, whose
//! steps are one implementation each: the least sums of the multiset order
//! (`words.rs`), the reduction by indistinguishability
//! (`reduce.rs`), (P) (`checks.rs`) and (N)
//! (`n_check.rs`).

use super::bounds::out_of_time;
pub use super::bounds::Limits;
use super::expand::{next_level, Game};
use super::learner::LevelSearch;
use super::options::heap_options;
use super::quotient::Quotient;
pub use super::words::Pos;
use crate::octal::OctalCode;
use grundy_core::progress::Progress;
use grundy_core::{Error, Result};

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

/// Computes and proves `Q_N` of `code` for `N = max_heap`.
///
/// # Errors
/// [`Error::OutOfRange`] for `max_heap` past 65,535; [`Error::TooCostly`]
/// past a bound of `limits`; [`Error::Stopped`] when `progress` asks;
/// [`Error::CheckFailed`] if the refinement stops making progress (a
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
/// [`Error::CheckFailed`] if the refinement stops making progress (a
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
/// [`Error::CheckFailed`] if the refinement stops making progress (a
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
    let (mut q, mut growth) = course.start.unwrap_or_else(|| (trivial(), Vec::new()));
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
        let run = Run {
            options,
            limits: &limits,
            progress,
            method,
        };
        let (next, refinements, s) = match run.level(&q, n, &mut tests, &mut positions) {
            Ok(l) => l,
            Err(e @ (Error::TooCostly { .. } | Error::Stopped)) => {
                stopped = Some(e);
                break;
            }
            Err(e) => return Err(e),
        };
        if let Some(s) = s {
            states = s;
        }
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

/// `Q_0`: the trivial quotient, before any heap.
fn trivial() -> Quotient {
    Quotient {
        max_heap: 0,
        table: vec![vec![0]],
        p_portion: vec![false],
        pretending: vec![0],
    }
}

/// What every level of a run of [`quotient_of_options`] shares.
struct Run<'a> {
    options: &'a [Vec<Pos>],
    limits: &'a Limits,
    progress: &'a dyn Progress,
    method: Method,
}

impl Run<'_> {
    /// Proves `Q_n` from the proved `prev = Q_(n−1)`: inside finite
    /// monoids first (by [`Method::Monoid`]), else by the learner, which
    /// grows `tests` and adds the positions it searched to `positions`.
    /// `Q_n`, the candidates refuted and the (N) check's states (`None`
    /// where the monoid method skipped the check).
    fn level(
        &self,
        prev: &Quotient,
        n: u16,
        tests: &mut Vec<Pos>,
        positions: &mut usize,
    ) -> Result<(Quotient, usize, Option<usize>)> {
        if self.method == Method::Monoid {
            let game = Game {
                options: self.options,
                n,
            };
            let note = |s: &str| self.progress.note(s);
            if let Some(found) = next_level(prev, &game, self.limits, &note)? {
                let states = (found.states > 0).then_some(found.states);
                return Ok((found.quotient, found.refinements, states));
            }
        }
        let mut level = LevelSearch::new(self.options, prev, n, *self.limits);
        let learned = level.learn(tests, self.progress);
        *positions += level.positions();
        let (q, refinements, states) = learned?;
        Ok((q, refinements, Some(states)))
    }
}
