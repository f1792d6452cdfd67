//! The octal questions answered on standard output, each validated and
//! estimated first (refused with the figure) and then computed with
//! progress: the period of a code (`octal period`), a periodicity claim
//! checked (`octal check`), the game on rings (`octal ring`) and the
//! n-gon game (`ngon`, through Dawson's Chess), and a table of claims
//! read from a file (`octal check-table`). The command line prints what
//! these return.
#![warn(clippy::arithmetic_side_effects)]

use crate::memory::available_memory;
use grundy_core::error::{Error, Result, UnsupportedError};
use grundy_core::progress::Progress;
use grundy_dataset::claims_table::{parse_table, MAX_FILE_BYTES};
use grundy_games::octal::engine::budget::{check_budget, check_n, estimate, MAX_N};
use grundy_games::octal::engine::repeating::{self, RepeatingEngine};
use grundy_games::octal::theory::claim::{check, check_len, Claim, Verdict};
use grundy_games::octal::theory::period::search;
use grundy_games::octal::theory::period::Periodicity;
use grundy_games::octal::theory::ring::{ngon_nimber, ring_value};
use grundy_games::octal::theory::table_check::{check_row_budget, check_table, RowResult};
use grundy_games::octal::{Computation, Engine, Extended, OctalCode};
use std::io::Read;
use std::path::Path;

pub use grundy_games::octal::theory::period::PeriodSearch;

/// Validates a heap-size flag `flag` of `max_n` (at most [`MAX_N`]) and
/// the estimated cost of computing `G(0..=max_n)` of `code` with
/// `engine` against the memory available (and, for the naive engine, ten
/// minutes) unless `force`. Returns the count of values, `max_n + 1`.
///
/// # Errors
/// [`Error::OutOfRange`] for a flag too large; [`Error::TooCostly`] when
/// refused.
pub fn validate(
    code: &OctalCode,
    engine: Engine,
    flag: &str,
    max_n: usize,
    force: bool,
) -> Result<usize> {
    check_n(flag, max_n, MAX_N)?;
    let len = max_n.checked_add(1).ok_or_else(|| Error::OutOfRange {
        what: format!("{flag} {max_n}"),
        reason: "the count of values does not fit a machine word".into(),
    })?;
    let e = estimate(code, engine, len);
    let advice = if engine == Engine::Naive {
        format!("use --engine sparse, a smaller {flag}, or --force")
    } else {
        format!("use a smaller {flag}, or --force")
    };
    check_budget(
        &e,
        &format!("{flag} {max_n}"),
        available_memory(),
        force,
        &advice,
    )?;
    Ok(len)
}

/// What `octal period` found.
#[derive(Debug)]
pub struct PeriodRun {
    /// The period proved, arithmetic periodicity seen, or nothing.
    pub found: PeriodSearch,
    /// The largest n whose value was computed.
    pub computed_to: usize,
    /// For a proved period, the claim it makes (values by residue and the
    /// exceptions), as `octal check` reads it; `None` when it would hold
    /// more than [`CLAIM_MAX_ITEMS`] numbers (a period or pre-period in the
    /// millions: a check-table row says the same in three numbers).
    pub claim: Option<Claim>,
}

/// The most numbers (period plus pre-period) of a claim that `octal
/// period` writes out: past it the command line of `octal check` would run
/// to megabytes (0.1777's claim has 60,620,715 values and up to
/// 160,949,018 exceptions).
pub const CLAIM_MAX_ITEMS: usize = 100_000;

/// Computes `G(n)` of `code` until a period is proved or `max_n` is
/// reached (validated first).
///
/// # Errors
/// As [`validate`].
///
/// # Examples
/// Kayles (0.77) has period 12 after a pre-period of 71 values (Guy and
/// Smith 1956; OEIS A002186).
/// ```
/// use grundy_core::progress::NoProgress;
/// use grundy_games::octal::theory::period::PeriodSearch;
/// use grundy_jobs::octal::{Engine, OctalCode};
/// use grundy_jobs::octal_queries::period;
///
/// let code: OctalCode = "0.77".parse()?;
/// let run = period(&code, Engine::Sparse, 10_000, false, &NoProgress)?;
/// let PeriodSearch::Proved(p) = run.found else { panic!("not proved") };
/// assert_eq!((p.pre_period, p.period), (71, 12));
/// # Ok::<(), grundy_core::Error>(())
/// ```
pub fn period(
    code: &OctalCode,
    engine: Engine,
    max_n: usize,
    force: bool,
    progress: &dyn Progress,
) -> Result<PeriodRun> {
    let limit = validate(code, engine, "--max-n", max_n, force)?;
    let mut c = Computation::new(code.clone(), engine).with_paired(true);
    // The search stops at the first proved period, so `limit` is what it
    // may compute, not what it will.
    progress.phase(
        &format!("period of {code}, G(n) for n < {limit} at most"),
        limit as u64,
    );
    let found = search(&mut c, limit, progress);
    progress.finish_phase();
    let claim = match &found {
        PeriodSearch::Proved(p) if p.pre_period.saturating_add(p.period) <= CLAIM_MAX_ITEMS => {
            Claim::of_period(c.values(), p.pre_period, p.period)
        }
        _ => None,
    };
    Ok(PeriodRun {
        found,
        computed_to: c.values().len().saturating_sub(1),
        claim,
    })
}

