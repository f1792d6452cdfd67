//! The families a misère sum can hold, each listing a component's options
//! ([`Family`]): heaps of an octal or hexadecimal game, Nim heaps, coin rows
//! under a rule, and vertices of a game graph. Treblecross and Monorail
//! are not here: their games end when a row of three or a loop is made,
//! not when no move is left, so their misère versions are other games.

use super::position::Family;
use crate::coins::Rule;
use crate::coins::{turn_sets, MAX_ROW_COINS};
use crate::graph::Digraph;
use crate::octal::OctalCode;
use grundy_core::{Error, Result};

/// Heaps of a take-and-break game given by its code: component `n` is a
/// heap of `n` tokens, its options the heaps each move leaves
/// ([`OctalCode::for_each_move`]).
#[derive(Clone, Debug)]
pub struct Heaps {
    /// The game's code.
    pub code: OctalCode,
}

impl Family for Heaps {
    fn options(&self, id: u64, out: &mut Vec<Vec<u64>>) -> Result<()> {
        let n = usize::try_from(id).map_err(|_| Error::OutOfRange {
            what: format!("heap {id}"),
            reason: "does not fit a machine word".into(),
        })?;
        self.code.for_each_move(n, |m| {
            let (heaps, count) = m.heaps();
            out.push(heaps[..count].iter().map(|&h| h as u64).collect());
        });
        Ok(())
    }

    fn label(&self, id: u64) -> String {
        match self.code.name() {
            Some(name) => format!("{name}:{id}"),
            None => format!("{}:{id}", self.code),
        }
    }
}

/// Nim heaps: component `n` has the options `0, 1, …, n − 1` (heap 0 has
/// none).
#[derive(Clone, Copy, Debug, Default)]
pub struct NimHeaps;

impl Family for NimHeaps {
    fn options(&self, id: u64, out: &mut Vec<Vec<u64>>) -> Result<()> {
        if id > 0 {
            out.push(Vec::new());
            out.extend((1..id).map(|k| vec![k]));
        }
        Ok(())
    }

    fn label(&self, id: u64) -> String {
        format!("nim:{id}")
    }
}

/// Rows of `len` coins under a coin-turning rule: component `mask` has
/// heads where its bits are set (coin `c` is bit `c − 1`); a move turns an
/// allowed set of coins whose rightmost coin is a head. The whole row is
/// one component: under misère play it does not split into its heads.
#[derive(Clone, Debug)]
pub struct CoinRows {
    rule: Rule,
    len: usize,
    sets: Vec<Vec<u64>>,
}

impl CoinRows {
    /// Rows of `len` coins under `rule`.
    ///
    /// # Errors
    /// [`Error::OutOfRange`] past [`MAX_ROW_COINS`] coins.
    pub fn new(rule: Rule, len: usize) -> Result<CoinRows> {
        if len > MAX_ROW_COINS {
            return Err(Error::OutOfRange {
                what: format!("a row of {len} coins"),
                reason: format!("misère play of coin rows is searched for rows of at most {MAX_ROW_COINS} coins"),
            });
        }
        let sets = turn_sets(&rule, len);
        Ok(CoinRows { rule, len, sets })
    }
}

impl Family for CoinRows {
    fn options(&self, id: u64, out: &mut Vec<Vec<u64>>) -> Result<()> {
        if self.len < 64 && id >> self.len != 0 {
            return Err(Error::OutOfRange {
                what: format!("coin mask {id:#x}"),
                reason: format!("the row has {} coins", self.len),
            });
        }
        for (k, sets) in self.sets.iter().enumerate().skip(1) {
            if id >> (k - 1) & 1 == 1 {
                out.extend(sets.iter().map(|s| vec![id ^ s]));
            }
        }
        Ok(())
    }

    fn label(&self, id: u64) -> String {
        let row: String = (0..self.len)
            .map(|c| if id >> c & 1 == 1 { 'H' } else { 'T' })
            .collect();
        format!("coins:{}:{row}", self.rule)
    }
}

/// Vertices of a game graph: a move goes along an edge. A cycle of moves
/// is refused by the search.
#[derive(Clone, Debug)]
pub struct Vertices {
    graph: Digraph,
    labels: Vec<String>,
}

impl Vertices {
    /// The vertices of `graph`, vertex `v` labelled `labels[v]`
    /// (`graph:FILE:NAME`).
    pub fn new(graph: Digraph, labels: Vec<String>) -> Vertices {
        Vertices { graph, labels }
    }
}

