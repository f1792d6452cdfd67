//! A misère sum's components sorted for the searches: grouped into
//! families with a bound on the positions the search can meet
//! ([`families_of`]), and, for a sum of octal and Nim heaps only, its
//! games and heaps as a misère quotient's universe reads them
//! ([`heap_games`]).

use super::families::{CoinRows, Heaps, NimHeaps, Vertices};
use super::universe::HeapGame;
use super::{Atom, Family};
use crate::cram::CramRegions;
use crate::graph::Digraph;
use crate::summands::{Component, External};
use grundy_core::error::SumError;
use grundy_core::{Error, Result};
use std::collections::HashMap;
use std::sync::Arc;

/// Reads a graph file named in a sum: the graph and its vertex names in id
/// order (the caller's: the engine reads no file).
pub type GraphReader<'a> = dyn FnMut(&str) -> Result<(Digraph, Vec<String>)> + 'a;

/// The families of a sum and its components as atoms.
pub struct SumFamilies {
    /// The families, each once.
    pub families: Vec<Box<dyn Family>>,
    /// The components as atoms of those families (a Cram board as its
    /// regions).
    pub atoms: Vec<Atom>,
    /// Each atom's label, as written.
    pub labels: Vec<String>,
    /// A bound on the positions the search can meet (a product, saturated).
    pub bound: f64,
}

/// The heaps of a sum of octal and Nim heaps, as games and `(game, heap)`
/// pairs, games sorted by key, heaps without a move left out; `None` for
/// any other component.
pub fn heap_games(parts: &[Component]) -> Option<HeapSum> {
    let mut games: Vec<HeapGame> = Vec::new();
    let mut raw = Vec::with_capacity(parts.len());
    let mut written = Vec::with_capacity(parts.len());
    for (i, c) in parts.iter().enumerate() {
        let (game, heap) = match c {
            Component::Nim(0) => continue,
            Component::Nim(n) => (HeapGame::Nim, usize::try_from(*n).ok()?),
            Component::Octal { code, heap, .. } if code.is_finite() => {
                if !code.has_move(*heap) {
                    continue; // the game 0
                }
                (HeapGame::Octal(code.clone()), *heap)
            }
            _ => return None,
        };
        if !games.contains(&game) {
            games.push(game.clone());
        }
        raw.push((game, heap));
        written.push(i.saturating_add(1));
    }
    games.sort_by_key(HeapGame::key);
    let heaps = raw
        .into_iter()
        .map(|(g, h)| (games.iter().position(|x| *x == g).unwrap_or(0), h))
        .collect();
    Some(HeapSum {
        games,
        heaps,
        written,
    })
}

/// A sum of octal and Nim heaps, those without a move left out.
#[derive(Debug)]
pub struct HeapSum {
    /// The games, sorted by key.
    pub games: Vec<HeapGame>,
    /// Each heap as `(game, size)`.
    pub heaps: Vec<(usize, usize)>,
    /// Each heap's place in the sum as written, 1-based.
    pub written: Vec<usize>,
}

impl HeapSum {
    /// The largest heap of each game.
    pub fn needed(&self) -> Vec<usize> {
        let mut needed = vec![0usize; self.games.len()];
        for &(g, h) in &self.heaps {
            needed[g] = needed[g].max(h);
        }
        needed
    }
}

