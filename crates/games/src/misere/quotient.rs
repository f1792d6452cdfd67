//! Misère quotients (Plambeck, "Taming the wild in impartial combinatorial
//! games", *Integers* 5, 2005, G5; Plambeck and Siegel, "Misère quotients
//! for impartial games", *J. Combin. Theory A* 115, 2008, arXiv
//! math/0609825).
//!
//! For a set `A` of positions closed under sums and options, `G ≡ H` when
//! `o⁻(G + X) = o⁻(H + X)` for every `X` in `A`. The classes form a
//! commutative monoid, the misère quotient `Q(A)`; the classes of the
//! P-positions are its P-portion, and the class of each heap its pretending
//! function. Here `A` is `A_N`, every sum of heaps of at most `N` tokens of
//! one game; `Q_N = Q(A_N)`. The outcome of any sum of such heaps is then
//! read off by multiplying the heaps' elements: time linear in the number
//! of heaps.
//!
//! This module holds a quotient once found ([`Quotient`]): its
//! multiplication table, P-portion, pretending function and a presentation.
//! [`super::learn`] finds and proves it.

use std::collections::HashMap;

/// A finite misère quotient `Q_N` of one game, with its elements numbered
/// `0..order` (0 is the identity, the class of the empty sum) in the order
/// they were first reached: by heap size, then by product.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Quotient {
    /// `N`: the quotient is of the sums of heaps of at most `N` tokens.
    pub max_heap: usize,
    /// `table[x][y]`: the product of elements `x` and `y`.
    pub table: Vec<Vec<u32>>,
    /// Whether each element is in the P-portion.
    pub p_portion: Vec<bool>,
    /// The pretending function: the element of each heap `0..=N`.
    pub pretending: Vec<u32>,
}

/// A presentation of a quotient: generators (heaps whose elements are not
/// products of smaller heaps' elements), each element's normal form as a
/// word in them, and relations from which every product follows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Presentation {
    /// Generator names (`a`, `b`, …) with the heap each stands for.
    pub generators: Vec<(String, usize)>,
    /// Each element's word: exponents of the generators.
    pub words: Vec<Vec<u32>>,
    /// Relations `word = word`, each as the two words written.
    pub relations: Vec<(String, String)>,
}

impl Quotient {
    /// Why the table is not a commutative monoid with identity 0 on the
    /// elements the heaps generate, or why its parts do not fit together;
    /// `None` when it is. Checked: the shape (a square table, entries and
    /// pretending values in range, one P-portion flag per element), the
    /// identity, commutativity, and `(x·y)·a = x·(y·a)` for every `x`, `y`
    /// and every heap's element `a`, which gives associativity on the
    /// submonoid the heaps' elements generate (by induction on the length
    /// of a word in them). Time `O(|Q|²·|Φ|)`.
    pub fn algebra_failure(&self) -> Option<String> {
        let order = self.table.len();
        if order == 0 || self.p_portion.len() != order {
            return Some(format!(
                "{order} elements but {} P-portion flags",
                self.p_portion.len()
            ));
        }
        let in_range = |x: u32| (x as usize) < order;
        if let Some(row) = self
            .table
            .iter()
            .position(|r| r.len() != order || !r.iter().all(|&x| in_range(x)))
        {
            return Some(format!("row {row} of the table is malformed"));
        }
        if let Some(h) = self.pretending.iter().position(|&x| !in_range(x)) {
            return Some(format!("heap {h} has no element"));
        }
        for x in 0..order {
            if self.table[0][x] as usize != x || self.table[x][0] as usize != x {
                return Some(format!("0 is not the identity at element {x}"));
            }
            for y in 0..x {
                if self.table[x][y] != self.table[y][x] {
                    return Some(format!("{x}·{y} ≠ {y}·{x}"));
                }
            }
        }
        let mut gens: Vec<u32> = self.pretending.clone();
        gens.sort_unstable();
        gens.dedup();
        for x in 0..order as u32 {
            for y in 0..order as u32 {
                let xy = self.mul(x, y);
                for &a in &gens {
                    if self.mul(xy, a) != self.mul(x, self.mul(y, a)) {
                        return Some(format!("({x}·{y})·{a} ≠ {x}·({y}·{a})"));
                    }
                }
            }
        }
        None
    }

    /// The number of elements, `|Q|`.
    pub fn order(&self) -> usize {
        self.table.len()
    }

