//! Misère play as runs: the outcome and winning moves of a sum
//! (`grundy sum --misere`), the genus of an octal game's heaps
//! (`grundy octal genus`) and its misère quotient (`grundy octal
//! quotient`). Each is validated and estimated first, refused
//! past its bound with the figure and `--force`, then searched
//! ([`crate::games::misere`]).
#![warn(clippy::arithmetic_side_effects)]

use crate::dataset::graph::read_edge_list;
use crate::dataset::misere_quotient;
use crate::dataset::staging::Stage;
use crate::error::{Error, Result};
use crate::games::misere::families::{CoinRows, Heaps, NimHeaps, Vertices};
use crate::games::misere::genus::{Genus, GenusRule};
use crate::games::misere::learn::{self, Learned, Limits};
use crate::games::misere::nim;
use crate::games::misere::periodic::whole_game;
use crate::games::misere::quotient::Quotient;
use crate::games::misere::search::{Move, Outcome, Search};
use crate::games::misere::{Atom, Family};
use crate::games::octal::{Computation, Engine, OctalCode};
use crate::games::summands::{parse_sum, Component, External};
use crate::progress::Progress;
use std::collections::HashMap;
use std::path::Path;

/// Positions a search keeps at most without `--force` (about 2 GiB at
/// worst).
pub const MAX_POSITIONS: usize = 10_000_000;

/// A misère sum to decide.
#[derive(Clone, Copy, Debug)]
pub struct MisereSumJob<'a> {
    /// The components, separated by `+` (the syntax of `grundy sum`).
    pub text: &'a str,
    /// Search past [`MAX_POSITIONS`].
    pub force: bool,
    /// Decide by the search even where a quotient or Bouton's rule would
    /// (a cross-check).
    pub search_only: bool,
}

/// One winning move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WinningMove {
    /// The component moved in, 1-based, in the order written.
    pub component: usize,
    /// That component (`kayles:9`).
    pub from: String,
    /// What the move leaves in its place (`kayles:3 + kayles:4`, or `0`).
    pub to: String,
}

/// A decided misère sum.
#[derive(Clone, Debug)]
pub struct MisereSum {
    /// The components as written, normalised (`kayles:9`).
    pub components: Vec<String>,
    /// The misère outcome: P when the player to move loses.
    pub outcome: Outcome,
    /// Every winning move (none for a P-position).
    pub winning: Vec<WinningMove>,
    /// How the outcome was found: `misère Nim (Bouton)`, `misère quotient
    /// (proved)` or `search`.
    pub method: &'static str,
    /// Positions the search settled (0 for misère Nim).
    pub positions: usize,
}

/// The families of a sum and its components as atoms.
struct Parsed {
    families: Vec<Box<dyn Family>>,
    atoms: Vec<Atom>,
    labels: Vec<String>,
    /// A bound on the positions the search can meet (a product, saturated).
    bound: f64,
}

/// Decides the misère outcome of a sum and lists every winning move.
///
/// # Errors
/// [`Error::MalformedSum`] for a malformed sum or a family without a misère
/// version here (Treblecross, Monorail); [`Error::TooCostly`] when the
/// bound on positions exceeds [`MAX_POSITIONS`] without `force` (or the
/// search meets more); a graph file's errors; [`Error::OutOfRange`] for a
/// loopy graph or a row too long.
pub fn sum(job: &MisereSumJob<'_>, progress: &dyn Progress) -> Result<MisereSum> {
    let parts = parse_sum(job.text)?;
    if let Some(heaps) = all_nim(&parts).filter(|_| !job.search_only) {
        return Ok(misere_nim(&parts, &heaps));
    }
    let parsed = families_of(&parts)?;
    if parsed.bound > QUOTIENT_FROM && !job.search_only {
        if let Some(r) = by_quotient(&parts, job.force, progress)? {
            return Ok(r);
        }
    }
    if parsed.bound > MAX_POSITIONS as f64 && !job.force {
        return Err(Error::TooCostly {
            what: format!("the misère search of {}", job.text.trim()),
            needs: format!("up to {:.2e} positions", parsed.bound),
            limit: format!("the bound of {MAX_POSITIONS} positions"),
            flag: "--force",
        });
    }
    let refs: Vec<&dyn Family> = parsed.families.iter().map(|f| f.as_ref()).collect();
    let limit = if job.force { usize::MAX } else { MAX_POSITIONS };
    let mut search = Search::new(&refs, limit);
    progress.phase("misère search", 0);
    let root = search.position(parsed.atoms.clone())?;
    let outcome = search.outcome(&root)?;
    let wins = search.winning_moves(&root)?;
    progress.finish_phase();
    let winning = wins
        .iter()
        .map(|m| describe(&mut search, &root, &parsed.atoms, m))
        .collect();
    Ok(MisereSum {
        components: parsed.labels,
        outcome,
        winning,
        method: "search",
        positions: search.positions_searched(),
    })
}