/// Groups the components into families (one per code, coin rule and row
/// length, graph file; one for Nim), with a bound on the positions.
/// `graph` reads a graph file named in the sum: its graph and its vertex
/// names in id order (the engine reads no file).
///
/// # Errors
/// [`Error::MalformedSum`] for a family without a misère version here
/// (Treblecross, Monorail: [`SumError::NotMisere`]) or an unknown vertex
/// ([`SumError::UnknownVertex`]); [`Error::OutOfRange`] for
/// a coin row too long or too many families; what `graph` returns.
pub fn families_of(parts: &[Component], graph: &mut GraphReader<'_>) -> Result<SumFamilies> {
    let mut families: Vec<Box<dyn Family>> = Vec::new();
    let mut index: HashMap<String, u16> = HashMap::new();
    let mut graphs: HashMap<String, Vec<String>> = HashMap::new();
    let mut atoms = Vec::with_capacity(parts.len());
    let mut labels = Vec::with_capacity(parts.len());
    let mut bound = 1.0f64;
    let mut cram: Option<(u16, Arc<CramRegions>)> = None;
    for c in parts {
        let (key, id, states) =
            match c {
                Component::Nim(n) => ("nim".to_string(), *n, (*n as f64) + 1.0),
                Component::Octal { code, heap, .. } => {
                    let states = if code.max_parts() <= 1 {
                        (*heap as f64) + 1.0
                    } else {
                        partitions_up_to(*heap)
                    };
                    (format!("octal {code}"), *heap as u64, states)
                }
                Component::Coins { rule, row } => {
                    let mask = row.mask().filter(|_| row.len() <= 64).ok_or_else(|| {
                        Error::OutOfRange {
                            what: c.to_string(),
                            reason: "a misère coin row has at most 20 coins".into(),
                        }
                    })?;
                    let states = 2f64.powi(i32::try_from(row.len()).unwrap_or(i32::MAX));
                    (format!("coins {rule} {}", row.len()), mask, states)
                }
                Component::External(External::Graph { file, vertex }) => graph_vertex(
                    c,
                    file,
                    vertex,
                    graph,
                    &mut families,
                    &mut index,
                    &mut graphs,
                )?,
                Component::External(External::Cram { board }) => {
                    // A board enters as its regions, each a component.
                    let b = crate::cram::Board::parse(board)?;
                    let (family, regions) = match &cram {
                        Some((f, r)) => (*f, Arc::clone(r)),
                        None => {
                            let r = Arc::new(CramRegions::new());
                            families.push(Box::new(Arc::clone(&r)));
                            let f = family_number(families.len())?;
                            cram = Some((f, Arc::clone(&r)));
                            (f, r)
                        }
                    };
                    for id in regions.components(b.cells()) {
                        let cells = regions.cells(id);
                        atoms.push(Atom { family, id });
                        labels.push(regions.label(id));
                        bound *= 2f64.powi(i32::try_from(cells).unwrap_or(i32::MAX));
                    }
                    continue;
                }
                Component::External(External::Monorail { .. }) | Component::Solved { .. } => {
                    return Err(not_misere(
                        c,
                        "a Monorail game ends when the loop is closed, not when no move is left",
                    ))
                }
                Component::Treblecross { .. } => return Err(not_misere(
                    c,
                    "a Treblecross game ends when a row of three is made, not when no move is left",
                )),
            };
        let family = match index.get(&key) {
            Some(&f) => f,
            None => {
                families.push(new_family(c)?);
                let f = family_number(families.len())?;
                index.insert(key, f);
                f
            }
        };
        atoms.push(Atom { family, id });
        labels.push(c.to_string());
        bound *= states;
    }
    Ok(SumFamilies {
        families,
        atoms,
        labels,
        bound,
    })
}

/// The vertex `vertex` of the graph file `file` (a component `c`): its
/// family's key, the vertex id and the graph's vertex count (a bound on
/// its positions). The graph is read (by `graph`) and made a family the
/// first time the file is named.
///
/// # Errors
/// [`Error::MalformedSum`] for an unknown vertex
/// ([`SumError::UnknownVertex`]); what `graph` returns.
fn graph_vertex(
    c: &Component,
    file: &str,
    vertex: &str,
    graph: &mut GraphReader<'_>,
    families: &mut Vec<Box<dyn Family>>,
    index: &mut HashMap<String, u16>,
    graphs: &mut HashMap<String, Vec<String>>,
) -> Result<(String, u64, f64)> {
    let key = format!("graph {file}");
    if !index.contains_key(&key) {
        let (g, names) = graph(file)?;
        let labels = g
            .vertices()
            .map(|v| {
                let name = names.get(v as usize).map_or("?", String::as_str);
                format!("graph:{file}:{name}")
            })
            .collect();
        families.push(Box::new(Vertices::new(g, labels)));
        index.insert(key.clone(), family_number(families.len())?);
        graphs.insert(file.to_string(), names);
    }
    let names = &graphs[file];
    let v = names
        .iter()
        .position(|n| n == vertex)
        .ok_or_else(|| Error::MalformedSum {
            text: c.to_string(),
            source: SumError::UnknownVertex {
                file: file.to_string(),
                vertex: vertex.to_string(),
            },
        })?;
    Ok((key, v as u64, (names.len() as f64).max(1.0)))
}

