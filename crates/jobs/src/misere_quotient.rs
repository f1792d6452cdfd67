//! `grundy octal quotient`: one octal game's misère quotient `Q_N` as a
//! run. Validated and bounded first (the default [`Limits`], or with
//! `--force` the bounds that fit in the memory available), optionally
//! within a time budget, optionally checkpointed after every proved level
//! and resumed from that checkpoint (rechecked from the rules first), then
//! cross-checked against the search if asked and written as a dataset.
#![warn(clippy::arithmetic_side_effects)]

use crate::misere::BYTES_PER_POSITION;
use crate::misere_cached::read_rechecked;
use crate::misere_verify::{check_cost, cross_check};
use grundy_core::clock::{Deadline, SystemClock};
use grundy_core::error::{Error, Result};
use grundy_core::progress::Progress;
use grundy_dataset::misere_cache::{self, Cached};
use grundy_dataset::misere_quotient;
use grundy_dataset::staging::Stage;
use grundy_games::misere::learn::{self, Course, Learned, Level, Limits};
use grundy_games::misere::periodic::whole_game;
use grundy_games::misere::quotient::Quotient;
use grundy_games::misere::universe::{Elements, HeapGame, Universe};
use grundy_games::octal::OctalCode;
use std::cell::RefCell;
use std::path::Path;
use std::time::Duration;

/// A quotient to compute: `octal quotient CODE --max-heap N`.
#[derive(Clone, Copy, Debug)]
pub struct QuotientJob<'a> {
    /// The game.
    pub code: &'a OctalCode,
    /// `N`.
    pub max_heap: usize,
    /// Replace the bounds of [`Limits::default`] by those that fit in the
    /// memory available ([`forced_limits`]).
    pub force: bool,
    /// Cross-check against the search: every sum of up to `.0` heaps of
    /// total at most `.1`.
    pub check: Option<(usize, usize)>,
    /// Write the dataset ([`grundy_dataset::misere_quotient`]) here,
    /// staged: a failed run leaves the directory as it was.
    pub out: Option<&'a Path>,
    /// Seconds after which the run ends with the quotients proved so far
    /// ([`QuotientRun::stopped`] says where).
    pub budget_s: Option<f64>,
    /// Keep the last proved `Q_n` and its growth in this directory (the
    /// cache's format, [`grundy_dataset::misere_cache`]) after every level,
    /// and continue from it, rechecked, when it is there.
    pub checkpoint: Option<&'a Path>,
}

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
    /// Why `Q_N` was not reached within the time budget (the quotient is
    /// then `Q_n` for the `n` it reached); `None` when it was.
    pub stopped: Option<String>,
    /// The `n` of the checkpoint's `Q_n` the run continued from.
    pub resumed_from: Option<usize>,
}

/// Bytes a candidate element costs while it is marked and reduced: its
/// least sum, its option set, a queue entry and the reduction's blocks
/// (an estimate from those structures' sizes, with room for the hash
/// tables' growth).
pub const BYTES_PER_ELEMENT: u64 = 256;

/// Bytes a state of the (N) check costs with its set and least sum.
pub const BYTES_PER_STATE: u64 = 160;

/// Bytes a candidate's table costs per entry: a `u32`, and the last
/// proved quotient's table beside it.
pub const BYTES_PER_ENTRY: u64 = 8;

/// The bounds `--force` sets: as many candidate elements, positions,
/// proof states and table entries as `bytes` of memory hold at
/// [`BYTES_PER_ELEMENT`], [`BYTES_PER_POSITION`], [`BYTES_PER_STATE`] and
/// [`BYTES_PER_ENTRY`] (each structure is at its largest at a different
/// step of a level, so each may have all of it).
pub fn limits_within(bytes: u64) -> Limits {
    let count = |per: u64| {
        usize::try_from(bytes.checked_div(per).unwrap_or(u64::MAX)).unwrap_or(usize::MAX)
    };
    Limits {
        elements: count(BYTES_PER_ELEMENT),
        positions: count(BYTES_PER_POSITION),
        states: count(BYTES_PER_STATE),
        table: count(BYTES_PER_ENTRY),
        deadline: None,
    }
}