/// Above this bound on positions, a sum of one octal game's heaps is
/// decided by the game's misère quotient when it can be proved within its
/// default bounds.
const QUOTIENT_FROM: f64 = 100_000.0;

/// The largest heap for which [`sum`] tries the quotient without `--force`
/// (Kayles' Q_30 takes about 10 s; larger bounds can take minutes).
const QUOTIENT_MAX_HEAP: usize = 30;

/// Decides a sum of heaps of one octal game with its proved quotient
/// `Q_N`, `N` the largest heap: the outcome is the P-portion's verdict on
/// the product of the heaps' elements, and each move is judged the same
/// way (prefix and suffix products, so time linear in the number of heaps
/// and their options). None when the sum is not of that kind or the
/// quotient is too costly to prove.
fn by_quotient(
    parts: &[Component],
    force: bool,
    progress: &dyn Progress,
) -> Result<Option<MisereSum>> {
    let mut code: Option<&OctalCode> = None;
    let mut heaps = Vec::with_capacity(parts.len());
    for c in parts {
        match c {
            Component::Octal { code: k, heap, .. } if code.is_none_or(|x| x == k) => {
                code = Some(k);
                heaps.push(*heap);
            }
            _ => return Ok(None),
        }
    }
    let (Some(code), Some(&max_heap)) = (code, heaps.iter().max()) else {
        return Ok(None);
    };
    if max_heap > QUOTIENT_MAX_HEAP && !force {
        return Ok(None);
    }
    let q = match learn::quotient(code, max_heap, Limits::default(), progress) {
        Ok(l) => l.quotient,
        Err(Error::TooCostly { .. } | Error::OutOfRange { .. }) => return Ok(None),
        Err(e) => return Err(e),
    };
    let element = |h: usize| q.pretending[h];
    // prefix[i]: the product of heaps[..i]; suffix[i]: of heaps[i..].
    let prefix: Vec<u32> = std::iter::once(0)
        .chain(heaps.iter().scan(0u32, |acc, &h| {
            *acc = q.mul(*acc, element(h));
            Some(*acc)
        }))
        .collect();
    let mut suffix: Vec<u32> = std::iter::once(0)
        .chain(heaps.iter().rev().scan(0u32, |acc, &h| {
            *acc = q.mul(*acc, element(h));
            Some(*acc)
        }))
        .collect();
    suffix.reverse();
    let whole = prefix.last().copied().unwrap_or(0);
    let p = q.p_portion[whole as usize];
    let heaps_family = Heaps { code: code.clone() };
    let label = |h: usize| heaps_family.label(h as u64);
    let mut winning = Vec::new();
    for (i, &h) in heaps.iter().enumerate() {
        if heaps[..i].contains(&h) {
            continue;
        }
        let others = q.mul(
            prefix[i],
            suffix.get(i.saturating_add(1)).copied().unwrap_or(0),
        );
        let mut seen = std::collections::HashSet::new();
        code.for_each_move(h, |m| {
            let (left, count) = m.heaps();
            let left = &left[..count];
            let x = left.iter().fold(others, |acc, &l| q.mul(acc, element(l)));
            if q.p_portion[x as usize] && seen.insert(left.to_vec()) {
                let kept: Vec<String> = left
                    .iter()
                    .filter(|&&l| l != 0 && !code.moves(l).is_empty())
                    .map(|&l| label(l))
                    .collect();
                winning.push(WinningMove {
                    component: i.saturating_add(1),
                    from: label(h),
                    to: if kept.is_empty() {
                        "0".into()
                    } else {
                        kept.join(" + ")
                    },
                });
            }
        });
    }
    Ok(Some(MisereSum {
        components: parts.iter().map(ToString::to_string).collect(),
        outcome: if p { Outcome::P } else { Outcome::N },
        winning,
        method: "misère quotient (proved)",
        positions: 0,
    }))
}

