//! The misère outcome of a sum by memoized search over canonical positions
//! ([`super::position`]): a position is a P-position (the player to move
//! loses) exactly when it has at least one option and every option is an
//! N-position; a position without options is an N-position, since the
//! player to move has already won (Winning Ways, 2nd ed., ch. 13).
//!
//! The same search, with another [`Rule`], computes any value defined from
//! the options' values (the misère nimber, Conway's genus): [`Search::evaluate`].
//! It is iterative (no recursion, so no stack overflow however deep the
//! game), refuses a cycle of moves, and stops at a bound on the positions
//! it keeps.

use super::position::{Atom, Family, Position};
pub use grundy_core::impartial::Outcome;
use grundy_core::impartial::{mex, Nimber};
use grundy_core::{Error, Result};
use std::collections::{HashMap, HashSet};
use std::rc::Rc;

/// How a position's value follows from its options' values.
pub trait Rule {
    /// The value.
    type Value: Clone;
    /// The value of a position without options.
    fn terminal(&self) -> Self::Value;
    /// The position's value if this one option's value alone settles it
    /// (an option that is a P-position makes an N-position).
    fn decided_by(&self, _option: &Self::Value) -> Option<Self::Value> {
        None
    }
    /// The value from every option's value (each distinct option once).
    fn combine(&self, options: &[Self::Value]) -> Self::Value;
}

/// The misère outcome rule: `true` for a P-position.
#[derive(Clone, Copy, Debug, Default)]
pub struct MisereOutcome;

impl Rule for MisereOutcome {
    type Value = bool;
    fn terminal(&self) -> bool {
        false
    }
    fn decided_by(&self, option: &bool) -> Option<bool> {
        option.then_some(false)
    }
    fn combine(&self, options: &[bool]) -> bool {
        options.iter().all(|&p| !p)
    }
}

/// The misère nimber `G⁻` (Conway, ONAG ch. 12): 1 for a position without
/// options, else the mex of the options' misère nimbers. A position is a
/// misère P-position exactly when its misère nimber is 0.
#[derive(Clone, Copy, Debug, Default)]
pub struct MisereNimber;

impl Rule for MisereNimber {
    type Value = u32;
    fn terminal(&self) -> u32 {
        1
    }
    fn combine(&self, options: &[u32]) -> u32 {
        mex(options.iter().map(|&v| Nimber(v))).0
    }
}

/// One move of a sum: component `component` (an index into the position)
/// replaced by the components `leaves` (before dropping those without
/// options), giving `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Move {
    /// Index of the component moved in, within the position.
    pub component: usize,
    /// What is left in its place.
    pub leaves: Vec<Atom>,
    /// The position after the move.
    pub to: Position,
}

/// A search over the sums of some families' components, with its caches.
pub struct Search<'a> {
    families: &'a [&'a dyn Family],
    atom_options: HashMap<Atom, Rc<Vec<Vec<Atom>>>>,
    outcomes: HashMap<Position, bool>,
    max_positions: usize,
    progress: Option<&'a dyn grundy_core::progress::Progress>,
}

struct Frame<V> {
    pos: Position,
    options: Vec<Position>,
    next: usize,
    values: Vec<V>,
}

