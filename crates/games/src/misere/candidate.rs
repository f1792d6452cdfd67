//! A candidate quotient of the learner ([`super::learner`]): elements
//! with representative sums and the generators' actions, learned from
//! outcomes, and its reduction by indistinguishability (Plambeck and
//! Siegel, "Misère quotients for impartial games", J. Combin. Theory Ser. A
//! 115 (2008), §3, through [`super::reduce`]).
//!
//! A reduced candidate is a quotient only if its generators' actions
//! commute (a quotient is a commutative monoid); where two do not, the two
//! orders of the same heaps, continued by a word that tells their results
//! apart, are a [`Suspect`]: one of them is mispredicted.

use super::reduce::blocks;
use super::words::{least_words, Pos, Word};
use std::collections::{HashMap, HashSet, VecDeque};

/// A candidate: elements with representatives and the generators' action.
pub(super) struct Candidate {
    pub gens: Vec<u16>,
    pub reps: Vec<Pos>,
    /// The generator word that first reached each element.
    pub paths: Vec<Vec<u16>>,
    pub act: Vec<Vec<u32>>,
    pub in_s: Vec<bool>,
}

impl Candidate {
    pub fn gen_index(&self, h: u16) -> usize {
        self.gens.binary_search(&h).unwrap_or(0)
    }
}

/// The reduced candidate: the quotient proper, if the proof holds.
pub(super) struct Reduced {
    pub act: Vec<Vec<u32>>,
    pub in_s: Vec<bool>,
    /// Block of each candidate element.
    pub block: Vec<u32>,
}

/// Runs `word` from element `e` in the reduced candidate.
pub(super) fn run(cand: &Candidate, red: &Reduced, mut e: u32, word: &[u16]) -> u32 {
    for &h in word {
        e = red.act[e as usize][cand.gen_index(h)];
    }
    e
}

/// Whether the generators' actions commute; a suspect where two do not
/// (the two orders, continued by a word telling their results apart).
pub(super) fn commutativity_suspect(cand: &Candidate, red: &Reduced) -> Option<Suspect> {
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
pub(super) struct Suspect(pub Vec<Vec<u16>>);

/// The least sum (in the multiset order, as descending heaps) of each
/// element of the reduced candidate.
pub(super) fn lightest_words(cand: &Candidate, red: &Reduced) -> Vec<Word> {
    least_words(red.act.len(), &cand.gens, |x, i| red.act[x as usize][i])
}

/// Moore's reduction of the candidate: elements whose futures agree (for
/// every word `w`, `x·w ∈ S ⟺ y·w ∈ S`) are one. Blocks are numbered by
/// their first element, so the identity stays 0.
pub(super) fn reduce(cand: &Candidate) -> Reduced {
    let (block, count) = blocks(&cand.in_s, &cand.act);
    let n = cand.act.len();
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
pub(super) fn representative_path(cand: &Candidate, red: &Reduced, x: u32) -> Vec<u16> {
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