/// The heaps of a sum made of Nim heaps only.
fn all_nim(parts: &[Component]) -> Option<Vec<u64>> {
    parts
        .iter()
        .map(|c| match c {
            Component::Nim(n) => Some(*n),
            _ => None,
        })
        .collect()
}

/// Misère Nim by Bouton's rule ([`nim::is_p_position`]), each move checked
/// by the rule too.
fn misere_nim(parts: &[Component], heaps: &[u64]) -> MisereSum {
    let outcome = if nim::is_p_position(heaps) {
        Outcome::P
    } else {
        Outcome::N
    };
    let mut winning = Vec::new();
    let mut after = heaps.to_vec();
    for (i, &h) in heaps.iter().enumerate() {
        if heaps[..i].contains(&h) {
            continue; // the same moves as an equal heap before it
        }
        for k in 0..h {
            after[i] = k;
            if nim::is_p_position(&after) {
                winning.push(WinningMove {
                    component: i.saturating_add(1),
                    from: format!("nim:{h}"),
                    to: if k == 0 {
                        "0".into()
                    } else {
                        format!("nim:{k}")
                    },
                });
            }
        }
        after[i] = h;
    }
    MisereSum {
        components: parts.iter().map(ToString::to_string).collect(),
        outcome,
        winning,
        method: "misère Nim (Bouton)",
        positions: 0,
    }
}

/// A winning move described by the labels of its components.
fn describe(search: &mut Search<'_>, root: &[Atom], written: &[Atom], m: &Move) -> WinningMove {
    let a = root[m.component];
    let component = written
        .iter()
        .position(|&w| w == a)
        .map_or(0, |i| i.saturating_add(1));
    let mut left: Vec<String> = Vec::new();
    for &l in &m.leaves {
        if !search.is_terminal(l).unwrap_or(false) {
            left.push(search.label(l));
        }
    }
    WinningMove {
        component,
        from: search.label(a),
        to: if left.is_empty() {
            "0".into()
        } else {
            left.join(" + ")
        },
    }
}

/// Groups the components into families (one per code, coin rule and row
/// length, graph file; one for Nim), with a bound on the positions.
fn families_of(parts: &[Component]) -> Result<Parsed> {
    let mut families: Vec<Box<dyn Family>> = Vec::new();
    let mut index: HashMap<String, u16> = HashMap::new();
    let mut graphs: HashMap<String, crate::dataset::graph::Names> = HashMap::new();
    let mut atoms = Vec::with_capacity(parts.len());
    let mut labels = Vec::with_capacity(parts.len());
    let mut bound = 1.0f64;
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
                Component::External(External::Graph { file, vertex }) => {
                    let key = format!("graph {file}");
                    if !index.contains_key(&key) {
                        let (names, g) = read_edge_list(Path::new(file))?.into_digraph()?;
                        let labels = g
                            .vertices()
                            .map(|v| format!("graph:{file}:{}", names.get(v).unwrap_or("?")))
                            .collect();
                        families.push(Box::new(Vertices::new(g, labels)));
                        index.insert(key.clone(), family_number(families.len())?);
                        graphs.insert(file.clone(), names);
                    }
                    let names = &graphs[file];
                    let v = names.position(vertex).ok_or_else(|| Error::MalformedSum {
                        text: c.to_string(),
                        reason: format!("{file} has no vertex {vertex:?}"),
                    })?;
                    (key, u64::from(v), (names.len() as f64).max(1.0))
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
    Ok(Parsed {
        families,
        atoms,
        labels,
        bound,
    })
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
        reason: format!("misère play of this family is another game ({why})"),
    }
}

/// `Σ_{m ≤ n} p(m)`, partitions of every size up to `n` (an upper bound on
/// the positions a heap of `n` can reach), saturating in `f64`.
fn partitions_up_to(n: usize) -> f64 {
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

/// One heap's genus row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GenusRow {
    /// The heap size.
    pub n: usize,
    /// Its nimber (normal play), equal to the octal engine's `G(n)`.
    pub nimber: u32,
    /// Its misère nimber `γ0`.
    pub misere_nimber: u32,
    /// Its genus.
    pub genus: Genus,
    /// Whether it is hereditarily tame.
    pub hereditarily_tame: bool,
}

