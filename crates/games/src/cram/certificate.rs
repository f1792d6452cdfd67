//! A certificate of a Cram nimber: facts about regions from which an
//! independent program can recheck the nimber of a board by the rules
//! alone, each fact by one look at the region's options
//! ([`super::verify`] is that program).
//!
//! A region's nimber is the least value none of its options has (the mex;
//! Sprague–Grundy, Winning Ways, 2nd ed., ch. 3), and an option of a
//! region is the sum of the regions its empty cells fall into, whose
//! nimber is the nim-sum of theirs. A certificate holds two kinds of
//! fact:
//!
//! - **`R = v`**: for every `k < v` some option of `R` has nimber `k`
//!   (its regions all of known nimber), and every option differs from `v`:
//!   its regions all of known nimber and their nim-sum not `v`, or all but
//!   one known, summing to `x`, and a fact `C ≠ v ⊕ x` about the last.
//! - **`R ≠ k`**: some option of `R` has nimber `k` (its regions all of
//!   known nimber), so `k` is not the mex.
//!
//! A region's nimber is known when the certificate states it or when the
//! region has at most [`VERIFIER_SOLVES`] cells (the checker finds it by
//! the rules). Every option of a region is smaller than the region, so
//! once every fact passes its own check, every fact is true (induction on
//! the number of cells), and so is the board's nimber.
//!
//! This is a proof tree, not the whole game: a fact `R ≠ k` needs one
//! option, not all, which is what makes a certificate much smaller than
//! the nimbers of every region reachable. The facts are found with the
//! search ([`Solver`]) as an oracle for the nimbers of regions; the search
//! itself keeps no proof (its pruning, Beling and Rogalski 2020, settles
//! regions by counting arguments that a look at one region cannot
//! repeat).

use super::board::Board;
use super::cells::{Cells, Grid};
use super::layout::Wide;
use super::solver::Solver;
use grundy_core::progress::Progress;
use grundy_core::{Error, Result};
use std::collections::{HashMap, HashSet};

/// Regions of at most this many cells are left out of a certificate: the
/// checker finds their nimbers itself from the rules (the 4,655 free
/// polyominoes of 10 cells and the smaller ones, OEIS A000105, each in
/// microseconds).
pub const VERIFIER_SOLVES: u32 = 10;

/// What a fact says about a region's nimber.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Claim {
    /// The nimber is this value.
    Is(u8),
    /// The nimber is not this value.
    IsNot(u8),
}

/// A fact about one region.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fact {
    /// The region's cells at the top left, in the layout of
    /// [`super::cells`] (a least image under the board's symmetries; a
    /// checker may take any image).
    pub region: Cells,
    /// What is claimed.
    pub claim: Claim,
}

/// A board, its nimber and the facts that prove it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Certificate {
    /// The board.
    pub board: Board,
    /// Its nimber, as claimed.
    pub nimber: u8,
    /// The facts, by number of cells, then by region, then `=` before
    /// `≠`.
    pub facts: Vec<Fact>,
}

impl Certificate {
    /// The facts `R = v` and the facts `R ≠ k`.
    pub fn counts(&self) -> (usize, usize) {
        let is = self
            .facts
            .iter()
            .filter(|f| matches!(f.claim, Claim::Is(_)))
            .count();
        (is, self.facts.len() - is)
    }
}

/// The canonical form (in [`Wide`]) of a region and its cell count.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Part {
    cells: u32,
    key: u128,
}

/// The builder of a certificate: the facts so far and the nimbers the
/// search gave.
struct Prover<'s, 'a> {
    solver: &'s mut Solver<'a>,
    values: HashMap<u128, u8>,
    exact: HashSet<u128>,
    not: HashSet<(u128, u8)>,
    facts: Vec<(Part, Claim)>,
}

impl Prover<'_, '_> {
    /// The regions of `e` by the rules (not the search's split, which
    /// reduces and cuts twin squares).
    fn parts(e: Cells) -> Vec<Part> {
        let mut out = Vec::new();
        let mut rest = e;
        while rest != 0 {
            let r = Wide.region_of(rest, rest);
            rest &= !r;
            out.push(Part {
                cells: r.count_ones(),
                key: Wide.canonical(r),
            });
        }
        out.sort_unstable();
        out
    }