/// Checks `claim` for `code` against `G(n)` for `n <= max_n` at most
/// (validated first, `force` as in [`validate`]). `None` if the check
/// stopped early.
///
/// # Errors
/// As [`validate`] and [`check`].
pub fn check_claim(
    code: &OctalCode,
    claim: &Claim,
    max_n: usize,
    force: bool,
    progress: &dyn Progress,
) -> Result<Option<Verdict>> {
    code.require_finite("octal check (a proof by the Octal Periodicity Theorem)")?;
    validate(code, Engine::Sparse, "--max-n", max_n, force)?;
    let mut c = Computation::new(code.clone(), Engine::Sparse).with_paired(true);
    progress.phase("check the claim", check_len(claim, code, max_n) as u64);
    let v = check(claim, &mut c, max_n, progress);
    progress.finish_phase();
    v
}

/// The values behind a table over n: the ring values of a code, or the
/// n-gon values.
#[derive(Debug)]
pub struct Table {
    /// The row values computed: every one the table reads, or those the
    /// proof of the row game's period needs.
    values: Computation,
    /// The proved period giving the row values past those computed.
    period: Option<Periodicity>,
    /// The first n of the table.
    first: usize,
    /// The last n of the table.
    max_n: usize,
    /// Whether the table is of n-gons (else of rings of the code).
    ngon: bool,
    /// The ring values, when computed with the row values (a code with a
    /// repeating part), for n = first..=max_n.
    rings: Option<Vec<u32>>,
}

impl Table {
    /// `(n, nimber)` for every n of the table, in order.
    pub fn rows(&self) -> Box<dyn Iterator<Item = (usize, u32)> + '_> {
        if let Some(rings) = &self.rings {
            return Box::new((self.first..=self.max_n).zip(rings.iter().copied()));
        }
        let computed = self.values.values();
        // The row values G(0..=max_n): those computed, then the period.
        let values = self
            .period
            .as_ref()
            .and_then(|p| Extended::periodic(computed, p, self.max_n.saturating_add(1)))
            .unwrap_or_else(|| Extended::plain(computed));
        let code = self.values.code();
        Box::new((self.first..=self.max_n).map(move |n| {
            if self.ngon {
                (n, ngon_nimber(&values, n))
            } else {
                (n, ring_value(code, &values, n))
            }
        }))
    }
}

/// Computes `G(0..len)` of `c`'s code until its period is proved (then
/// the period gives the rest, [`Extended`]), else every value.
///
/// # Errors
/// [`Error::Stopped`] when `progress` asks to stop.
fn row_values(
    c: &mut Computation,
    len: usize,
    progress: &dyn Progress,
) -> Result<Option<Periodicity>> {
    match search(c, len, progress) {
        PeriodSearch::Proved(p) => Ok(Some(p)),
        PeriodSearch::Interrupted => Err(Error::Stopped),
        PeriodSearch::Arithmetic(_) | PeriodSearch::NotFound => {
            if c.extend_to(len, progress) {
                Ok(None)
            } else {
                Err(Error::Stopped)
            }
        }
    }
}

