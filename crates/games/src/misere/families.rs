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
