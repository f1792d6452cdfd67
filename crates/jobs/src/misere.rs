//! Misère play as runs: the outcome and winning moves of a sum
//! (`grundy sum --misere`), the genus of an octal game's heaps
//! (`grundy octal genus`) and its misère quotient (`grundy octal
//! quotient`). Each is validated and estimated first, refused
//! past its bound with the figure and `--force`, then searched
//! ([`grundy_games::misere`]).
#![warn(clippy::arithmetic_side_effects)]

use crate::misere_cached::read_rechecked;
use crate::misere_verify::{check_cost, cross_check};
use grundy_core::clock::{Deadline, SystemClock};
use grundy_core::error::{Error, Result};
use grundy_core::progress::Progress;
use grundy_dataset::graph::read_edge_list;
use grundy_dataset::misere_cache;
use grundy_games::graph::Digraph;
use grundy_games::misere::heap_search::Oracle;
use grundy_games::misere::learn::Limits;
use grundy_games::misere::nim;
use grundy_games::misere::quotient::Quotient;
use grundy_games::misere::search::{Move, Outcome, Search};
use grundy_games::misere::sum_families::{families_of, heap_games, HeapSum};
use grundy_games::misere::sums::{build_quotient, search_heaps, whole_game_of};
use grundy_games::misere::universe::{decide, Elements, HeapGame, Universe};
use grundy_games::misere::{Atom, Family};
use grundy_games::summands::{parse_sum, Component};
use std::path::Path;

/// Positions a search keeps at most without `--force` or
/// `--max-positions` (about 2 GiB at worst).
pub const MAX_POSITIONS: usize = 10_000_000;

/// Bytes a misère search keeps per position, hash table included, at
/// worst (a sum of a few heaps; measured about 100 and doubled for the
/// table's growth): `--force` lets the search keep as many positions as
/// the memory available holds at this rate.
pub const BYTES_PER_POSITION: u64 = 200;

/// The positions a search keeps with `--force`: as many as the memory
/// available holds at [`BYTES_PER_POSITION`] ([`MAX_POSITIONS`] where it
/// cannot be read), and that memory in bytes (for the refusal's figure).
pub fn forced_positions() -> (usize, Option<u64>) {
    let memory = crate::memory::available_memory();
    let positions = memory.map_or(MAX_POSITIONS, |b| {
        usize::try_from(b / BYTES_PER_POSITION).unwrap_or(usize::MAX)
    });
    (positions, memory)
}

/// The time a quotient is built for while a search races it: it is
/// stopped when the search decides, so in practice as long as the search
/// runs (it has a core of its own).
const RACE_QUOTIENT_S: f64 = 1e6;

/// The time a quotient is built for on demand by default, in seconds.
pub const QUOTIENT_BUDGET_S: f64 = 5.0;

/// A misère sum to decide.
#[derive(Clone, Copy, Debug)]
pub struct MisereSumJob<'a> {
    /// The components, separated by `+` (the syntax of `grundy sum`).
    pub text: &'a str,
    /// Let the search keep as many positions as the memory available
    /// holds ([`BYTES_PER_POSITION`]).
    pub force: bool,
    /// The most positions the search keeps (default [`MAX_POSITIONS`]).
    pub max_positions: Option<usize>,
    /// Decide by the search even where a quotient or Bouton's rule would
    /// (a cross-check).
    pub search_only: bool,
    /// Decide by a misère quotient only (read or built within the budget),
    /// refusing where none is found (the cross-check of `search_only`).
    pub quotient_only: bool,
    /// Seconds a misère quotient is built for when it decides alone
    /// (`quotient_only`, `verify`) or once the search has given up; raced
    /// against the search it is built for as long as the search runs
    /// (default [`QUOTIENT_BUDGET_S`]).
    pub budget_s: f64,
    /// Where proved quotients are kept between runs
    /// ([`grundy_dataset::misere_cache`]); `None`: not kept.
    pub cache: Option<&'a Path>,
    /// Check the quotient that decides the sum (read from the cache or
    /// built) against the plain search on every sum of up to `.0` of its
    /// games' heaps of total at most `.1`
    /// ([`crate::misere_verify`]); the quotient is then tried before
    /// the search, not raced against it.
    pub verify: Option<(usize, usize)>,
}