/// [`limits_within`] a `1/share` part of the memory available (the
/// default bounds where it cannot be read), and that memory in bytes.
pub fn forced_limits(share: usize) -> (Limits, Option<u64>) {
    match crate::memory::available_memory() {
        Some(b) => {
            let part = b.checked_div(share.max(1) as u64).unwrap_or(b);
            (limits_within(part), Some(part))
        }
        None => (Limits::default(), None),
    }
}

/// A bound's refusal (not a time budget's), told that `--force` already
/// set the bounds from `bytes` of memory (there is no flag left to pass).
pub fn memory_bound(e: Error, bytes: Option<u64>) -> Error {
    match (e, bytes) {
        (
            Error::TooCostly {
                what, needs, flag, ..
            },
            Some(b),
        ) if flag != "--budget" => Error::TooCostly {
            what,
            needs,
            limit: format!(
                "what the {:.1} GiB of memory available hold (the bounds --force sets)",
                b as f64 / f64::from(1u32 << 30)
            ),
            flag: "--force on a machine with more memory (or a larger GRUNDY_MEMORY)",
        },
        (e, _) => e,
    }
}

/// A time budget's deadline from now.
///
/// # Errors
/// [`Error::OutOfRange`] for a budget that is not a positive number of
/// seconds below a year.
pub fn deadline(budget_s: f64) -> Result<Deadline> {
    if !(budget_s > 0.0 && budget_s < 3.2e7) {
        return Err(Error::OutOfRange {
            what: format!("--budget {budget_s}"),
            reason: "a positive number of seconds, below a year".into(),
        });
    }
    Deadline::after(Duration::from_secs_f64(budget_s), &SystemClock).ok_or_else(|| {
        Error::OutOfRange {
            what: format!("--budget {budget_s}"),
            reason: "past what this machine's clock counts".into(),
        }
    })
}

/// The checkpoint of `code` in `dir`, rechecked from the rules: its `Q_n`
/// and growth, or `None` (no file, another game's, or one that fails a
/// check: then the run starts afresh and overwrites it, saying why).
///
/// # Errors
/// [`Error::OutOfRange`] for a checkpoint past `max_heap` (it is kept);
/// [`Error::TooCostly`] when its recheck needs more than `states` states.
pub fn resume(
    dir: &Path,
    code: &OctalCode,
    max_heap: usize,
    states: usize,
    progress: &dyn Progress,
) -> Result<Option<(Quotient, Vec<Level>)>> {
    let game = [HeapGame::Octal(code.clone())];
    let fits = |c: &Cached, _: &Universe, path: &Path| {
        let n = c.quotient.max_heap;
        if c.max_heaps != [n] {
            progress.note(&format!(
                "{} is not a checkpoint of {code}; starting afresh",
                path.display()
            ));
            return Ok(false);
        }
        if n > max_heap {
            return Err(Error::OutOfRange {
                what: format!("the checkpoint {}", path.display()),
                reason: format!(
                    "it holds Q_{n}, past --max-heap {max_heap}; raise --max-heap or use another directory"
                ),
            });
        }
        Ok(true)
    };
    let Some((cached, _)) = read_rechecked(dir, &game, states, "starting afresh", &fits, progress)?
    else {
        return Ok(None);
    };
    let n = cached.quotient.max_heap;
    let path = misere_cache::path(dir, &[game[0].key()]);
    let growth_ok = cached.growth.last().is_some_and(|l| {
        l.n <= n
            && l.order == cached.quotient.order()
            && l.p_portion == cached.quotient.p_portion_size()
    });
    if !growth_ok {
        progress.note(&format!(
            "{}'s growth does not end at its quotient; starting afresh",
            path.display()
        ));
        return Ok(None);
    }
    Ok(Some((cached.quotient, cached.growth)))
}

