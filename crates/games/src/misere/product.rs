//! The finite commutative monoids the monoid method ([`super::expand`])
//! builds its candidates in: products of a known quotient with cyclic
//! monoids, the marking of their P-portion by the mex rule, and their
//! reduction to a [`Quotient`] (by indistinguishability, [`super::reduce`];
//! Plambeck and Siegel, "Misère quotients for impartial games", J. Combin.
//! Theory Ser. A 115 (2008), §3 and §6).

use super::bounds::past;
use super::options::{step_set, transitions};
use super::quotient::Quotient;
use super::reduce::blocks;
use super::words::{with_heap, Pos, Word};
use grundy_core::{Deadline, Error, Result};
use rustc_hash::FxHashMap;
use std::cmp::Reverse;
use std::collections::BinaryHeap;

/// A finite commutative monoid: a base given by its table, times cyclic
/// monoids `⟨a | a^(i+p) = a^i⟩` (index `i`, period `p`). Element `x` is
/// `x mod K` in the base and the mixed-radix digits of `x / K` as powers.
pub(super) struct Product {
    base: Vec<Vec<u32>>,
    cyclic: Vec<(u32, u32)>,
    pub size: usize,
}

impl Product {
    pub fn new(base: Vec<Vec<u32>>, cyclic: Vec<(u32, u32)>) -> Self {
        let size = cyclic
            .iter()
            .fold(base.len(), |s, &(i, p)| s.saturating_mul((i + p) as usize));
        Product { base, cyclic, size }
    }

    pub fn mul(&self, x: u32, y: u32) -> u32 {
        let k = self.base.len() as u32;
        let (mut rx, mut ry) = (x / k, y / k);
        let mut out = self.base[(x % k) as usize][(y % k) as usize];
        let mut radix = k;
        for &(i, p) in &self.cyclic {
            let m = i + p;
            let mut s = rx % m + ry % m;
            if s >= m {
                s = i + (s - i) % p;
            }
            out += s * radix;
            rx /= m;
            ry /= m;
            radix *= m;
        }
        out
    }

    /// The generator of cyclic component `c`.
    pub fn generator(&self, c: usize) -> u32 {
        let mut radix = self.base.len() as u32;
        for &(i, p) in &self.cyclic[..c] {
            radix *= i + p;
        }
        radix
    }
}

/// A marked candidate: each element's outcome by the mex rule on its least
/// sum, and that sum.
pub(super) struct Marked {
    in_s: Vec<bool>,
    word: Vec<Word>,
}

/// Marks the P-portion of `m` under `phi` (Dijkstra in the multiset order
/// from the empty sum; every option of a sum is below it, so its element's
/// least sum was marked first). Elements no sum reaches stay unmarked
/// (`word` empty, not the identity).
pub(super) fn mark(
    m: &Product,
    heaps: &[u16],
    phi: &[u32],
    options: &[Vec<Pos>],
    n: u16,
    deadline: Option<Deadline>,
) -> Result<Marked> {
    let mul = |x: u32, y: u32| m.mul(x, y);
    let tr: Vec<Vec<u32>> = heaps
        .iter()
        .map(|&h| transitions(&mul, phi, &options[usize::from(h)]))
        .collect();
    let mut in_s = vec![false; m.size];
    let mut done = vec![false; m.size];
    let mut word: Vec<Word> = vec![Vec::new(); m.size];
    let mut sets: Vec<Vec<u32>> = vec![Vec::new(); m.size];
    // (word, element, parent element, heap index): the parent's set is
    // extended when the element is taken.
    let mut best: FxHashMap<u32, Word> = FxHashMap::default();
    let mut queue: BinaryHeap<Reverse<(Word, u32, u32, usize)>> = BinaryHeap::new();
    queue.push(Reverse((Vec::new(), 0, 0, usize::MAX)));
    let mut taken = 0u32;
    while let Some(Reverse((w, e, parent, i))) = queue.pop() {
        if done[e as usize] {
            continue;
        }
        taken = taken.wrapping_add(1);
        if taken % 4096 == 0 {
            past(deadline, n)?;
        }
        let t = if i == usize::MAX {
            Vec::new()
        } else {
            step_set(
                &mul,
                &sets[parent as usize],
                parent,
                phi[usize::from(heaps[i])],
                &tr[i],
            )
        };
        if let Some(&y) = t.iter().find(|&&y| !done[y as usize]) {
            return Err(Error::CheckFailed {
                what: "misère quotient".into(),
                reason: format!("marking reached element {y} before its least sum"),
            });
        }
        in_s[e as usize] = !t.is_empty() && t.iter().all(|&y| !in_s[y as usize]);
        done[e as usize] = true;
        for (j, &h) in heaps.iter().enumerate() {
            let y = m.mul(e, phi[usize::from(h)]);
            if done[y as usize] {
                continue;
            }
            let nw = with_heap(&w, h);
            if best.get(&y).is_some_and(|b| *b <= nw) {
                continue;
            }
            best.insert(y, nw.clone());
            queue.push(Reverse((nw, y, e, j)));
        }
        sets[e as usize] = t;
        word[e as usize] = w;
    }
    Ok(Marked { in_s, word })
}