/// The genus of every heap `0..=max_n` of a game.
#[derive(Clone, Debug)]
pub struct GenusTable {
    /// The game.
    pub code: OctalCode,
    /// One row per heap size.
    pub rows: Vec<GenusRow>,
    /// The first heap that is not hereditarily tame, if any up to `max_n`.
    pub first_wild: Option<usize>,
    /// Positions (sums of heaps) whose genus was computed.
    pub positions: usize,
}

/// Largest `--max-n` for `octal genus`.
pub const MAX_GENUS_N: usize = 100_000;

/// Computes the genus of heaps `0..=max_n` of `code`, each checked: the
/// `g` of every genus must equal the nim-sequence the octal engine
/// computes.
///
/// # Errors
/// [`Error::OutOfRange`] past [`MAX_GENUS_N`]; [`Error::TooCostly`] when the
/// bound on positions exceeds [`MAX_POSITIONS`] without `force`;
/// [`Error::VerificationFailed`] if a genus's nimber disagrees with the
/// engine (a defect).
pub fn genus(
    code: &OctalCode,
    max_n: usize,
    force: bool,
    progress: &dyn Progress,
) -> Result<GenusTable> {
    code.require_finite("the misère genus")?;
    if max_n > MAX_GENUS_N {
        return Err(Error::OutOfRange {
            what: format!("--max-n {max_n}"),
            reason: format!("the genus is computed for heaps of at most {MAX_GENUS_N}"),
        });
    }
    let bound = if code.max_parts() <= 1 {
        max_n as f64 + 1.0
    } else {
        partitions_up_to(max_n)
    };
    if bound > MAX_POSITIONS as f64 && !force {
        return Err(Error::TooCostly {
            what: format!("the genus of {code} to n = {max_n}"),
            needs: format!("up to {bound:.2e} positions"),
            limit: format!("the bound of {MAX_POSITIONS} positions"),
            flag: "--force",
        });
    }
    let len = max_n.saturating_add(1);
    let mut c = Computation::new(code.clone(), Engine::Sparse);
    if !c.extend_to(len, &crate::progress::StopOnly(progress)) {
        return Err(Error::Stopped);
    }
    let heaps = Heaps { code: code.clone() };
    let families: [&dyn Family; 1] = [&heaps];
    let limit = if force { usize::MAX } else { MAX_POSITIONS };
    let mut search = Search::new(&families, limit);
    let mut memo = HashMap::new();
    let mut rows = Vec::with_capacity(len);
    progress.phase(&format!("genus of {code}"), len as u64);
    for n in 0..len {
        if progress.stop_requested() {
            return Err(Error::Stopped);
        }
        let root = search.position(vec![Atom {
            family: 0,
            id: n as u64,
        }])?;
        let v = search.evaluate(&GenusRule, &mut memo, &root)?;
        let nimber = c.values().get(n);
        if v.genus.g != nimber {
            return Err(Error::VerificationFailed {
                path: format!("genus of {code}").into(),
                reason: format!(
                    "heap {n}: the genus gives nimber {}, the octal engine G({n}) = {nimber}",
                    v.genus.g
                ),
            });
        }
        rows.push(GenusRow {
            n,
            nimber,
            misere_nimber: v.genus.misere_nimber(),
            hereditarily_tame: v.hereditarily_tame,
            genus: v.genus,
        });
        progress.advance(1);
    }
    progress.finish_phase();
    let first_wild = rows.iter().find(|r| !r.hereditarily_tame).map(|r| r.n);
    Ok(GenusTable {
        code: code.clone(),
        rows,
        first_wild,
        positions: memo.len(),
    })
}

/// A quotient to compute: `octal quotient CODE --max-heap N`.
#[derive(Clone, Copy, Debug)]
pub struct QuotientJob<'a> {
    /// The game.
    pub code: &'a OctalCode,
    /// `N`.
    pub max_heap: usize,
    /// Lift the bounds of [`Limits::default`].
    pub force: bool,
    /// Cross-check against the search: every sum of up to `.0` heaps of
    /// total at most `.1`.
    pub check: Option<(usize, usize)>,
    /// Write the dataset ([`crate::dataset::misere_quotient`]) here,
    /// staged: a failed run leaves the directory as it was.
    pub out: Option<&'a Path>,
}