/// The cache directory of misère quotients when none is named: the
/// environment variable `GRUNDY_CACHE` (empty: no cache), else
/// `$XDG_CACHE_HOME/grundy/misere-quotients`, else
/// `$HOME/.cache/grundy/misere-quotients`; `None` when none of them is set.
pub fn default_cache_dir() -> Option<std::path::PathBuf> {
    let var = |k: &str| std::env::var_os(k).filter(|v| !v.is_empty());
    if let Some(v) = std::env::var_os("GRUNDY_CACHE") {
        return (!v.is_empty()).then(|| std::path::PathBuf::from(v));
    }
    let base = var("XDG_CACHE_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| var("HOME").map(|h| std::path::PathBuf::from(h).join(".cache")))?;
    Some(base.join("grundy").join("misere-quotients"))
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

/// The misère quotient that decided a sum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuotientUsed {
    /// The games and the largest heap of each the quotient is of (`Q_N`,
    /// or the whole game's when `whole` is set).
    pub heaps: Vec<(String, usize)>,
    /// `|Q|`.
    pub order: usize,
    /// `|P|`.
    pub p_portion: usize,
    /// For one game whose quotient is the whole game's: the pretending
    /// function's pre-period and period ([`grundy_games::misere::periodic::whole_game`]).
    pub whole: Option<(usize, usize)>,
    /// Whether it was read from the cache (and rechecked) rather than
    /// built.
    pub cached: bool,
    /// Sums compared with the plain search (`--verify`), all agreeing.
    pub checked_sums: Option<usize>,
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
    /// How the outcome was found: [`METHOD_NIM`], [`METHOD_WHOLE`],
    /// [`METHOD_PARTIAL`], [`METHOD_MIXED`] or [`METHOD_SEARCH`].
    pub method: &'static str,
    /// The quotient, when one decided.
    pub quotient: Option<QuotientUsed>,
    /// Positions the search settled (0 for the other methods).
    pub positions: usize,
}

/// Decided by Bouton's rule for misère Nim.
pub const METHOD_NIM: &str = "misère Nim (Bouton)";
/// Decided by a quotient proved to be the whole game's (one game, any
/// heap size).
pub const METHOD_WHOLE: &str = "misère quotient of the whole game (proved)";
/// Decided by `Q_N` of one game, `N` at least the largest heap.
pub const METHOD_PARTIAL: &str = "misère quotient Q_N (proved)";
/// Decided by the quotient of the closed set several games' heaps
/// generate.
pub const METHOD_MIXED: &str = "misère quotient of the mixed heaps (proved)";
/// Decided by the search.
pub const METHOD_SEARCH: &str = "search";

/// Decides the misère outcome of a sum and lists every winning move: by
/// Bouton's rule for Nim heaps alone; for heaps of octal games and Nim, by
/// a misère quotient (the whole game's, read or built; else `Q_N` of the
/// heaps' closed set, built within the time budget and cached); else by
/// the search, which stops when it has stored its bound of positions.
///
/// # Errors
/// [`Error::MalformedSum`] for a malformed sum or a family without a misère
/// version here (Treblecross, Monorail); [`Error::TooCostly`] when the
/// search stores its bound of positions without deciding the sum; a graph
/// file's errors; [`Error::OutOfRange`] for a loopy graph or a row too
/// long; [`Error::Io`] when the cache cannot be written.
///
/// # Examples
/// Misère Kayles: a row of 5 pins and a row of 4 is a P-position (the
/// player to move loses), while 5 and 3 is not (CGSuite agrees; the
/// misère Kayles quotient of Plambeck and Siegel 2008 decides both).
/// ```
/// use grundy_core::impartial::Outcome;
/// use grundy_core::progress::NoProgress;
/// use grundy_jobs::misere::{sum, MisereSumJob, QUOTIENT_BUDGET_S};
///
/// let job = |text| MisereSumJob {
///     text,
///     force: false,
///     max_positions: None,
///     search_only: true,
///     quotient_only: false,
///     budget_s: QUOTIENT_BUDGET_S,
///     cache: None,
///     verify: None,
/// };
/// assert_eq!(sum(&job("kayles:5 + kayles:4"), &NoProgress)?.outcome, Outcome::P);
/// let s = sum(&job("kayles:5 + kayles:3"), &NoProgress)?;
/// assert_eq!(s.outcome, Outcome::N);
/// assert!(!s.winning.is_empty());
/// # Ok::<(), grundy_core::Error>(())
/// ```
pub fn sum(job: &MisereSumJob<'_>, progress: &dyn Progress) -> Result<MisereSum> {
    let parts = parse_sum(job.text)?;
    if let Some(heaps) = all_nim(&parts).filter(|_| !job.search_only) {
        return Ok(misere_nim(&parts, &heaps));
    }
    let parsed = families_of(&parts, &mut read_graph)?;
    if job.quotient_only {
        return by_quotient(&parts, job, true, progress, None)?.ok_or_else(|| Error::TooCostly {
            what: format!("a misère quotient of {}", job.text.trim()),
            needs: "more than its budget, or heaps of other families".into(),
            limit: format!("{} s for octal and Nim heaps", job.budget_s),
            flag: "--budget SECONDS",
        });
    }
    let (limit, memory) = match (job.max_positions, job.force) {
        (Some(n), _) => (n, None),
        (None, true) => forced_positions(),
        (None, false) => (MAX_POSITIONS, None),
    };
    let name = |e: Error| {
        let e = e.naming_work(format!("the misère search of {}", job.text.trim()));
        crate::misere_quotient::memory_bound(e, memory)
    };
    if job.verify.is_some() && !job.search_only {
        if let Some(r) = by_quotient(&parts, job, true, progress, None)? {
            return Ok(r);
        }
    }
    if parsed.bound > QUOTIENT_FROM && !job.search_only {
        if let Some(r) = by_quotient(&parts, job, false, progress, None)? {
            return Ok(r);
        }
        if heap_games(&parts).is_some() {
            return race(&parts, job, limit, progress).map_err(name);
        }
    }
    if let Some(r) = heap_search(&parts, limit, progress, None).map_err(name)? {
        return Ok(r);
    }
    let refs: Vec<&dyn Family> = parsed.families.iter().map(|f| f.as_ref()).collect();
    let mut search = Search::new(&refs, limit).with_progress(progress);
    progress.phase("misère search (positions)", 0);
    let root = search.position(parsed.atoms.clone())?;
    let outcome = search.outcome(&root).map_err(name)?;
    let wins = search.winning_moves(&root).map_err(name)?;
    progress.finish_phase();
    let winning = wins
        .iter()
        .map(|m| describe(&mut search, &root, &parsed.atoms, m))
        .collect();
    Ok(MisereSum {
        components: parsed.labels,
        outcome,
        winning,
        method: METHOD_SEARCH,
        quotient: None,
        positions: search.positions_searched(),
    })
}

/// Builds the sum's quotient and searches the sum at once, on two
/// threads: the first to decide stops the other. The quotient is kept
/// when both have decided (it is then cached for the next question), and
/// waited for when the search reaches its bound. Both are
/// exact, so the outcome and the winning moves do not depend on which
/// finishes first; `method` says which did.
fn race(
    parts: &[Component],
    job: &MisereSumJob<'_>,
    limit: usize,
    progress: &dyn Progress,
) -> Result<MisereSum> {
    use grundy_core::progress::{NoProgress, Stoppable};
    use std::sync::atomic::{AtomicBool, Ordering};
    use std::sync::{mpsc, Arc, Mutex};
    let stop_quotient = Arc::new(AtomicBool::new(false));
    let stop_search = Arc::new(AtomicBool::new(false));
    // Each level the quotient's thread proves is posted here, and the
    // search decides the positions of those heaps by it.
    let oracle: Arc<Oracle> = Arc::new(Mutex::new(None));
    let (tx, rx) = mpsc::channel();
    {
        // The quotient's thread owns what it reads, so the search need not
        // wait for it to notice a stop: it ends at its next check (between
        // levels and candidates, within the budget), writing nothing.
        let parts = parts.to_vec();
        let text = job.text.to_string();
        let cache = job.cache.map(Path::to_path_buf);
        // The quotient is built for as long as the search runs (it has a
        // core of its own), and for the budget at least.
        let budget_s = RACE_QUOTIENT_S;
        let stop_q = Arc::clone(&stop_quotient);
        let stop_s = Arc::clone(&stop_search);
        let oracle_q = Arc::clone(&oracle);
        std::thread::spawn(move || {
            let job = MisereSumJob {
                text: &text,
                force: false,
                max_positions: None,
                search_only: false,
                quotient_only: true,
                budget_s,
                cache: cache.as_deref(),
                verify: None,
            };
            let p = Stoppable::new(&NoProgress, &stop_q);
            let r = by_quotient(&parts, &job, true, &p, Some(&oracle_q));
            if matches!(r, Ok(Some(_))) {
                stop_s.store(true, Ordering::Relaxed);
            }
            // The receiver is gone when the search won: nothing to tell.
            tx.send(r).ok();
        });
    }
    let p = Stoppable::new(progress, &stop_search);
    let started = std::time::Instant::now();
    let searched = heap_search(parts, limit, &p, Some(&oracle));
    let quotient_won = stop_search.load(Ordering::Relaxed);
    // Once the search has given up, the quotient has what is left of the
    // budget, if anything.
    let wait_quotient = |fallback: Error| {
        let left = std::time::Duration::from_secs_f64(job.budget_s.clamp(0.0, 1e6))
            .saturating_sub(started.elapsed());
        let r = if quotient_won {
            rx.recv().map_err(|_| ())
        } else {
            rx.recv_timeout(left).map_err(|_| ())
        };
        stop_quotient.store(true, Ordering::Relaxed);
        match r {
            Ok(Ok(Some(r))) => Ok(r),
            _ => Err(fallback),
        }
    };
    match searched {
        Ok(Some(r)) => {
            stop_quotient.store(true, Ordering::Relaxed);
            match rx.try_recv() {
                Ok(Ok(Some(q))) => Ok(q),
                _ => Ok(r),
            }
        }
        // The quotient decided and stopped the search.
        Err(Error::Stopped) if quotient_won => wait_quotient(Error::Stopped),
        // The user's stop: the quotient is stopped too.
        Err(Error::Stopped) => {
            stop_quotient.store(true, Ordering::Relaxed);
            Err(Error::Stopped)
        }
        // The search reached its bound: the quotient may still decide
        // within its budget.
        Err(e) => wait_quotient(e),
        Ok(None) => wait_quotient(Error::TooCostly {
            what: format!("the misère search of {}", job.text.trim()),
            needs: "more heaps than a search numbers".into(),
            limit: format!(
                "{} heaps of all its games together, and no misère quotient of them was found",
                grundy_games::misere::universe::MAX_HEAPS
            ),
            flag: "smaller heaps",
        }),
    }
}

/// Decides a sum of octal and Nim heaps by the heap search
/// ([`search_heaps`]); `None` for a sum of other components or of more
/// heaps than a universe numbers.
fn heap_search(
    parts: &[Component],
    limit: usize,
    progress: &dyn Progress,
    oracle: Option<&Oracle>,
) -> Result<Option<MisereSum>> {
    let Some(hs) = heap_games(parts) else {
        return Ok(None);
    };
    let Some(searched) = search_heaps(hs, limit, progress, oracle)? else {
        return Ok(None);
    };
    let winning = searched
        .winning
        .into_iter()
        .map(|m| WinningMove {
            component: m.component,
            from: m.from,
            to: if m.leaves.is_empty() {
                "0".into()
            } else {
                m.leaves.join(" + ")
            },
        })
        .collect();
    Ok(Some(MisereSum {
        components: parts.iter().map(ToString::to_string).collect(),
        outcome: if searched.p_position {
            Outcome::P
        } else {
            Outcome::N
        },
        winning,
        method: METHOD_SEARCH,
        quotient: None,
        positions: searched.positions,
    }))
}

/// Below this bound on positions the search decides at once, and no
/// quotient is built.
const QUOTIENT_FROM: f64 = 100_000.0;

/// The largest heap of one game whose `Q_N` is built to look for a proof
/// that it is the whole game's quotient (the engine's bound).
pub use grundy_games::misere::sums::WHOLE_GAME_SEARCH_MAX;

/// A proved quotient of a universe, and whether it came from the cache.
struct Proved {
    universe: Universe,
    quotient: Quotient,
    cached: bool,
}

/// Reads the cached quotient of `games` if it covers `needed` (each
/// game's largest heap, or any heap when one game's quotient is the whole
/// game's) and passes its recheck from the rules; a damaged or failing
/// file is reported as a note and ignored (the caller recomputes it).
fn from_cache(
    dir: &Path,
    games: &[HeapGame],
    needed: &[usize],
    progress: &dyn Progress,
) -> Result<Option<Proved>> {
    let covers = |c: &misere_cache::Cached, u: &Universe, _: &Path| {
        Ok(needed.iter().zip(&c.max_heaps).all(|(n, m)| n <= m)
            || (games.len() == 1 && whole_game_of(u, &c.quotient).is_some()))
    };
    let states = Limits::default().states;
    match read_rechecked(dir, games, states, "recomputed", &covers, progress) {
        Ok(Some((cached, universe))) => Ok(Some(Proved {
            universe,
            quotient: cached.quotient,
            cached: true,
        })),
        Ok(None) | Err(Error::TooCostly { .. }) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Builds the quotient of `games`' heaps up to `needed` within the
/// budget ([`build_quotient`], its deadline read from the system's clock).
/// `None` when the budget or a bound ends the work first.
fn build(
    games: &[HeapGame],
    needed: &[usize],
    budget_s: f64,
    progress: &dyn Progress,
    oracle: Option<&Oracle>,
) -> Result<Option<Proved>> {
    let deadline = Deadline::after(
        std::time::Duration::from_secs_f64(budget_s.clamp(0.0, 1e6)),
        &SystemClock,
    );
    let built = build_quotient(games, needed, deadline, progress, oracle)?;
    Ok(built.map(|(universe, quotient)| Proved {
        universe,
        quotient,
        cached: false,
    }))
}

/// Decides a sum of heaps of octal games and Nim by a misère quotient:
/// the whole game's for one game (any heap size), else `Q_N` of the
/// closed set the heaps generate (one game, or several: see
/// [`grundy_games::misere::universe`]), read from the cache or built within
/// the budget (only the cache is read unless `build_one`). Each winning
/// move is read from the same quotient. `None` when the sum is not of that
/// kind or no quotient is found in time.
fn by_quotient(
    parts: &[Component],
    job: &MisereSumJob<'_>,
    build_one: bool,
    progress: &dyn Progress,
    oracle: Option<&Oracle>,
) -> Result<Option<MisereSum>> {
    let Some(hs) = heap_games(parts) else {
        return Ok(None);
    };
    let needed = hs.needed();
    let HeapSum {
        games,
        heaps,
        written,
    } = hs;
    if heaps.is_empty() {
        return Ok(None);
    }
    let proved = cached_or_built(&games, &needed, job, build_one, progress, oracle)?;
    let Some(p) = proved else {
        return Ok(None);
    };
    let whole = whole_game_of(&p.universe, &p.quotient);
    let elements = Elements {
        universe: &p.universe,
        quotient: &p.quotient,
        whole,
    };
    let decided = match decide(&elements, &heaps) {
        Ok(d) => d,
        Err(Error::OutOfRange { .. }) => return Ok(None),
        Err(e) => return Err(e),
    };
    let winning = quotient_moves(&games, &heaps, &written, &decided.winning);
    let checked_sums = match job.verify {
        None => None,
        Some((k, s)) => {
            let keys: Vec<String> = games.iter().map(HeapGame::key).collect();
            let what = format!("misère quotient of {}", keys.join(" + "));
            check_cost(&elements, &what, k, s, job.force)?;
            Some(cross_check(&elements, &what, k, s)?)
        }
    };
    let method = match (games.len(), whole) {
        (1, Some(_)) => METHOD_WHOLE,
        (1, None) => METHOD_PARTIAL,
        _ => METHOD_MIXED,
    };
    Ok(Some(MisereSum {
        components: parts.iter().map(ToString::to_string).collect(),
        outcome: if decided.p_position {
            Outcome::P
        } else {
            Outcome::N
        },
        winning,
        method,
        quotient: Some(QuotientUsed {
            heaps: games
                .iter()
                .zip(&p.universe.max_heaps)
                .map(|(g, &n)| (g.key(), n))
                .collect(),
            order: p.quotient.order(),
            p_portion: p.quotient.p_portion_size(),
            whole: whole.map(|w| (w.preperiod, w.period)),
            cached: p.cached,
            checked_sums,
        }),
        positions: 0,
    }))
}

/// The proved quotient of `games` up to `needed`: from the cache, else
/// (when `build_one`) built within the budget and cached.
///
/// # Errors
/// As [`build`]; [`Error::Io`] when the cache cannot be written.
fn cached_or_built(
    games: &[HeapGame],
    needed: &[usize],
    job: &MisereSumJob<'_>,
    build_one: bool,
    progress: &dyn Progress,
    oracle: Option<&Oracle>,
) -> Result<Option<Proved>> {
    let mut proved = match job.cache {
        Some(dir) => from_cache(dir, games, needed, progress)?,
        None => None,
    };
    if proved.is_none() && build_one {
        proved = build(games, needed, job.budget_s, progress, oracle)?;
        if let (Some(p), Some(dir)) = (&proved, job.cache) {
            let keys: Vec<String> = games.iter().map(HeapGame::key).collect();
            misere_cache::write(
                &misere_cache::path(dir, &keys),
                &misere_cache::Cached {
                    games: keys,
                    max_heaps: p.universe.max_heaps.clone(),
                    quotient: p.quotient.clone(),
                    growth: Vec::new(),
                },
            )?;
        }
    }
    Ok(proved)
}

/// The winning moves a quotient found, `(heap index, heaps left)`, in the
/// labels of the games.
fn quotient_moves(
    games: &[HeapGame],
    heaps: &[(usize, usize)],
    written: &[usize],
    winning: &[(usize, Vec<usize>)],
) -> Vec<WinningMove> {
    let label = |g: usize, h: usize| games[g].label(h);
    winning
        .iter()
        .map(|(i, left)| {
            let (g, h) = heaps[*i];
            WinningMove {
                component: written.get(*i).copied().unwrap_or(0),
                from: label(g, h),
                to: if left.is_empty() {
                    "0".into()
                } else {
                    left.iter()
                        .map(|&l| label(g, l))
                        .collect::<Vec<_>>()
                        .join(" + ")
                },
            }
        })
        .collect()
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
    let winning = nim::winning_moves(heaps)
        .into_iter()
        .map(|(i, h, k)| WinningMove {
            component: i.saturating_add(1),
            from: format!("nim:{h}"),
            to: if k == 0 {
                "0".into()
            } else {
                format!("nim:{k}")
            },
        })
        .collect();
    MisereSum {
        components: parts.iter().map(ToString::to_string).collect(),
        outcome,
        winning,
        method: METHOD_NIM,
        quotient: None,
        positions: 0,
    }
}

/// A graph file of a sum, read for the misère search: the graph and its
/// vertex names in id order.
///
/// # Errors
/// The graph file's errors.
fn read_graph(file: &str) -> Result<(Digraph, Vec<String>)> {
    let (names, g) = read_edge_list(Path::new(file))?.into_digraph()?;
    Ok((g, names.iter().map(str::to_string).collect()))
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
