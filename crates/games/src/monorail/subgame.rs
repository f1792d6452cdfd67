//! Endgame subgames: placement on the empty cells of a forced loop.
//!
//! Once only one loop remains completable, every empty cell of it has a
//! forced type and the rest of the game is pure placement: a move fills 1–3
//! empty loop cells forming a straight contiguous segment of a row or
//! column, at least one of them next to a placed tile or the station. The
//! empty cells split into independent *subgames*, the 4-connected groups of
//! empty loop cells; a subgame's value depends only on its shape and on
//! which of its cells are *marked* (next to a placed tile or the station).
//! So it is unchanged by translation, rotation and reflection, and the
//! position's nimber is the nim-sum of its subgames' nimbers (Sprague–Grundy
//! theorem). This is the analysis of J. Grabman, "A Genius Solution"
//! (SIGBOVIK 2024); the game on one group is the one called "Straight" in
//! chaotic_iak's introduction to Monorail (2015).

use grundy_core::impartial::ImpartialGame;
use std::fmt;

/// One cell of a subgame: `(x, y, marked)`.
pub type SubCell = (i32, i32, bool);

/// A set of empty cells with marks; a move fills a straight segment of 1–3
/// of them containing a marked cell, and marks the neighbours of the filled
/// cells. Cells are kept sorted, so equal sets compare equal.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Subgame {
    cells: Vec<SubCell>,
}

/// A map of the plane sending `(x, y)` to a new point.
type PointMap = fn(i32, i32) -> (i32, i32);

const DIRS: [(i32, i32); 4] = [(0, 1), (1, 0), (0, -1), (-1, 0)];

impl Subgame {
    /// A subgame from cells in any order (one entry per cell).
    pub fn new(mut cells: Vec<SubCell>) -> Subgame {
        cells.sort_unstable();
        cells.dedup_by_key(|c| (c.0, c.1));
        Subgame { cells }
    }

    /// The cells, sorted by `(x, y)`.
    pub fn cells(&self) -> &[SubCell] {
        &self.cells
    }

    /// Number of cells.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// Whether no cell is left (the value is `*0`).
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// Number of marked cells.
    pub fn marked(&self) -> usize {
        self.cells.iter().filter(|c| c.2).count()
    }

    fn find(&self, x: i32, y: i32) -> Option<usize> {
        self.cells
            .binary_search_by(|&(a, b, _)| (a, b).cmp(&(x, y)))
            .ok()
    }

    /// Every legal move, as the indices of the filled cells.
    pub fn moves(&self) -> Vec<Vec<usize>> {
        let mut out = Vec::new();
        for (i, &(x, y, _)) in self.cells.iter().enumerate() {
            out.push(vec![i]);
            for (dx, dy) in [(1, 0), (0, 1)] {
                let mut run = vec![i];
                for k in 1..3 {
                    match self.find(x + dx * k, y + dy * k) {
                        Some(j) => {
                            run.push(j);
                            out.push(run.clone());
                        }
                        None => break,
                    }
                }
            }
        }
        out.retain(|run| run.iter().any(|&i| self.cells[i].2));
        out
    }

    /// The subgame left after filling the cells with indices `filled`.
    pub fn after(&self, filled: &[usize]) -> Subgame {
        let gone: Vec<(i32, i32)> = filled
            .iter()
            .map(|&i| (self.cells[i].0, self.cells[i].1))
            .collect();
        let cells = self
            .cells
            .iter()
            .enumerate()
            .filter(|(i, _)| !filled.contains(i))
            .map(|(_, &(x, y, m))| {
                let near = DIRS.iter().any(|(dx, dy)| gone.contains(&(x + dx, y + dy)));
                (x, y, m || near)
            })
            .collect();
        Subgame { cells }
    }

    /// The 4-connected groups of cells, each a subgame, in order of their
    /// least cell.
    pub fn split(&self) -> Vec<Subgame> {
        let n = self.cells.len();
        let mut group = vec![usize::MAX; n];
        let mut out = Vec::new();
        for s in 0..n {
            if group[s] != usize::MAX {
                continue;
            }
            let g = out.len();
            group[s] = g;
            let mut stack = vec![s];
            let mut members = Vec::new();
            while let Some(i) = stack.pop() {
                members.push(self.cells[i]);
                let (x, y, _) = self.cells[i];
                for (dx, dy) in DIRS {
                    if let Some(j) = self.find(x + dx, y + dy) {
                        if group[j] == usize::MAX {
                            group[j] = g;
                            stack.push(j);
                        }
                    }
                }
            }
            out.push(Subgame::new(members));
        }
        out
    }