/// [`learn::quotient_partial_from`] for `code` to `max_heap` within
/// `limits`, continuing from the checkpoint in `dir` if there is one
/// ([`resume`]) and saving every proved level there; with the `n` it
/// continued from.
///
/// # Errors
/// As [`learn::quotient_partial`] and [`resume`]; [`Error::Io`] when the
/// checkpoint cannot be written.
pub fn checkpointed(
    code: &OctalCode,
    max_heap: usize,
    limits: Limits,
    dir: Option<&Path>,
    progress: &dyn Progress,
) -> Result<(learn::Partial, Option<usize>)> {
    let start = match dir {
        Some(dir) => resume(dir, code, max_heap, limits.states, progress)?,
        None => None,
    };
    let resumed_from = start.as_ref().map(|(q, _)| q.max_heap);
    let failed: RefCell<Option<Error>> = RefCell::new(None);
    let key = HeapGame::Octal(code.clone()).key();
    let save = |q: &Quotient, growth: &[Level]| {
        let Some(dir) = dir else { return };
        if failed.borrow().is_some() {
            return;
        }
        let cached = Cached {
            games: vec![key.clone()],
            max_heaps: vec![q.max_heap],
            quotient: q.clone(),
            growth: growth.to_vec(),
        };
        if let Err(e) = misere_cache::write(&misere_cache::path(dir, &cached.games), &cached) {
            *failed.borrow_mut() = Some(e);
        }
    };
    let course = Course {
        start,
        on_level: &save,
    };
    let partial = learn::quotient_partial_from(code, max_heap, limits, progress, course)?;
    match failed.into_inner() {
        Some(e) => Err(e),
        None => Ok((partial, resumed_from)),
    }
}

/// Computes and proves `Q_N` ([`grundy_games::misere::learn`]), if asked
/// compares its prediction with the search for small sums, and writes the
/// dataset if asked.
///
/// # Errors
/// As [`learn::quotient`] (a bound's refusal names the memory when
/// `--force` set the bounds); [`Error::OutOfRange`] for a bad budget or a
/// checkpoint past `N`; [`Error::CheckFailed`] naming the first
/// sum whose outcome the quotient gets wrong (a defect); [`Error::Io`] for
/// an output or checkpoint directory that cannot be written or is not this
/// command's.
pub fn quotient(job: &QuotientJob<'_>, progress: &dyn Progress) -> Result<QuotientRun> {
    let mut stage = Stage::new();
    let out = job
        .out
        .map(|o| stage.dir(o, QUOTIENT_KIND, misere_quotient::FILES))
        .transpose()?;
    let (mut limits, memory) = if job.force {
        forced_limits(1)
    } else {
        (Limits::default(), None)
    };
    limits.deadline = job.budget_s.map(deadline).transpose()?;
    let (partial, resumed_from) =
        checkpointed(job.code, job.max_heap, limits, job.checkpoint, progress)
            .map_err(|e| memory_bound(e, memory))?;
    let stopped = match partial.stopped {
        None => None,
        Some(Error::TooCostly {
            needs,
            flag: "--budget",
            ..
        }) if job.budget_s.is_some() => Some(format!(
            "it needs {needs} (--budget {} s)",
            job.budget_s.unwrap_or_default()
        )),
        Some(e) => return Err(memory_bound(e, memory)),
    };
    let learned = partial.learned;
    let checked_sums = match job.check {
        None => None,
        Some((k, s)) => {
            let q = &learned.quotient;
            let universe =
                Universe::new(vec![HeapGame::Octal(job.code.clone())], vec![q.max_heap])?;
            let elements = Elements {
                universe: &universe,
                quotient: q,
                whole: whole_game(job.code, q),
            };
            let what = format!("misère quotient of {}", job.code);
            check_cost(&elements, &what, k, s, job.force)?;
            Some(cross_check(&elements, &what, k, s)?)
        }
    };
    if let Some(dir) = out {
        misere_quotient::write(&dir, job.code, &learned, checked_sums)?;
        stage.commit()?;
    }
    Ok(QuotientRun {
        learned,
        checked_sums,
        stopped,
        resumed_from,
    })
}
