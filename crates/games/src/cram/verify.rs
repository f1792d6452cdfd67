//! The checker of Cram certificates ([`super::certificate`]): each fact
//! rechecked by the rules alone, with code of its own.
//!
//! It shares nothing with the search but the rules: a region is a list
//! of cells in rows of 16 bits, its images under the eight symmetries of
//! the square are built cell by cell, its options by removing the two
//! cells of each domino, their regions by a flood fill, and the nimber of
//! a region of at most [`VERIFIER_SOLVES`] cells by the plain recursion
//! (the mex of the nim-sums of the options' regions; Sprague–Grundy).

use super::board::Board;
use super::cells::Cells;
use super::certificate::{Certificate, Claim, VERIFIER_SOLVES};
use std::collections::{HashMap, HashSet};

/// A region's cells as rows of bits (row `r`, column `c`: bit `c` of
/// word `r`), at the top left.
type Shape = [u16; 16];

/// What went wrong with a certificate: the fact (its index in
/// [`Certificate::facts`], `None` for the board's own line) and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refuted {
    /// The fact that fails, or `None` for the board.
    pub fact: Option<usize>,
    /// Why.
    pub reason: String,
}

/// What a check counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Checked {
    /// Facts checked.
    pub facts: usize,
    /// Options looked at.
    pub options: u64,
    /// Regions of at most [`VERIFIER_SOLVES`] cells solved by the rules.
    pub small: usize,
}

fn shape_of(cells: impl Iterator<Item = (usize, usize)>) -> Option<Shape> {
    let mut s = [0u16; 16];
    for (r, c) in cells {
        if r >= 16 || c >= 16 {
            return None;
        }
        s[r] |= 1 << c;
    }
    Some(s)
}

fn cells(s: &Shape) -> impl Iterator<Item = (usize, usize)> + '_ {
    s.iter().enumerate().flat_map(|(r, &w)| {
        (0..16)
            .filter(move |c| w >> c & 1 == 1)
            .map(move |c| (r, c))
    })
}

fn size(s: &Shape) -> u32 {
    s.iter().map(|w| w.count_ones()).sum()
}

/// The least of the eight images of `s` (rows, then columns, swapped
/// and reversed), moved to the top left.
fn canonical(s: &Shape) -> Shape {
    let list: Vec<(i32, i32)> = cells(s).map(|(r, c)| (r as i32, c as i32)).collect();
    let mut best: Option<Shape> = None;
    for t in 0..8 {
        let img: Vec<(i32, i32)> = list
            .iter()
            .map(|&(r, c)| {
                let (r, c) = if t & 4 != 0 { (c, r) } else { (r, c) };
                (
                    if t & 1 != 0 { -r } else { r },
                    if t & 2 != 0 { -c } else { c },
                )
            })
            .collect();
        let r0 = img.iter().map(|p| p.0).min().unwrap_or(0);
        let c0 = img.iter().map(|p| p.1).min().unwrap_or(0);
        let mut out = [0u16; 16];
        for (r, c) in img {
            out[(r - r0) as usize] |= 1 << (c - c0);
        }
        if best.is_none_or(|b| out < b) {
            best = Some(out);
        }
    }
    best.unwrap_or([0; 16])
}

/// The connected parts of `s`, each canonical.
fn regions(s: &Shape) -> Vec<Shape> {
    let mut left = *s;
    let mut out = Vec::new();
    while let Some(r) = left.iter().position(|&w| w != 0) {
        let mut part = [0u16; 16];
        let mut todo = vec![(r, left[r].trailing_zeros() as usize)];
        left[r] &= !(1 << todo[0].1);
        while let Some((r, c)) = todo.pop() {
            part[r] |= 1 << c;
            let mut near = vec![(r + 1, c), (r, c + 1)];
            if r > 0 {
                near.push((r - 1, c));
            }
            if c > 0 {
                near.push((r, c - 1));
            }
            for (nr, nc) in near {
                if nr < 16 && nc < 16 && left[nr] >> nc & 1 == 1 {
                    left[nr] &= !(1 << nc);
                    todo.push((nr, nc));
                }
            }
        }
        out.push(canonical(&part));
    }
    out
}