/// The game `code` on a ring of n tokens, n = 1..=`max_n` (validated
/// first, `force` as in [`validate`]; a ring of n reads the row values
/// `G(0..n)`). A code with a
/// repeating part (Lasker's Nim) opens a ring with any number of tokens,
/// so each ring has about n options: its rings come from the repeating
/// engine's chains, no costlier than its row values
/// ([`repeating::ring_values`]), and no period is proved for it.
///
/// # Errors
/// As [`validate`]; [`Error::Unsupported`] for a repeating block that
/// splits into three heaps (its row values come from the naive engine
/// only); [`Error::Stopped`] when `progress` asks to stop.
///
/// # Examples
/// Kayles on a ring: opening a ring of n pins leaves a row of n − 1 or
/// n − 2, so ring values are mex of `G(n − 1)`, `G(n − 2)`.
/// ```
/// use grundy_core::progress::NoProgress;
/// use grundy_jobs::octal::OctalCode;
/// use grundy_jobs::octal_queries::ring;
///
/// let code: OctalCode = "0.77".parse()?;
/// let t = ring(&code, 6, false, &NoProgress)?;
/// let rows: Vec<(usize, u32)> = t.rows().collect();
/// // G of a row of 0..=5 pins: 0, 1, 2, 3, 1, 4.
/// assert_eq!(rows[0], (1, 1)); // mex {G(0)} = 1
/// assert_eq!(rows[2], (3, 0)); // mex {G(2), G(1)} = mex {2, 1} = 0
/// # Ok::<(), grundy_core::Error>(())
/// ```
pub fn ring(code: &OctalCode, max_n: usize, force: bool, progress: &dyn Progress) -> Result<Table> {
    validate(code, Engine::Sparse, "--max-n", max_n, force)?;
    let mut c = Computation::new(code.clone(), Engine::Sparse).with_paired(true);
    progress.phase(&format!("rows of {code}"), max_n as u64);
    let (period, rings) = if code.is_finite() {
        (row_values(&mut c, max_n, progress)?, None)
    } else {
        if !RepeatingEngine::supports(code) {
            return Err(Error::Unsupported {
                what: format!("octal ring of {code}"),
                source: UnsupportedError::ThreeHeapSplit,
            });
        }
        let rings = repeating::ring_values(code, max_n, progress).ok_or(Error::Stopped)?;
        (None, Some(rings))
    };
    progress.finish_phase();
    Ok(Table {
        values: c,
        period,
        first: 1,
        max_n,
        ngon: false,
        rings,
    })
}

/// The n-gon game for n = 3..=`max_n`: Dawson's Chess (0.137) values
/// `0..=max_n − 3`, refused first when `max_n` is below 3, above
/// [`MAX_N`] or needs more memory than is available.
///
/// # Errors
/// [`Error::OutOfRange`], [`Error::TooCostly`] as above.
pub fn ngon(max_n: usize, progress: &dyn Progress) -> Result<Table> {
    // The n-gon of n reads G_0.137(n − 3): values 0..=max_n − 3.
    let Some(len) = max_n.checked_sub(2).filter(|_| max_n >= 3) else {
        return Err(Error::OutOfRange {
            what: format!("--max-n {max_n}"),
            reason: "a polygon has at least 3 vertices".into(),
        });
    };
    check_n("--max-n", max_n, MAX_N)?;
    let dawson: OctalCode = "0.137".parse()?;
    check_budget(
        &estimate(&dawson, Engine::Sparse, len),
        &format!("--max-n {max_n}"),
        available_memory(),
        false,
        "use a smaller --max-n",
    )?;
    let mut c = Computation::new(dawson, Engine::Sparse).with_paired(true);
    progress.phase("Dawson's Chess values", len as u64);
    let period = row_values(&mut c, len, progress)?;
    progress.finish_phase();
    Ok(Table {
        values: c,
        period,
        first: 3,
        max_n,
        ngon: true,
        rings: None,
    })
}

/// `octal check-table`: reads the claims table at `path` (at most
/// [`MAX_FILE_BYTES`]), parses it, refuses it whole if any row's
/// computation exceeds the memory available, then checks every row in
/// parallel with values to `max_n` at most (one unit of progress per
/// row). Results are in the table's order.
///
/// # Errors
/// [`Error::OutOfRange`] for `max_n` above [`MAX_N`]; [`Error::Io`] for an
/// unreadable file (or one not UTF-8); the table's parse errors; a row's
/// [`Error::TooCostly`], naming the file and the line; [`Error::Stopped`]
/// when `progress` asks to stop.
pub fn check_claims_file(
    path: &Path,
    max_n: usize,
    progress: &dyn Progress,
) -> Result<Vec<RowResult>> {
    check_n("--max-n", max_n, MAX_N)?;
    let shown = path.display().to_string();
    let mut text = String::new();
    std::fs::File::open(path)
        .and_then(|f| {
            // One byte more than allowed, so the parser sees it is too long.
            f.take((MAX_FILE_BYTES as u64).saturating_add(1))
                .read_to_string(&mut text)
        })
        .map_err(Error::io("cannot read", path))?;
    let rows = parse_table(&shown, &text)?;
    let available = available_memory();
    for r in &rows {
        check_row_budget(r, max_n, available).map_err(|e| match e {
            Error::TooCostly {
                what,
                needs,
                limit,
                flag,
            } => Error::TooCostly {
                what: format!("{shown}: {what}"),
                needs,
                limit,
                flag,
            },
            e => e,
        })?;
    }
    progress.phase("check the claims", rows.len() as u64);
    let results = check_table(&rows, max_n, progress);
    progress.finish_phase();
    results?.ok_or(Error::Stopped)
}