    /// The options of a region: the regions of each, without repeats.
    fn options(p: Part) -> Vec<Vec<Part>> {
        let r = Wide.cells_of(p.key);
        let mut out = Vec::new();
        for (moves, step) in [(Wide.vertical_moves(r), 16), (Wide.horizontal_moves(r), 1)] {
            let mut m = moves;
            while m != 0 {
                let b = m & m.wrapping_neg();
                m ^= b;
                out.push(Self::parts(r & !(b | b << step)));
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// The nimber of the region `p` (the search in full).
    fn value(&mut self, p: Part) -> Result<u8> {
        if let Some(&v) = self.values.get(&p.key) {
            return Ok(v);
        }
        let v = self.solver.nimber(Wide.cells_of(p.key))?;
        self.values.insert(p.key, v);
        Ok(v)
    }

    fn known(&self, p: Part) -> bool {
        p.cells <= VERIFIER_SOLVES || self.exact.contains(&p.key)
    }

    /// The cells of an option's regions whose nimber a checker does not
    /// know yet: what choosing it as a witness adds.
    fn cost(&self, option: &[Part]) -> u32 {
        option
            .iter()
            .filter(|p| !self.known(**p))
            .map(|p| p.cells)
            .sum()
    }

    /// Whether the option `o` (its regions, the largest last) has nimber
    /// `k`: every region but the last in full, the last only asked
    /// whether it completes the nim-sum to `k`.
    fn option_is(&mut self, o: &[Part], k: u8) -> Result<bool> {
        let Some((&last, rest)) = o.split_last() else {
            return Ok(k == 0);
        };
        let mut x = 0;
        for &q in rest {
            x ^= self.value(q)?;
        }
        if let Some(&v) = self.values.get(&last.key) {
            return Ok(v ^ x == k);
        }
        self.solver.nimber_is(Wide.cells_of(last.key), k ^ x)
    }

    /// Proves every region of `option` exactly; returns their nim-sum.
    fn prove_all(&mut self, option: &[Part]) -> Result<u8> {
        let mut x = 0;
        for &p in option {
            x ^= self.prove_is(p)?;
        }
        Ok(x)
    }

    /// The option of least cost among `options` with nimber `k`, not
    /// among those `taken`.
    fn witness(&mut self, options: &[Vec<Part>], taken: &[bool], k: u8) -> Result<usize> {
        let mut order: Vec<usize> = (0..options.len()).filter(|&i| !taken[i]).collect();
        order.sort_by_cached_key(|&i| self.cost(&options[i]));
        for i in order {
            if self.option_is(&options[i], k)? {
                return Ok(i);
            }
        }
        Err(broken(
            "the search gave a region a nimber no option leads to",
        ))
    }

    /// Proves the nimber of the region `p`; returns it.
    fn prove_is(&mut self, p: Part) -> Result<u8> {
        let v = self.value(p)?;
        if self.known(p) {
            return Ok(v);
        }
        self.exact.insert(p.key);
        let options = Self::options(p);
        let mut taken = vec![false; options.len()];
        for k in 0..v {
            let i = self.witness(&options, &taken, k)?;
            taken[i] = true;
            if self.prove_all(&options[i])? != k {
                return Err(broken("a witness's regions do not sum to its nimber"));
            }
        }
        for (o, _) in options.iter().zip(&taken).filter(|(_, &t)| !t) {
            // Every region but the largest exactly; that one only shown
            // to differ from the value that would make v.
            if let Some((&last, rest)) = o.split_last() {
                let x = self.prove_all(rest)?;
                self.prove_not(last, v ^ x)?;
            } else if v == 0 {
                return Err(broken("a region of nimber 0 has an option of none"));
            }
        }
        self.facts.push((p, Claim::Is(v)));
        Ok(v)
    }

    /// Proves that the region `p` does not have nimber `k`.
    fn prove_not(&mut self, p: Part, k: u8) -> Result<()> {
        if self.known(p) {
            return if self.value(p)? == k {
                Err(broken("asked to prove a region's nimber is not its nimber"))
            } else {
                Ok(())
            };
        }
        if self.not.contains(&(p.key, k)) {
            return Ok(());
        }
        if self
            .solver
            .nimber_below(Wide.cells_of(p.key), k.saturating_add(1))?
            .is_some()
        {
            // At most k: no option has the nimber, a whole proof of it.
            if self.prove_is(p)? == k {
                return Err(broken("asked to prove a region's nimber is not its nimber"));
            }
            return Ok(());
        }
        let options = Self::options(p);
        let taken = vec![false; options.len()];
        let i = self.witness(&options, &taken, k)?;
        self.prove_all(&options[i])?;
        self.not.insert((p.key, k));
        self.facts.push((p, Claim::IsNot(k)));
        Ok(())
    }
}

fn broken(reason: &str) -> Error {
    Error::CheckFailed {
        what: "the Cram certificate".into(),
        reason: reason.into(),
    }
}

/// A certificate of the nimber of `board`, with `solver` as the oracle
/// for the nimbers of regions (its table speeds up later questions).
///
/// # Errors
/// [`Error::Stopped`] when the solver's progress asks;
/// [`Error::CheckFailed`] if the search's nimbers contradict one
/// another (a bug, never expected).
pub fn prove(
    solver: &mut Solver<'_>,
    board: &Board,
    progress: &dyn Progress,
) -> Result<Certificate> {
    let mut prover = Prover {
        solver,
        values: HashMap::new(),
        exact: HashSet::new(),
        not: HashSet::new(),
        facts: Vec::new(),
    };
    let mut nimber = 0;
    for p in Prover::parts(board.cells()) {
        nimber ^= prover.prove_is(p)?;
        if progress.stop_requested() {
            return Err(Error::Stopped);
        }
    }
    // A fact `R ≠ k` taken before `R = v` was needed says nothing more.
    let exact = prover.exact;
    let mut facts = prover.facts;
    facts.retain(|(p, c)| matches!(c, Claim::Is(_)) || !exact.contains(&p.key));
    facts.sort_unstable();
    Ok(Certificate {
        board: board.clone(),
        nimber,
        facts: facts
            .into_iter()
            .map(|(p, claim)| Fact {
                region: Wide.cells_of(p.key),
                claim,
            })
            .collect(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cram::verify::verify;
    use grundy_core::impartial::MemoSolver;
    use grundy_core::progress::NoProgress;

    fn certify(board: &Board) -> Certificate {
        prove(&mut Solver::new(1 << 20), board, &NoProgress).unwrap()
    }

    #[test]
    fn certificates_of_small_boards_pass_and_prove_the_plain_values() {
        let mut plain = MemoSolver::new();
        let mut facts = 0;
        for (r, c) in [
            (3, 4),
            (3, 5),
            (4, 4),
            (4, 5),
            (3, 7),
            (5, 5),
            (2, 11),
            (4, 6),
        ] {
            let b = Board::empty(r, c).unwrap();
            let cert = certify(&b);
            assert_eq!(u32::from(cert.nimber), plain.nimber(&b).0, "{r}x{c}");
            let checked = verify(&cert).unwrap();
            assert_eq!(checked.facts, cert.facts.len());
            facts += cert.facts.len();
            // In order, without repeats.
            assert!(cert.facts.windows(2).all(|w| {
                let key = |f: &Fact| (f.region.count_ones(), Wide.canonical(f.region), f.claim);
                key(&w[0]) < key(&w[1])
            }));
        }
        assert!(facts > 1000, "{facts}");
        // Positions mid-game, several regions.
        for text in ["..#.../...#../#...../....#.", "...#..../.#....#./....#..."] {
            let b = Board::parse(text).unwrap();
            let cert = certify(&b);
            assert_eq!(u32::from(cert.nimber), plain.nimber(&b).0, "{text}");
            verify(&cert).unwrap();
        }
    }

    #[test]
    fn every_edit_of_a_certificate_is_refused_or_harmless() {
        // 4 x 5 is *2 (Beling's table of record).
        let good = certify(&Board::empty(4, 5).unwrap());
        assert_eq!(good.nimber, 2);
        let mut wrong = good.clone();
        wrong.nimber = 3;
        assert_eq!(verify(&wrong).unwrap_err().fact, None);
        // Each value changed to every other value: refused.
        for i in 0..good.facts.len() {
            for n in 0..4u8 {
                let mut c = good.clone();
                c.facts[i].claim = match c.facts[i].claim {
                    Claim::Is(v) if v != n => Claim::Is(n),
                    Claim::IsNot(k) if k != n => Claim::IsNot(n),
                    _ => continue,
                };
                // A true fact stays true: `≠ n` may hold for another n.
                let truth = Solver::new(1 << 16).nimber(c.facts[i].region).unwrap();
                if c.facts[i].claim == Claim::IsNot(n) && truth != n {
                    continue;
                }
                assert!(verify(&c).is_err(), "fact {i} {:?}", c.facts[i]);
            }
        }
        // Facts left out: the board's own region is needed; a witness
        // chosen early may later be one of several, so not every fact is.
        let mut refused = 0;
        for i in 0..good.facts.len() {
            let mut c = good.clone();
            c.facts.remove(i);
            if verify(&c).is_err() {
                refused += 1;
            } else {
                assert!(good.facts[i].region.count_ones() < 20, "fact {i}");
            }
        }
        assert!(
            refused * 10 > good.facts.len() * 9,
            "{refused} of {}",
            good.facts.len()
        );
    }
}