impl<'a> Search<'a> {
    /// A search over sums of components of `families` (an [`Atom`]'s
    /// `family` indexes this slice), keeping at most `max_positions`
    /// positions per memo.
    pub fn new(families: &'a [&'a dyn Family], max_positions: usize) -> Self {
        Search {
            families,
            atom_options: HashMap::new(),
            outcomes: HashMap::new(),
            max_positions,
            progress: None,
        }
    }

    /// Reports the positions kept to `progress` (every 65,536, as
    /// [`Progress::advance`](grundy_core::progress::Progress::advance)) and stops
    /// with [`Error::Stopped`] when it asks.
    pub fn with_progress(mut self, progress: &'a dyn grundy_core::progress::Progress) -> Self {
        self.progress = Some(progress);
        self
    }

    /// The label of a component (`kayles:9`).
    pub fn label(&self, a: Atom) -> String {
        self.families
            .get(usize::from(a.family))
            .map_or_else(|| format!("?{}:{}", a.family, a.id), |f| f.label(a.id))
    }

    /// Every option of component `a`, each as what it leaves.
    ///
    /// # Errors
    /// The family's error for an id it does not have.
    pub fn atom_options(&mut self, a: Atom) -> Result<Rc<Vec<Vec<Atom>>>> {
        if let Some(o) = self.atom_options.get(&a) {
            return Ok(Rc::clone(o));
        }
        let family = self
            .families
            .get(usize::from(a.family))
            .ok_or_else(|| Error::OutOfRange {
                what: format!("family {}", a.family),
                reason: "no such family in this sum".into(),
            })?;
        let mut raw = Vec::new();
        family.options(a.id, &mut raw)?;
        let options: Vec<Vec<Atom>> = raw
            .into_iter()
            .map(|ids| {
                ids.into_iter()
                    .map(|id| Atom {
                        family: a.family,
                        id,
                    })
                    .collect()
            })
            .collect();
        let rc = Rc::new(options);
        self.atom_options.insert(a, Rc::clone(&rc));
        Ok(rc)
    }

    /// Whether component `a` has no option (it is the game `0`).
    ///
    /// # Errors
    /// As [`atom_options`](Self::atom_options).
    pub fn is_terminal(&mut self, a: Atom) -> Result<bool> {
        Ok(self.atom_options(a)?.is_empty())
    }

    /// The canonical position of the sum of `atoms`.
    ///
    /// # Errors
    /// As [`atom_options`](Self::atom_options).
    pub fn position(&mut self, atoms: Vec<Atom>) -> Result<Position> {
        let mut kept = Vec::with_capacity(atoms.len());
        for a in atoms {
            if !self.is_terminal(a)? {
                kept.push(a);
            }
        }
        kept.sort_unstable();
        Ok(kept.into_boxed_slice())
    }

    /// Every move from `pos`, in order of component then of its options;
    /// equal components are moved in once (their moves are the same).
    ///
    /// # Errors
    /// As [`atom_options`](Self::atom_options).
    pub fn moves(&mut self, pos: &[Atom]) -> Result<Vec<Move>> {
        let mut out = Vec::new();
        for (i, &a) in pos.iter().enumerate() {
            if i > 0 && pos.get(i - 1) == Some(&a) {
                continue;
            }
            let options = self.atom_options(a)?;
            for leaves in options.iter() {
                let mut atoms: Vec<Atom> = Vec::with_capacity(pos.len() + leaves.len());
                atoms.extend(
                    pos.iter()
                        .enumerate()
                        .filter(|&(j, _)| j != i)
                        .map(|(_, &b)| b),
                );
                atoms.extend(leaves.iter().copied());
                let to = self.position(atoms)?;
                out.push(Move {
                    component: i,
                    leaves: leaves.clone(),
                    to,
                });
            }
        }
        Ok(out)
    }

    /// The distinct positions one move from `pos`, sorted.
    fn option_positions(&mut self, pos: &[Atom]) -> Result<Vec<Position>> {
        let mut v: Vec<Position> = self.moves(pos)?.into_iter().map(|m| m.to).collect();
        v.sort_unstable();
        v.dedup();
        Ok(v)
    }

    /// The misère outcome of `pos`.
    ///
    /// # Errors
    /// [`Error::TooCostly`] past the bound on positions; [`Error::OutOfRange`]
    /// for a cycle of moves.
    pub fn outcome(&mut self, pos: &Position) -> Result<Outcome> {
        let mut memo = std::mem::take(&mut self.outcomes);
        let r = self.evaluate(&MisereOutcome, &mut memo, pos);
        self.outcomes = memo;
        Ok(if r? { Outcome::P } else { Outcome::N })
    }

    /// Every winning move from `pos` (a move to a misère P-position); none
    /// when `pos` is itself a P-position.
    ///
    /// # Errors
    /// As [`outcome`](Self::outcome).
    pub fn winning_moves(&mut self, pos: &Position) -> Result<Vec<Move>> {
        let mut wins = Vec::new();
        for m in self.moves(pos)? {
            if self.outcome(&m.to)? == Outcome::P {
                wins.push(m);
            }
        }
        Ok(wins)
    }

    /// The positions the outcome memo holds.
    pub fn positions_searched(&self) -> usize {
        self.outcomes.len()
    }

    /// The value of `root` under `rule`, every position reached kept in
    /// `memo` (which may hold values from earlier calls with the same rule).
    ///
    /// # Errors
    /// [`Error::TooCostly`] once `memo` would hold more than the bound;
    /// [`Error::OutOfRange`] for a cycle of moves (a loopy game has no
    /// misère outcome here); a family's error.
    pub fn evaluate<R: Rule>(
        &mut self,
        rule: &R,
        memo: &mut HashMap<Position, R::Value>,
        root: &Position,
    ) -> Result<R::Value> {
        if let Some(v) = memo.get(root) {
            return Ok(v.clone());
        }
        let mut on_stack: HashSet<Position> = HashSet::new();
        let mut stack: Vec<Frame<R::Value>> = vec![self.frame(root.clone())?];
        on_stack.insert(root.clone());
        while let Some(top) = stack.last_mut() {
            let mut settled = None;
            while top.next < top.options.len() && settled.is_none() {
                let child = &top.options[top.next];
                match memo.get(child) {
                    Some(v) => {
                        settled = rule.decided_by(v);
                        top.values.push(v.clone());
                        top.next += 1;
                    }
                    None => break,
                }
            }
            if settled.is_none() && top.next < top.options.len() {
                let child = top.options[top.next].clone();
                if on_stack.contains(&child) {
                    let what = child
                        .iter()
                        .map(|&a| self.label(a))
                        .collect::<Vec<_>>()
                        .join(" + ");
                    return Err(Error::OutOfRange {
                        what,
                        reason: "is reached again by a cycle of moves; a misère outcome is computed only for games that end".into(),
                    });
                }
                let f = self.frame(child.clone())?;
                on_stack.insert(child);
                stack.push(f);
                continue;
            }
            let value = settled.unwrap_or_else(|| {
                if top.options.is_empty() {
                    rule.terminal()
                } else {
                    rule.combine(&top.values)
                }
            });
            let Some(done) = stack.pop() else {
                break;
            };
            on_stack.remove(&done.pos);
            if memo.len() >= self.max_positions {
                return Err(Error::TooCostly {
                    what: "the misère search".into(),
                    needs: format!(
                        "more positions than the {} it stored without deciding it",
                        memo.len()
                    ),
                    limit: format!("the bound of {} positions", self.max_positions),
                    flag: "--max-positions N or --force",
                });
            }
            memo.insert(done.pos, value);
            if memo.len() & 0xFFFF == 0 {
                if let Some(p) = self.progress {
                    p.advance(0x10000);
                    if p.stop_requested() {
                        return Err(Error::Stopped);
                    }
                }
            }
        }
        memo.get(root).cloned().ok_or_else(|| Error::CheckFailed {
            what: "misère search".into(),
            reason: "the root was not settled".into(),
        })
    }

    fn frame<V>(&mut self, pos: Position) -> Result<Frame<V>> {
        let options = self.option_positions(&pos)?;
        Ok(Frame {
            pos,
            values: Vec::with_capacity(options.len()),
            options,
            next: 0,
        })
    }
}