impl Family for Vertices {
    fn options(&self, id: u64, out: &mut Vec<Vec<u64>>) -> Result<()> {
        let v = u32::try_from(id)
            .ok()
            .filter(|&v| (v as usize) < self.graph.vertex_count())
            .ok_or_else(|| Error::OutOfRange {
                what: format!("vertex {id}"),
                reason: format!("the graph has {} vertices", self.graph.vertex_count()),
            })?;
        let mut seen: Vec<u32> = self.graph.options(v).to_vec();
        seen.sort_unstable();
        seen.dedup();
        out.extend(seen.into_iter().map(|w| vec![u64::from(w)]));
        Ok(())
    }

    fn label(&self, id: u64) -> String {
        usize::try_from(id)
            .ok()
            .and_then(|i| self.labels.get(i))
            .cloned()
            .unwrap_or_else(|| format!("vertex {id}"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::coins::CoinRow;
    use crate::graph::AcyclicGraph;
    use crate::misere::search::Search;
    use crate::misere::Atom;
    use crate::octal::HeapGame;
    use grundy_core::impartial::{Convention, ImpartialGame, Outcome, OutcomeSolver};

    /// The misère search over a family against the generic misère search
    /// over the same game as an `ImpartialGame`, on every sum of
    /// `sums`' components.
    fn agree<G: ImpartialGame>(
        family: &dyn Family,
        sums: &[Vec<u64>],
        game: impl Fn(&[u64]) -> G,
    ) -> [usize; 2] {
        let families = [family];
        let mut search = Search::new(&families, 1 << 20);
        let mut generic = OutcomeSolver::new(Convention::Misere);
        let mut count = [0; 2];
        for ids in sums {
            let atoms = ids.iter().map(|&id| Atom { family: 0, id }).collect();
            let pos = search.position(atoms).unwrap();
            let want = generic.outcome(&game(ids));
            assert_eq!(search.outcome(&pos).unwrap(), want, "{ids:?}");
            count[usize::from(want == Outcome::P)] += 1;
        }
        count
    }

    fn pairs(top: u64) -> Vec<Vec<u64>> {
        (0..=top)
            .flat_map(|a| (0..=a).map(move |b| vec![a, b]))
            .collect()
    }

    #[test]
    fn heaps_agree_with_the_generic_search() {
        for code in ["0.77", "0.07", "0.6", "4.07"] {
            let c: OctalCode = code.parse().unwrap();
            let family = Heaps { code: c.clone() };
            let base = HeapGame::new(c, Vec::new());
            let mut sums = pairs(12);
            sums.extend([vec![3, 4, 5], vec![1, 1, 1], vec![2, 5, 7, 1]]);
            let [n, p] = agree(&family, &sums, |ids| {
                base.with_heaps(ids.iter().map(|&i| i as usize).collect())
            });
            assert!(n > 0 && p > 0, "{code}: {n} N, {p} P");
        }
    }

    #[test]
    fn coin_rows_agree_with_the_generic_search() {
        for rule in [Rule::turtles(), Rule::mock_turtles(), Rule::ruler()] {
            let family = CoinRows::new(rule.clone(), 6).unwrap();
            let row = CoinRow::new(rule, 6).unwrap();
            // One row at a time: a row is one component.
            let sums: Vec<Vec<u64>> = (0..64).map(|m| vec![m]).collect();
            let [n, p] = agree(&family, &sums, |ids| row.with_mask(ids[0]));
            assert!(n > 0 && p > 0, "{n} N, {p} P");
        }
    }

    #[test]
    fn vertices_agree_with_the_generic_search() {
        // A token on a vertex of a small acyclic graph.
        let edges = [
            (0, 1),
            (0, 2),
            (1, 2),
            (2, 3),
            (1, 4),
            (4, 3),
            (5, 0),
            (5, 4),
        ];
        let d = Digraph::new(6, &edges).unwrap();
        let family = Vertices::new(d.clone(), (0..6).map(|v| format!("v{v}")).collect());
        let g = AcyclicGraph::new(d).unwrap();
        let sums: Vec<Vec<u64>> = (0..6).map(|v| vec![v]).collect();
        let [n, p] = agree(&family, &sums, |ids| g.vertex(ids[0] as u32).unwrap());
        assert!(n > 0 && p > 0, "{n} N, {p} P");
    }
}