    /// The least image under the eight symmetries of the square, translated
    /// so that the least `x` and least `y` are 0: one representative per
    /// class under translation, rotation and reflection.
    pub fn canonical_form(&self) -> Subgame {
        let maps: [PointMap; 8] = [
            |x, y| (x, y),
            |x, y| (-y, x),
            |x, y| (-x, -y),
            |x, y| (y, -x),
            |x, y| (-x, y),
            |x, y| (x, -y),
            |x, y| (y, x),
            |x, y| (-y, -x),
        ];
        maps.iter()
            .map(|f| {
                let moved: Vec<SubCell> = self
                    .cells
                    .iter()
                    .map(|&(x, y, m)| {
                        let (a, b) = f(x, y);
                        (a, b, m)
                    })
                    .collect();
                let x0 = moved.iter().map(|c| c.0).min().unwrap_or(0);
                let y0 = moved.iter().map(|c| c.1).min().unwrap_or(0);
                Subgame::new(
                    moved
                        .into_iter()
                        .map(|(x, y, m)| (x - x0, y - y0, m))
                        .collect(),
                )
            })
            .min()
            .expect("eight symmetries")
    }

    /// A small text picture, north at the top: `O` a marked cell, `o` an
    /// unmarked one, `.` outside.
    pub fn picture(&self) -> String {
        let (x0, x1) = bounds(self.cells.iter().map(|c| c.0));
        let (y0, y1) = bounds(self.cells.iter().map(|c| c.1));
        let mut s = String::new();
        for y in (y0..=y1).rev() {
            for x in x0..=x1 {
                s.push(match self.find(x, y) {
                    Some(i) if self.cells[i].2 => 'O',
                    Some(_) => 'o',
                    None => '.',
                });
            }
            s.push('\n');
        }
        s
    }
}

fn bounds(it: impl Iterator<Item = i32>) -> (i32, i32) {
    it.fold((i32::MAX, i32::MIN), |(a, b), v| (a.min(v), b.max(v)))
}

impl fmt::Display for Subgame {
    /// Cells as `x,y` separated by `;`, a marked cell suffixed `*`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, &(x, y, m)) in self.cells.iter().enumerate() {
            if i > 0 {
                f.write_str(";")?;
            }
            write!(f, "{x},{y}{}", if m { "*" } else { "" })?;
        }
        Ok(())
    }
}

impl ImpartialGame for Subgame {
    fn options(&self) -> Vec<Subgame> {
        self.moves().iter().map(|m| self.after(m)).collect()
    }

    fn components(&self) -> Vec<Subgame> {
        self.split()
    }

    fn canonical(&self) -> Subgame {
        self.canonical_form()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_core::impartial::{naive_nimber, MemoSolver, Nimber};

    fn row(n: i32, marked: &[i32]) -> Subgame {
        Subgame::new((0..n).map(|x| (x, 0, marked.contains(&x))).collect())
    }

    #[test]
    fn straight_rows_marked_at_one_end() {
        // A row marked at one end only: each move takes 1-3 cells from the
        // marked end, a subtraction game with subtraction set {1,2,3}, so its
        // value is n mod 4 (Winning Ways ch. 4; Ferguson, Game Theory, 1.4).
        let mut s = MemoSolver::new();
        for n in 0..10 {
            assert_eq!(s.nimber(&row(n, &[0])), Nimber(n as u32 % 4), "row of {n}");
        }
    }

    #[test]
    fn memo_solver_agrees_with_naive_on_small_shapes() {
        let shapes = [
            row(4, &[0, 3]),
            row(5, &[2]),
            Subgame::new(vec![
                (0, 0, true),
                (0, 1, false),
                (1, 1, false),
                (2, 1, true),
                (2, 0, false),
            ]),
            Subgame::new(vec![
                (0, 0, true),
                (1, 0, false),
                (1, 1, false),
                (3, 0, true),
                (3, 1, false),
            ]),
        ];
        let mut s = MemoSolver::new();
        for g in shapes {
            assert_eq!(s.nimber(&g), naive_nimber(&g), "{g}");
            assert_eq!(naive_nimber(&g.canonical_form()), naive_nimber(&g));
        }
    }

    #[test]
    fn split_and_canonical() {
        let g = Subgame::new(vec![(0, 0, true), (1, 0, false), (5, 5, false)]);
        assert_eq!(g.split().len(), 2);
        let a = Subgame::new(vec![(3, 3, true), (3, 4, false)]);
        let b = Subgame::new(vec![(0, 1, true), (1, 1, false)]);
        assert_eq!(a.canonical_form(), b.canonical_form());
        assert_eq!(a.picture(), "o\nO\n");
    }
}