/// Reduces a marked candidate by indistinguishability and numbers its
/// elements as [`Quotient`] does (breadth-first from the identity, heaps
/// ascending).
/// The table holds order² entries: past `limit`, [`Error::TooCostly`].
pub(super) fn reduce(
    m: &Product,
    heaps: &[u16],
    phi: &[u32],
    marked: &Marked,
    n: u16,
    limit: usize,
) -> Result<Quotient> {
    let gens: Vec<u32> = {
        let mut g: Vec<u32> = heaps.iter().map(|&h| phi[usize::from(h)]).collect();
        g.sort_unstable();
        g.dedup();
        g
    };
    // Only the elements some sum reaches.
    let live: Vec<u32> = (0..m.size as u32)
        .filter(|&x| x == 0 || !marked.word[x as usize].is_empty())
        .collect();
    // Each live element's index, and the heaps' actions on the indices.
    let mut index = vec![u32::MAX; m.size];
    for (i, &x) in live.iter().enumerate() {
        index[x as usize] = i as u32;
    }
    let act: Vec<Vec<u32>> = live
        .iter()
        .map(|&x| gens.iter().map(|&g| index[m.mul(x, g) as usize]).collect())
        .collect();
    let in_s: Vec<bool> = live.iter().map(|&x| marked.in_s[x as usize]).collect();
    let (of_index, _) = blocks(&in_s, &act);
    let block = |x: u32| of_index[index[x as usize] as usize];
    // Canonical numbering and one representative per block.
    let mut number: FxHashMap<u32, u32> = FxHashMap::default();
    let mut reps: Vec<u32> = Vec::new();
    number.insert(block(0), 0);
    reps.push(0);
    let mut at = 0;
    while at < reps.len() {
        let x = reps[at];
        for &h in heaps {
            let y = m.mul(x, phi[usize::from(h)]);
            if let std::collections::hash_map::Entry::Vacant(v) = number.entry(block(y)) {
                v.insert(reps.len() as u32);
                reps.push(y);
            }
        }
        at += 1;
    }
    if reps.len().saturating_mul(reps.len()) > limit {
        return Err(Error::TooCostly {
            what: "the misère quotient".into(),
            needs: format!(
                "a candidate of {} elements, whose table passes {limit} entries",
                reps.len()
            ),
            limit: "its bound on table entries".into(),
            flag: "--force",
        });
    }
    let table: Vec<Vec<u32>> = reps
        .iter()
        .map(|&x| reps.iter().map(|&y| number[&block(m.mul(x, y))]).collect())
        .collect();
    let p_portion = reps.iter().map(|&x| marked.in_s[x as usize]).collect();
    let pretending = (0..=usize::from(n))
        .map(|h| number[&block(phi[h])])
        .collect();
    Ok(Quotient {
        max_heap: usize::from(n),
        table,
        p_portion,
        pretending,
    })
}

/// `q` under the pretending function `pretending` (for heaps up to its
/// length − 1), its elements numbered as [`Quotient`] numbers them:
/// breadth-first from the identity, heaps ascending.
pub(super) fn renumbered(q: &Quotient, pretending: Vec<u32>, heaps: &[u16]) -> Quotient {
    let gens: Vec<u32> = heaps.iter().map(|&h| pretending[usize::from(h)]).collect();
    let (table, number) = submonoid(q, &gens);
    let mut p_portion = vec![false; table.len()];
    for (&x, &k) in &number {
        p_portion[k as usize] = q.p_portion[x as usize];
    }
    Quotient {
        max_heap: pretending.len() - 1,
        table,
        p_portion,
        pretending: pretending.iter().map(|x| number[x]).collect(),
    }
}

/// The powers of `x` in `q`: the index and period of its cyclic submonoid.
pub(super) fn cyclic_shape(q: &Quotient, x: u32) -> (u32, u32) {
    let mut seen: FxHashMap<u32, u32> = FxHashMap::default();
    let mut y = 0u32;
    for k in 0.. {
        if let Some(&i) = seen.get(&y) {
            return (i, k - i);
        }
        seen.insert(y, k);
        y = q.mul(y, x);
    }
    unreachable!()
}

/// The submonoid of `q` the elements `gens` generate, as a table, and the
/// number each element of `q` in it gets.
pub(super) fn submonoid(q: &Quotient, gens: &[u32]) -> (Vec<Vec<u32>>, FxHashMap<u32, u32>) {
    let mut number: FxHashMap<u32, u32> = FxHashMap::default();
    let mut list = vec![0u32];
    number.insert(0, 0);
    let mut at = 0;
    while at < list.len() {
        let x = list[at];
        for &g in gens {
            let y = q.mul(x, g);
            if let std::collections::hash_map::Entry::Vacant(v) = number.entry(y) {
                v.insert(list.len() as u32);
                list.push(y);
            }
        }
        at += 1;
    }
    let table = list
        .iter()
        .map(|&x| list.iter().map(|&y| number[&q.mul(x, y)]).collect())
        .collect();
    (table, number)
}