/// The heaps whose genus `reproduce` and the misère census compute to find
/// where a game turns wild: the genus of a heap needs the genera of sums
/// of its options, which grow past the search's bound beyond about here
/// for the splitting games.
pub const GENUS_BOUND: usize = 40;

/// The kind of output `octal quotient --out` writes (its directory's
/// marker).
pub const QUOTIENT_KIND: &str = "octal quotient";

/// A computed quotient, with its cross-check.
#[derive(Clone, Debug)]
pub struct QuotientRun {
    /// The quotient and its growth.
    pub learned: Learned,
    /// Sums compared with the search, if asked (all agreed).
    pub checked_sums: Option<usize>,
}

/// Computes and proves `Q_N` ([`crate::games::misere::learn`]), if asked
/// compares its prediction with the search for small sums, and writes the
/// dataset if asked.
///
/// # Errors
/// As [`learn::quotient`]; [`Error::VerificationFailed`] naming the first
/// sum whose outcome the quotient gets wrong (a defect); [`Error::Io`] for
/// an output directory that cannot be written or is not this command's.
pub fn quotient(job: &QuotientJob<'_>, progress: &dyn Progress) -> Result<QuotientRun> {
    let mut stage = Stage::new();
    let out = job
        .out
        .map(|o| stage.dir(o, QUOTIENT_KIND, misere_quotient::FILES))
        .transpose()?;
    let limits = if job.force {
        Limits {
            elements: usize::MAX,
            positions: usize::MAX,
            states: usize::MAX,
            deadline: None,
        }
    } else {
        Limits::default()
    };
    let learned = learn::quotient(job.code, job.max_heap, limits, progress)?;
    let checked_sums = match job.check {
        None => None,
        Some((k, s)) => Some(cross_check(job.code, &learned.quotient, k, s)?),
    };
    if let Some(dir) = out {
        misere_quotient::write(&dir, job.code, &learned, checked_sums)?;
        stage.commit()?;
    }
    Ok(QuotientRun {
        learned,
        checked_sums,
    })
}

/// Compares the quotient's outcome with the search's for every sum of up
/// to `k` heaps of total at most `s`; returns how many. Heaps are at most
/// `N`, or any size where `Q_N` is proved to be the whole game's quotient
/// ([`whole_game`]): then heaps past `N` take the periodic pretending
/// function, and the claim is checked too.
fn cross_check(code: &OctalCode, q: &Quotient, k: usize, s: usize) -> Result<usize> {
    let heaps = Heaps { code: code.clone() };
    let families: [&dyn Family; 1] = [&heaps];
    let mut search = Search::new(&families, MAX_POSITIONS);
    let whole = whole_game(code, q);
    let largest = if whole.is_some() { s } else { q.max_heap };
    let mut count = 0usize;
    let mut stack: Vec<Vec<usize>> = vec![Vec::new()];
    while let Some(sum) = stack.pop() {
        let predicted = match whole {
            Some(w) => {
                let e = sum.iter().fold(0, |e, &h| q.mul(e, w.pretend(q, h)));
                q.p_portion[e as usize]
            }
            None => q
                .is_p_position(&sum)
                .ok_or_else(|| Error::VerificationFailed {
                    path: "quotient cross-check".into(),
                    reason: format!("a heap of {sum:?} is past N"),
                })?,
        };
        let atoms = sum
            .iter()
            .map(|&h| Atom {
                family: 0,
                id: h as u64,
            })
            .collect();
        let root = search.position(atoms)?;
        let actual = search.outcome(&root)? == Outcome::P;
        if predicted != actual {
            return Err(Error::VerificationFailed {
                path: format!("misère quotient of {code}").into(),
                reason: format!(
                    "the quotient says {sum:?} is {}, the search says otherwise",
                    if predicted { "P" } else { "N" }
                ),
            });
        }
        count = count.saturating_add(1);
        if sum.len() < k {
            let total: usize = sum.iter().sum();
            let from = sum.last().copied().unwrap_or(1);
            for h in from..=largest {
                if total.saturating_add(h) <= s {
                    let mut next = sum.clone();
                    next.push(h);
                    stack.push(next);
                }
            }
        }
    }
    Ok(count)
}