/// The options of `s`: its cells less the two of a domino.
fn options(s: &Shape) -> Vec<Shape> {
    let mut out = Vec::new();
    for (r, c) in cells(s) {
        if c + 1 < 16 && s[r] >> (c + 1) & 1 == 1 {
            let mut o = *s;
            o[r] &= !(3 << c);
            out.push(o);
        }
        if r + 1 < 16 && s[r + 1] >> c & 1 == 1 {
            let mut o = *s;
            o[r] &= !(1 << c);
            o[r + 1] &= !(1 << c);
            out.push(o);
        }
    }
    out
}

/// The checker's knowledge: the facts as claimed and the small regions
/// solved.
struct Checker {
    is: HashMap<Shape, u8>,
    not: HashSet<(Shape, u8)>,
    small: HashMap<Shape, u8>,
    checked: Checked,
}

impl Checker {
    /// The nimber of a small region by the rules.
    fn solve_small(&mut self, s: &Shape) -> u8 {
        if let Some(&v) = self.small.get(s) {
            return v;
        }
        let mut seen = [false; 64];
        for o in options(s) {
            let x = regions(&o).iter().fold(0u8, |x, p| x ^ self.solve_small(p));
            seen[usize::from(x).min(63)] = true;
        }
        let v = seen.iter().position(|&b| !b).unwrap_or(63) as u8;
        self.small.insert(*s, v);
        self.checked.small += 1;
        v
    }

    /// The nimber of a canonical region, if known.
    fn known(&mut self, s: &Shape) -> Option<u8> {
        if size(s) <= VERIFIER_SOLVES {
            Some(self.solve_small(s))
        } else {
            self.is.get(s).copied()
        }
    }

    /// An option's regions split into the nim-sum of those known and
    /// those not.
    fn split(&mut self, o: &Shape) -> (u8, Vec<Shape>) {
        self.checked.options += 1;
        let mut x = 0;
        let mut unknown = Vec::new();
        for p in regions(o) {
            match self.known(&p) {
                Some(v) => x ^= v,
                None => unknown.push(p),
            }
        }
        (x, unknown)
    }

    fn check_is(&mut self, s: &Shape, v: u8) -> Result<(), String> {
        let mut reached = HashSet::new();
        for o in options(s) {
            let (x, unknown) = self.split(&o);
            match unknown.as_slice() {
                [] if x == v => return Err(format!("an option has nimber {v}")),
                [] => {
                    reached.insert(x);
                }
                [c] if self.not.contains(&(*c, v ^ x)) => {}
                [c] => {
                    return Err(format!(
                        "an option is not shown to differ from {v}: no fact {} ≠ {}",
                        text(c),
                        v ^ x
                    ))
                }
                _ => {
                    return Err(format!(
                        "an option has {} regions of unknown nimber ({}, …)",
                        unknown.len(),
                        text(&unknown[0])
                    ))
                }
            }
        }
        match (0..v).find(|k| !reached.contains(k)) {
            Some(k) => Err(format!("no option is shown to have nimber {k}")),
            None => Ok(()),
        }
    }

    fn check_not(&mut self, s: &Shape, k: u8) -> Result<(), String> {
        for o in options(s) {
            let (x, unknown) = self.split(&o);
            if unknown.is_empty() && x == k {
                return Ok(());
            }
        }
        Err(format!("no option is shown to have nimber {k}"))
    }
}

/// The picture of a shape (`.` a cell, `#` none, rows joined by `/`).
fn text(s: &Shape) -> String {
    let h = s.iter().rposition(|&w| w != 0).map_or(0, |r| r + 1);
    let w = s
        .iter()
        .map(|&w| 16 - w.leading_zeros() as usize)
        .max()
        .unwrap_or(0);
    (0..h)
        .map(|r| {
            (0..w)
                .map(|c| if s[r] >> c & 1 == 1 { '.' } else { '#' })
                .collect::<String>()
        })
        .collect::<Vec<_>>()
        .join("/")
}

fn region_shape(x: Cells) -> Option<Shape> {
    shape_of(
        (0..128)
            .filter(|i| x >> i & 1 == 1)
            .map(|i| (i / 16, i % 16)),
    )
}

