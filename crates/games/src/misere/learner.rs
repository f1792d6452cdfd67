//! The learner: `Q_n` from the outcomes of searched sums, when the
//! monoid method ([`super::expand`]) gives up on a level.
//!
//! It learns the outcome function like Angluin's L* for a commutative
//! monoid: elements are representatives (real sums of heaps), two sums are
//! put together when their outcomes agree after adding every test sum
//! ([`super::candidate`]), and each failure of the proof (Plambeck and
//! Siegel, "Misère quotients for impartial games", J. Combin. Theory Ser.
//! A 115 (2008), §6: the checks of [`super::checks`] and
//! [`super::n_check`]) yields a sum whose predicted outcome is wrong, from
//! which a new test is cut (Rivest and Schapire's split of a
//! counterexample). The outcomes come from a search over sums that contain
//! heap `n`, the sums of smaller heaps being read from the proved
//! `Q_(n−1)`; until the search is needed, from a fast model.

use super::bounds::{past, too_costly, Limits};
use super::candidate::{
    commutativity_suspect, lightest_words, reduce, representative_path, run, Candidate, Reduced,
    Suspect,
};
use super::checks::{p_failure, PFailure};
use super::n_check::{by_class_states, Image, NCheck};
use super::quotient::Quotient;
use super::words::{class_of, min_reps, moved, plus, sorted, Pos};
use grundy_core::progress::Progress;
use grundy_core::{Error, Result};
use rustc_hash::FxHashMap;
use std::collections::HashMap;

/// The search of one level `n`: outcomes, the fast model and the
/// candidates refuted so far.
pub(super) struct LevelSearch<'a> {
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

impl<'a> LevelSearch<'a> {
    /// The search of heap `n` over `options`, `prev` being the proved
    /// `Q_(n−1)`.
    pub fn new(options: &'a [Vec<Pos>], prev: &'a Quotient, n: u16, limits: Limits) -> Self {
        let n_option_classes: Vec<u32> = options[usize::from(n)]
            .iter()
            .map(|l| class_of(prev, l))
            .collect();
        LevelSearch {
            options,
            prev,
            n,
            memo: FxHashMap::default(),
            limits,
            exact: false,
            reps: min_reps(prev, options),
            n_option_classes,
            fast: HashMap::new(),
            trusted: None,
        }
    }

    /// Positions the exact search settled.
    pub fn positions(&self) -> usize {
        self.memo.len()
    }
}

impl LevelSearch<'_> {
    fn check_deadline(&self) -> Result<()> {
        past(self.limits.deadline, self.n)
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
                .ok_or_else(|| Error::CheckFailed {
                    what: "misère quotient".into(),
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
    pub fn learn(
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
                        return Err(Error::CheckFailed {
                            what: "misère quotient".into(),
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
            return Err(Error::CheckFailed {
                what: "misère quotient".into(),
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
        let elements: Vec<u32> = (0..cand.gens.len()).map(|i| red.act[0][i]).collect();
        let p_failure = p_failure(
            &red.in_s,
            &table,
            &cand.gens,
            &elements,
            &option_elements,
            &light,
        )
        .map(|f| self.p_suspect(cand, &light, &f));
        let cap = p_failure.as_ref().map(|f| f.0.clone());
        let image = Image {
            gens: &cand.gens,
            elements: &elements,
            table: &table,
            in_s: &red.in_s,
            option_elements: &option_elements,
        };
        let failure = match by_class_states(&image, cap.as_deref(), self.limits.states)? {
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

    /// A failure of (P) as the least failing sum and a suspect: the
    /// lightest sum of its element `x` plus heap `h`, and the same sum with
    /// the option of `h` that lands in `S` instead.
    fn p_suspect(&self, cand: &Candidate, light: &[Vec<u16>], f: &PFailure) -> (Vec<u16>, Suspect) {
        let h = cand.gens[f.heap];
        let mut w1 = light[f.x].clone();
        w1.push(h);
        let mut w2 = light[f.x].clone();
        w2.extend(&self.options[usize::from(h)][f.option]);
        (f.word.clone(), Suspect(vec![w1, w2]))
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
        Err(Error::CheckFailed {
            what: "misère quotient".into(),
            reason: format!(
                "heap {}: an (N) failure at {g:?} without a counterexample",
                self.n
            ),
        })
    }
}