    /// The number of elements in the P-portion, `|P|`.
    pub fn p_portion_size(&self) -> usize {
        self.p_portion.iter().filter(|&&p| p).count()
    }

    /// The product of two elements.
    pub fn mul(&self, x: u32, y: u32) -> u32 {
        self.table[x as usize][y as usize]
    }

    /// The element of a sum of heaps (each at most `N`), or None for a heap
    /// past `N`.
    pub fn element_of(&self, heaps: &[usize]) -> Option<u32> {
        heaps.iter().try_fold(0u32, |acc, &h| {
            self.pretending.get(h).map(|&e| self.mul(acc, e))
        })
    }

    /// The misère outcome of a sum of heaps: true for a P-position. None
    /// for a heap past `N`.
    pub fn is_p_position(&self, heaps: &[usize]) -> Option<bool> {
        self.element_of(heaps).map(|e| self.p_portion[e as usize])
    }

    /// A presentation: generators are the heaps, in increasing size, whose
    /// element is not a product of the elements of the generators before
    /// them; each element is named by the first word reaching it
    /// (breadth-first in total degree, generators in order), and the
    /// relations say where every other product of a normal form and a
    /// generator lands. Complete (every product follows from them), not
    /// minimal.
    pub fn presentation(&self) -> Presentation {
        let order = self.order();
        let mut words: Vec<Option<Vec<u32>>> = vec![None; order];
        words[0] = Some(Vec::new());
        let mut generators: Vec<(String, usize)> = Vec::new();
        let mut gen_elements: Vec<u32> = Vec::new();
        let mut reached = vec![false; order];
        reached[0] = true;
        for (heap, &e) in self.pretending.iter().enumerate() {
            if reached[e as usize] {
                continue;
            }
            let name = generator_name(generators.len());
            generators.push((name, heap));
            gen_elements.push(e);
            // Close the reached set under the new generator.
            let mut queue: Vec<u32> = (0..order as u32).filter(|&x| reached[x as usize]).collect();
            while let Some(x) = queue.pop() {
                for &g in &gen_elements {
                    let y = self.mul(x, g);
                    if !reached[y as usize] {
                        reached[y as usize] = true;
                        queue.push(y);
                    }
                }
            }
        }
        // Normal forms: breadth-first from the identity.
        let k = gen_elements.len();
        let mut queue = std::collections::VecDeque::from([0u32]);
        let mut relations = Vec::new();
        while let Some(x) = queue.pop_front() {
            let wx = words[x as usize].clone().unwrap_or_default();
            for (i, &g) in gen_elements.iter().enumerate() {
                let y = self.mul(x, g) as usize;
                let mut w = wx.clone();
                w.resize(k, 0);
                w[i] += 1;
                match &words[y] {
                    None => {
                        words[y] = Some(w);
                        queue.push_back(y as u32);
                    }
                    Some(existing) => {
                        let mut e = existing.clone();
                        e.resize(k, 0);
                        if e != w {
                            relations
                                .push((word_text(&w, &generators), word_text(&e, &generators)));
                        }
                    }
                }
            }
        }
        let words = words
            .into_iter()
            .map(|w| {
                let mut w = w.unwrap_or_default();
                w.resize(k, 0);
                w
            })
            .collect();
        // Keep one relation per left side, in order of appearance.
        let mut seen = HashMap::new();
        relations.retain(|(l, r)| seen.insert(l.clone(), r.clone()).is_none());
        Presentation {
            generators,
            words,
            relations,
        }
    }
}

/// `a`, `b`, …, `z`, then `a1`, `b1`, ….
fn generator_name(i: usize) -> String {
    let letter = char::from(b'a' + (i % 26) as u8);
    if i < 26 {
        letter.to_string()
    } else {
        format!("{letter}{}", i / 26)
    }
}

/// A word as `a^2 b`, or `1` for the empty word.
pub fn word_text(w: &[u32], generators: &[(String, usize)]) -> String {
    let parts: Vec<String> = w
        .iter()
        .zip(generators)
        .filter(|(&e, _)| e > 0)
        .map(|(&e, (g, _))| {
            if e == 1 {
                g.clone()
            } else {
                format!("{g}^{e}")
            }
        })
        .collect();
    if parts.is_empty() {
        "1".into()
    } else {
        parts.join(" ")
    }
}