fn board_shape(b: &Board) -> Option<Shape> {
    shape_of(
        (0..b.rows())
            .flat_map(|r| (0..b.cols()).map(move |c| (r, c)))
            .filter(|&(r, c)| b.is_empty(r, c)),
    )
}

/// Checks every fact of `cert` and its board's nimber by the rules.
///
/// # Errors
/// The first fact (or the board) that fails, and why.
pub fn verify(cert: &Certificate) -> Result<Checked, Refuted> {
    let fail = |fact: Option<usize>, reason: String| Refuted { fact, reason };
    let mut checker = Checker {
        is: HashMap::new(),
        not: HashSet::new(),
        small: HashMap::new(),
        checked: Checked::default(),
    };
    let mut shapes = Vec::with_capacity(cert.facts.len());
    for (i, f) in cert.facts.iter().enumerate() {
        let s = region_shape(f.region).ok_or_else(|| fail(Some(i), "off the board".into()))?;
        let parts = regions(&s);
        if parts.len() != 1 {
            return Err(fail(Some(i), format!("{} regions, not one", parts.len())));
        }
        let s = parts[0];
        if size(&s) <= VERIFIER_SOLVES {
            return Err(fail(
                Some(i),
                format!("a region of at most {VERIFIER_SOLVES} cells (the checker solves those)"),
            ));
        }
        match f.claim {
            Claim::Is(v) => {
                if let Some(old) = checker.is.insert(s, v) {
                    if old != v {
                        return Err(fail(Some(i), format!("claimed to be both {old} and {v}")));
                    }
                }
            }
            Claim::IsNot(k) => {
                checker.not.insert((s, k));
            }
        }
        shapes.push(s);
    }
    for (i, (f, s)) in cert.facts.iter().zip(&shapes).enumerate() {
        match f.claim {
            Claim::Is(v) => checker.check_is(s, v),
            Claim::IsNot(k) => checker.check_not(s, k),
        }
        .map_err(|reason| fail(Some(i), reason))?;
        checker.checked.facts += 1;
    }
    let board = board_shape(&cert.board).ok_or_else(|| fail(None, "board too large".into()))?;
    let mut x = 0;
    for p in regions(&board) {
        x ^= checker
            .known(&p)
            .ok_or_else(|| fail(None, format!("the board's region {} has no fact", text(&p))))?;
    }
    if x != cert.nimber {
        return Err(fail(
            None,
            format!(
                "the board's regions sum to {x}, not the {} claimed",
                cert.nimber
            ),
        ));
    }
    Ok(checker.checked)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cram::polyomino::region_values;
    use grundy_core::progress::NoProgress;

    #[test]
    fn small_regions_have_the_values_of_the_database() {
        let mut checker = Checker {
            is: HashMap::new(),
            not: HashSet::new(),
            small: HashMap::new(),
            checked: Checked::default(),
        };
        let values = region_values(9, &NoProgress).unwrap();
        // OEIS A000105: 1 + 1 + 2 + 5 + 12 + 35 + 108 + 369 + 1285.
        assert_eq!(values.len(), 1818);
        for v in values {
            let s = canonical(&region_shape(v.cells).unwrap());
            assert_eq!(checker.solve_small(&s), v.nimber, "{}", text(&s));
        }
        // The images of the 9-cell regions and fewer: one canonical form
        // each.
        assert_eq!(checker.small.len(), 1818);
    }

    #[test]
    fn shapes_split_and_turn() {
        let s = |t: &str| board_shape(&Board::parse(t).unwrap()).unwrap();
        assert_eq!(regions(&s("..#../#.#.#")).len(), 2);
        assert_eq!(regions(&s(".#./#.#/.#.")).len(), 5);
        assert_eq!(canonical(&s("..#/.../.##")), canonical(&s("#../.../##.")));
        assert_eq!(canonical(&s("....")), canonical(&s("./././.")));
        assert_eq!(options(&s("../..")).len(), 4);
        assert_eq!(text(&canonical(&s("#./.."))), ".#/..");
    }
}
