//! `grundy sum`: a sum of components from any family, each settled (the
//! Monorail ones estimated first, the graph files read once), then the
//! winning moves: by the Sprague–Grundy theorem a move in component `i`
//! wins exactly when it leaves that component at `N_i ⊕ N`
//! ([`grundy_core::impartial::sum`]).

use crate::monorail_position::Game;
use grundy_core::error::{Error, Result, SumError};
use grundy_core::impartial::sum::{guaranteed, winning_targets};
use grundy_core::impartial::Nimber;
use grundy_core::progress::Progress;
use grundy_dataset::graph::read_edge_list;
use grundy_games::graph::{solve, Digraph, Solution};
use grundy_games::monorail::board::parse_framed;
use grundy_games::summands::{parse_sum, Component, External};
use std::collections::HashMap;
use std::path::Path;

pub use grundy_games::summands::format_sum;

/// A sum to settle.
#[derive(Clone, Copy, Debug)]
pub struct SumJob<'a> {
    /// The components, separated by `+`.
    pub text: &'a str,
    /// Moves described per component at most (the rest are counted).
    pub limit: usize,
    /// Solve Monorail components even past the memory estimate.
    pub force: bool,
}

/// The winning moves of one component.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Winning {
    /// The component, 1-based.
    pub component: usize,
    /// The value the component must move to.
    pub to_value: Nimber,
    /// How many such moves there are.
    pub count: usize,
    /// The first [`SumJob::limit`] of them, described.
    pub moves: Vec<String>,
}

/// A settled sum.
#[derive(Clone, Debug)]
pub struct SettledSum {
    /// The components, settled.
    pub parts: Vec<Component>,
    /// Their values, in order.
    pub values: Vec<Nimber>,
    /// The nim-sum of the values.
    pub total: Nimber,
    /// Per component with a winning move: those moves.
    pub winning: Vec<Winning>,
}

/// Parses and settles the sum, then finds every winning move.
///
/// # Errors
/// [`Error::MalformedSum`] as [`parse_sum`], or for an unknown vertex
/// ([`SumError::UnknownVertex`]); the errors of settling a component (a
/// refused Monorail estimate, an unreadable graph file, a loopy vertex
/// value); [`Error::CheckFailed`] for a component with no move to a value
/// the mex rule guarantees (a defect).
///
/// # Examples
/// Kayles on 5 pins (value 4) plus a Nim heap of 3: the nim-sum is 7, and
/// a winning move leaves value 3 in the Kayles row.
/// ```
/// use grundy_core::progress::NoProgress;
/// use grundy_jobs::sum::{run, SumJob};
///
/// let job = SumJob { text: "0.77:5 + nim:3", limit: 10, force: false };
/// let s = run(&job, &NoProgress)?;
/// assert_eq!(s.values.iter().map(|v| v.value()).collect::<Vec<_>>(), [4, 3]);
/// assert_eq!(s.total.value(), 7);
/// assert_eq!(s.winning[0].component, 1);
/// assert_eq!(s.winning[0].to_value.value(), 3);
/// # Ok::<(), grundy_core::Error>(())
/// ```
pub fn run(job: &SumJob<'_>, progress: &dyn Progress) -> Result<SettledSum> {
    let mut graphs: HashMap<String, (grundy_dataset::graph::Names, Digraph, Solution)> =
        HashMap::new();
    let parts: Vec<Component> = parse_sum(job.text)?
        .into_iter()
        .map(|c| match c {
            Component::External(e) => settle(&e, job.force, &mut graphs, progress),
            other => Ok(other),
        })
        .collect::<Result<_>>()?;
    let values: Vec<Nimber> = parts.iter().map(Component::nimber).collect::<Result<_>>()?;
    let total: Nimber = values.iter().copied().sum();
    let mut winning = Vec::new();
    for (i, (part, &target)) in parts.iter().zip(&winning_targets(&values)).enumerate() {
        let (count, moves) = part.moves_to_within(target, job.limit)?;
        if guaranteed(values[i], target) && count == 0 {
            return Err(Error::CheckFailed {
                what: part.to_string(),
                reason: format!(
                    "value {} but no move to {target}, which the mex rule guarantees",
                    values[i]
                ),
            });
        }
        if count > 0 {
            winning.push(Winning {
                component: i + 1,
                to_value: target,
                count,
                moves,
            });
        }
    }
    Ok(SettledSum {
        parts,
        values,
        total,
        winning,
    })
}

type Graphs = HashMap<String, (grundy_dataset::graph::Names, Digraph, Solution)>;

/// Settles one external component: its value and every option's.
fn settle(
    e: &External,
    force: bool,
    graphs: &mut Graphs,
    progress: &dyn Progress,
) -> Result<Component> {
    let text = e.to_string();
    match e {
        External::Monorail { tiles, position } => {
            let root = parse_framed(None, position)?;
            let what = format!("sum: {text}");
            let game = Game {
                tiles: *tiles,
                board: None,
                what: &what,
                budget: None,
                force,
            };
            let an = game.analyse(&root, progress)?;
            let options = an
                .moves
                .iter()
                .map(|m| {
                    (
                        format!("play {}", an.notation(&m.tiles)),
                        u32::from(m.nimber),
                    )
                })
                .collect();
            Ok(Component::Solved {
                text,
                family: "monorail",
                nimber: u32::from(an.nimber),
                options,
            })
        }
        External::Cram { board } => {
            let board = grundy_games::cram::Board::parse(board)?;
            let (nimber, options) = super::cram::option_values(&board, force, progress)?;
            Ok(Component::Solved {
                text,
                family: "cram",
                nimber: u32::from(nimber),
                options: options
                    .into_iter()
                    .map(|(m, v)| (format!("play {m}"), u32::from(v)))
                    .collect(),
            })
        }
        External::Graph { file, vertex } => {
            if !graphs.contains_key(file) {
                let (names, g) = read_edge_list(Path::new(file))?.into_digraph()?;
                let s = solve(&g);
                graphs.insert(file.clone(), (names, g, s));
            }
            let (names, g, s) = &graphs[file];
            let v = names.position(vertex).ok_or_else(|| Error::MalformedSum {
                text: text.clone(),
                source: SumError::UnknownVertex {
                    file: file.clone(),
                    vertex: vertex.clone(),
                },
            })?;
            let nimber = s.finite(v).ok_or_else(|| Error::OutOfRange {
                what: text.clone(),
                reason: format!(
                    "its value is the loopy {} (Smith's generalised function): a sum with it is not decided by nim-sums",
                    s.gamma(v)
                ),
            })?;
            let mut seen = std::collections::HashSet::new();
            let options = g
                .options(v)
                .iter()
                .filter(|&&w| seen.insert(w))
                .filter_map(|&w| {
                    let name = names.get(w)?;
                    s.finite(w).map(|x| (format!("move to {name}"), x))
                })
                .collect();
            Ok(Component::Solved {
                text,
                family: "graph",
                nimber,
                options,
            })
        }
    }
}