fn family_number(len: usize) -> Result<u16> {
    u16::try_from(len.saturating_sub(1)).map_err(|_| Error::OutOfRange {
        what: format!("{len} families"),
        reason: "a misère sum holds at most 65,536 families".into(),
    })
}

fn new_family(c: &Component) -> Result<Box<dyn Family>> {
    Ok(match c {
        Component::Octal { code, .. } => Box::new(Heaps { code: code.clone() }),
        Component::Coins { rule, row } => Box::new(CoinRows::new(rule.clone(), row.len())?),
        _ => Box::new(NimHeaps),
    })
}

fn not_misere(c: &Component, why: &str) -> Error {
    Error::MalformedSum {
        text: c.to_string(),
        source: SumError::NotMisere {
            why: why.to_string(),
        },
    }
}

/// `Σ_{m ≤ n} p(m)`, partitions of every size up to `n` (an upper bound on
/// the positions a heap of `n` can reach), saturating in `f64`.
pub fn partitions_up_to(n: usize) -> f64 {
    // Past 2,000 the count (above 1e45) exceeds every bound it is compared
    // with, and the loop below, quadratic in n, would take hours at n = 10^6.
    if n > 2_000 {
        return f64::INFINITY;
    }
    let mut p = vec![0f64; n.saturating_add(1)];
    if let Some(first) = p.first_mut() {
        *first = 1.0;
    }
    for part in 1..=n {
        for m in part..=n {
            let add = p[m.saturating_sub(part)];
            p[m] += add;
        }
    }
    p.iter().sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::summands::parse_sum;

    #[test]
    fn partitions_count_positions() {
        // p(0..=5) = 1, 1, 2, 3, 5, 7 (OEIS A000041): their sum is 19.
        assert_eq!(partitions_up_to(5), 19.0);
        assert_eq!(partitions_up_to(0), 1.0);
        assert_eq!(partitions_up_to(3_000), f64::INFINITY);
    }

    #[test]
    fn heaps_group_by_game_and_drop_the_moveless() {
        let parts = parse_sum("0.77:5 + nim:3 + 0.77:2 + nim:0").unwrap();
        let hs = heap_games(&parts).expect("octal and Nim heaps");
        assert_eq!(hs.games.len(), 2);
        assert_eq!(hs.heaps.len(), 3);
        assert_eq!(hs.written, [1, 2, 3]);
        let kayles = hs
            .games
            .iter()
            .position(|g| matches!(g, HeapGame::Octal(_)))
            .unwrap();
        assert_eq!(hs.needed()[kayles], 5);
        assert!(heap_games(&parse_sum("0.77:5 + coins:ruler:THT").unwrap()).is_none());
    }

    #[test]
    fn families_are_shared_and_bounded() {
        let parts = parse_sum("0.77:4 + 0.77:6 + nim:2").unwrap();
        let mut no_file = |f: &str| -> Result<(Digraph, Vec<String>)> {
            panic!("no graph named, yet {f} was read")
        };
        let f = families_of(&parts, &mut no_file).unwrap();
        assert_eq!(f.families.len(), 2);
        assert_eq!(f.atoms.len(), 3);
        assert_eq!(f.atoms[0].family, f.atoms[1].family);
        // Kayles splits: partitions bound its heaps; Nim's heap of 2 has 3.
        assert_eq!(f.bound, partitions_up_to(4) * partitions_up_to(6) * 3.0);
        let tc = parse_sum("0.77:4 + treblecross:.....").unwrap();
        assert!(matches!(
            families_of(&tc, &mut no_file),
            Err(Error::MalformedSum { .. })
        ));
    }
}
