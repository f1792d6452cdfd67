//! Checking a table of published periodicity claims, row by row.
//!
//! A published claim about an octal game is usually just two numbers: "the
//! nim-sequence of 0.156 has period 349 from n = 3479". It gives no values,
//! so it is checked against the sequence itself:
//!
//! * **Periodic** (saltus 0): the claim says `G(n + p) = G(n)` for every
//!   `n >= n0`. By the Octal Periodicity Theorem ([`crate::octal::theory::period`]; Guy and
//!   Smith 1956, Winning Ways ch. 4) this holds for all `n` once it holds for
//!   `n0 <= n < proof_end(n0, p)` (`2·max(n0, 1) + p + t` for octal codes),
//!   so `G(0..values_needed)` either *proves* the claim or gives the first
//!   `n >= n0` where `G(n + p) != G(n)`. A proved claim is then compared with
//!   the least period and pre-period (see [`least`]): a claim of period 24
//!   where the least period is 12, or one starting later than it must, is
//!   true but is not the published minimal period, a distinct outcome
//!   ([`Outcome::NotMinimal`]).
//! * **Arithmetic** (saltus `s > 0`): `G(n + p) = G(n) + s` for `n >= n0`.
//!   No theorem proves this from finitely many values for octal games in
//!   general (and Horrocks and Nowakowski, *Integers* 3 (2003), show that a
//!   finite octal game is never arithmetic-periodic), so it is compared up
//!   to a bound and reported as holding *up to* it, never as proved.
//! * **Unsolved up to N**: no period is proved by `G(0..=N)`, with the same
//!   search as `octal period` ([`proved_period`]). A period found is a
//!   finding: the claim that the game is unsolved fails.
//!
//! The table is CSV with a header (`grundy_dataset::claims_table::parse_table`); each row may record the
//! outcome it is expected to have (`expect`), so that a table can keep a
//! refuted claim, marked, and still be checked as a whole.
#![warn(clippy::arithmetic_side_effects)]

use crate::octal::engine::budget::{check_budget, estimate};
use crate::octal::engine::sequence::{Computation, Engine};
use crate::octal::engine::values::Values;
use crate::octal::theory::code::OctalCode;
use crate::octal::theory::period::{proof_end, proved_period, values_needed};
use grundy_core::error::{Error, Result};
use grundy_core::progress::Progress;
use serde::Serialize;
use std::fmt;

/// What a row claims.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Claim {
    /// `G(n + period) = G(n) + saltus` for every `n >= pre_period`.
    Periodic {
        /// `n0`: one past the last exceptional heap size.
        pre_period: usize,
        /// `p >= 1`.
        period: usize,
        /// `s`: 0 for ordinary periodicity, more for arithmetic.
        saltus: u32,
        /// For arithmetic claims, the largest heap size compared.
        check_to: Option<usize>,
    },
    /// No period is proved by `G(0..=to)`.
    Unsolved {
        /// `N`.
        to: usize,
    },
}

impl fmt::Display for Claim {
    /// `period 12 from n = 71`, `G(n + 4) = G(n) + 2 from n = 3`,
    /// `unsolved up to n = 65536`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Claim::Periodic {
                pre_period,
                period,
                saltus: 0,
                ..
            } => write!(f, "period {period} from n = {pre_period}"),
            Claim::Periodic {
                pre_period,
                period,
                saltus,
                ..
            } => write!(f, "G(n + {period}) = G(n) + {saltus} from n = {pre_period}"),
            Claim::Unsolved { to } => write!(f, "unsolved up to n = {to}"),
        }
    }
}

/// One row of a table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// The 1-based line of the file the row is on.
    pub line: u64,
    /// The game.
    pub code: OctalCode,
    /// What the row claims.
    pub claim: Claim,
    /// The outcome the row records as expected (`expect` column), if any.
    pub expect: Option<Kind>,
    /// Where the claim was published (`source` column; may be empty).
    pub source: String,
}

/// The kinds of [`Outcome`], as written in the `expect` column and in JSON.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// [`Outcome::Proved`].
    Proved,
    /// [`Outcome::NotMinimal`].
    NotMinimal,
    /// [`Outcome::Refuted`].
    Refuted,
    /// [`Outcome::HoldsUpTo`].
    HoldsUpTo,
    /// [`Outcome::Undecided`].
    Undecided,
    /// [`Outcome::Unsolved`].
    Unsolved,
    /// [`Outcome::PeriodFound`].
    PeriodFound,
}

impl Kind {
    /// Every kind, in the order of [`Kind::name`]'s documentation.
    pub const ALL: [Kind; 7] = [
        Kind::Proved,
        Kind::NotMinimal,
        Kind::Refuted,
        Kind::HoldsUpTo,
        Kind::Undecided,
        Kind::Unsolved,
        Kind::PeriodFound,
    ];

    /// `proved`, `not-minimal`, `refuted`, `holds-up-to`, `undecided`,
    /// `unsolved`, `period-found`.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Proved => "proved",
            Kind::NotMinimal => "not-minimal",
            Kind::Refuted => "refuted",
            Kind::HoldsUpTo => "holds-up-to",
            Kind::Undecided => "undecided",
            Kind::Unsolved => "unsolved",
            Kind::PeriodFound => "period-found",
        }
    }

    /// Whether the claim holds as stated: proved, holding up to its bound
    /// (arithmetic claims, the most that can be shown), or confirmed
    /// unsolved.
    pub fn holds(self) -> bool {
        matches!(self, Kind::Proved | Kind::HoldsUpTo | Kind::Unsolved)
    }
}

impl Kind {
    /// The outcome named `name` ([`Kind::name`]), if any.
    pub fn from_name(name: &str) -> Option<Kind> {
        Kind::ALL.into_iter().find(|k| k.name() == name)
    }
}

/// What checking a row found.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "outcome", rename_all = "kebab-case")]
pub enum Outcome {
    /// The periodic claim holds for every `n` (proved by the theorem) and
    /// its period and pre-period are the least.
    Proved {
        /// `G(n + p) = G(n)` was checked for `pre_period <= n < proof_end`.
        proof_end: usize,
        /// The largest heap size whose value the proof uses.
        checked_to: usize,
    },
    /// The periodic claim holds for every `n` (proved), but the sequence
    /// has a smaller period or starts being periodic earlier.
    NotMinimal {
        /// The least pre-period for the least period.
        least_pre_period: usize,
        /// The least period.
        least_period: usize,
        /// The largest heap size whose value the proof uses.
        checked_to: usize,
    },
    /// The claim fails: `G(n + period) != G(n) + saltus` at this `n`, the
    /// least `n >= pre_period` where it does.
    Refuted {
        /// The first failing `n`.
        n: usize,
        /// `G(n)`.
        value: u32,
        /// `G(n + period)`.
        later: u32,
    },
    /// The arithmetic claim holds for every `n` with `n + period <= to`
    /// (not proved).
    HoldsUpTo {
        /// The largest heap size compared.
        to: usize,
    },
    /// The periodic claim agrees with `G(0..=to)` (every `n` with
    /// `n0 <= n` and `n + p <= to`, none when `n0 + p > to`), but its proof
    /// needs values up to `needed − 1`, beyond the allowed `to`.
    Undecided {
        /// The largest heap size compared (the allowed maximum).
        to: usize,
        /// Values the proof needs: `G(0..needed)` (None: past `usize`).
        needed: Option<usize>,
    },
    /// No period is proved by `G(0..=to)`: consistent with "unsolved".
    Unsolved {
        /// `N`.
        to: usize,
    },
    /// `G(0..=to)` proves a period: the game is not unsolved.
    PeriodFound {
        /// The least pre-period found.
        pre_period: usize,
        /// The least period found.
        period: usize,
        /// The largest heap size whose value the proof uses.
        checked_to: usize,
        /// `N`.
        to: usize,
    },
}

impl Outcome {
    /// The outcome's kind.
    pub fn kind(&self) -> Kind {
        match self {
            Outcome::Proved { .. } => Kind::Proved,
            Outcome::NotMinimal { .. } => Kind::NotMinimal,
            Outcome::Refuted { .. } => Kind::Refuted,
            Outcome::HoldsUpTo { .. } => Kind::HoldsUpTo,
            Outcome::Undecided { .. } => Kind::Undecided,
            Outcome::Unsolved { .. } => Kind::Unsolved,
            Outcome::PeriodFound { .. } => Kind::PeriodFound,
        }
    }
}

/// The heap sizes a row's check computes, `G(0..len)`, with `max_n` the
/// largest allowed: the theorem's `values_needed` for periodic claims
/// (capped at `max_n + 1`), `check_to + 1` for arithmetic and unsolved ones.
///
/// # Errors
/// [`Error::OutOfRange`] when an arithmetic or unsolved row's bound
/// exceeds `max_n`.
pub fn row_len(row: &Row, max_n: usize) -> Result<usize> {
    let cap = max_n.saturating_add(1);
    let refuse = |to: usize| Error::OutOfRange {
        what: format!("line {}: check_to {to}", row.line),
        reason: format!("it exceeds --max-n {max_n}; raise --max-n to check this row"),
    };
    match row.claim {
        Claim::Unsolved { to }
        | Claim::Periodic {
            check_to: Some(to), ..
        } => {
            if to > max_n {
                return Err(refuse(to));
            }
            Ok(to.saturating_add(1))
        }
        Claim::Periodic {
            pre_period, period, ..
        } => Ok(values_needed(&row.code, pre_period, period).map_or(cap, |x| x.min(cap))),
    }
}

/// Refuses a row whose computation cannot fit in `available` bytes (see
/// [`check_budget`]), naming the row's line.
///
/// # Errors
/// [`Error::OutOfRange`] as [`row_len`] and [`check_budget`].
pub fn check_row_budget(row: &Row, max_n: usize, available: Option<u64>) -> Result<()> {
    let len = row_len(row, max_n)?;
    let e = estimate(&row.code, Engine::Sparse, len);
    check_budget(
        &e,
        &format!("line {} ({} {})", row.line, row.code, row.claim),
        available,
        false,
        "give this row a smaller check_to, or check it with a smaller --max-n",
    )
}

/// The first block of values computed; later blocks double.
const FIRST_BLOCK: usize = 1024;

/// The least `n` in `from..to` (with `n + p < g.len()`) where
/// `G(n + p) != G(n) + s`.
fn first_failure(g: &Values, from: usize, to: usize, p: usize, s: u32) -> Option<Outcome> {
    (from..to).find_map(|n| {
        let (value, later) = (g.get(n), g.get(n.checked_add(p)?));
        (u64::from(later) != u64::from(value).saturating_add(u64::from(s)))
            .then_some(Outcome::Refuted { n, value, later })
    })
}

/// The least period and least pre-period of a sequence proved
/// `p`-periodic from `n0` on, given `g` with at least `n0 + 2p` values.
///
/// The least eventual period divides every eventual period, so it is the
/// least divisor `d` of `p` with `G(n + d) = G(n)` for `n0 <= n < n0 + p`:
/// both sides are `p`-periodic for `n >= n0`, so one window of `p` values
/// settles it for all `n`. The least pre-period for `d` is then found by
/// going down from `n0` while `G(n − 1 + d) = G(n − 1)`. Returns
/// `(pre-period, period)`, or None if `g` is too short.
// Every index is below `end = n0 + 2p <= g.len()`, checked first.
#[allow(clippy::arithmetic_side_effects)]
pub fn least(g: &Values, n0: usize, p: usize) -> Option<(usize, usize)> {
    let end = n0.checked_add(p.checked_mul(2)?)?;
    if end > g.len() || p == 0 {
        return None;
    }
    let d = (1..=p)
        .filter(|d| p % d == 0)
        .find(|&d| (n0..n0 + p).all(|n| g.get(n + d) == g.get(n)))?;
    let mut m = n0;
    while m > 0 && g.get(m - 1 + d) == g.get(m - 1) {
        m -= 1;
    }
    Some((m, d))
}

/// Checks one row, computing `G(0..row_len(row, max_n))` with the fast
/// engine in doubling blocks, so that a claim failing early is refuted
/// early. Returns `Ok(None)` if stopped by `stop`.
///
/// # Errors
/// [`Error::OutOfRange`] as [`row_len`].
pub fn check_row(row: &Row, max_n: usize, progress: &dyn Progress) -> Result<Option<Outcome>> {
    let len = row_len(row, max_n)?;
    let mut c = Computation::new(row.code.clone(), Engine::Sparse);
    match row.claim {
        Claim::Unsolved { to } => {
            if !c.extend_to(len, progress) {
                return Ok(None);
            }
            Ok(Some(match proved_period(&row.code, c.values()) {
                Some(p) => Outcome::PeriodFound {
                    pre_period: p.pre_period,
                    period: p.period,
                    checked_to: p.checked_to,
                    to,
                },
                None => Outcome::Unsolved { to },
            }))
        }
        Claim::Periodic {
            pre_period: n0,
            period: p,
            saltus: s,
            ..
        } => {
            // Nothing to compare within --max-n: undecided, without computing.
            if n0.checked_add(p).is_none_or(|x| x >= len) {
                return Ok(Some(Outcome::Undecided {
                    to: len.saturating_sub(1),
                    needed: values_needed(&row.code, n0, p),
                }));
            }
            // Compare n0 <= n while n + p < len, block by block.
            let mut done = n0;
            let mut have = 0;
            while have < len {
                let to = have.saturating_mul(2).max(FIRST_BLOCK).min(len);
                if !c.extend_to(to, progress) {
                    return Ok(None);
                }
                have = to;
                let upto = have.saturating_sub(p);
                if upto > done {
                    if let Some(f) = first_failure(c.values(), done, upto, p, s) {
                        return Ok(Some(f));
                    }
                    done = upto;
                }
            }
            let to = len.saturating_sub(1);
            if s > 0 {
                return Ok(Some(Outcome::HoldsUpTo { to }));
            }
            let needed = values_needed(&row.code, n0, p);
            if needed != Some(len) {
                return Ok(Some(Outcome::Undecided { to, needed }));
            }
            let checked_to = to;
            Ok(Some(match least(c.values(), n0, p) {
                Some((m, d)) if (m, d) != (n0, p) => Outcome::NotMinimal {
                    least_pre_period: m,
                    least_period: d,
                    checked_to,
                },
                _ => Outcome::Proved {
                    // proof_end <= needed = len, so it fits.
                    proof_end: proof_end(&row.code, n0, p).unwrap_or(len),
                    checked_to,
                },
            }))
        }
    }
}

/// A checked row: its outcome and whether that is what the row expects.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RowResult {
    /// The row.
    pub row: Row,
    /// What the check found.
    pub outcome: Outcome,
    /// Whether the outcome is the row's `expect`, or, without one, whether
    /// the claim holds ([`Kind::holds`]).
    pub as_expected: bool,
}

impl RowResult {
    /// Pairs a row with its outcome.
    pub fn new(row: Row, outcome: Outcome) -> RowResult {
        let kind = outcome.kind();
        let as_expected = match row.expect {
            Some(e) => e == kind,
            None => kind.holds(),
        };
        RowResult {
            row,
            outcome,
            as_expected,
        }
    }
}

/// Checks every row, in parallel on the current rayon pool, returning the
/// results in the order of `rows`; `progress` advances by one as each row
/// is done. Returns `Ok(None)` if stopped.
///
/// # Errors
/// The first error of [`check_row`] in row order.
pub fn check_table(
    rows: &[Row],
    max_n: usize,
    progress: &dyn Progress,
) -> Result<Option<Vec<RowResult>>> {
    use rayon::prelude::*;
    let outcomes: Vec<Result<Option<Outcome>>> = rows
        .par_iter()
        .map(|r| {
            let o = check_row(r, max_n, &grundy_core::progress::StopOnly(progress));
            progress.advance(1);
            o
        })
        .collect();
    let mut out = Vec::with_capacity(rows.len());
    for (row, o) in rows.iter().zip(outcomes) {
        match o? {
            Some(o) => out.push(RowResult::new(row.clone(), o)),
            None => return Ok(None),
        }
    }
    Ok(Some(out))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn least_period_and_pre_period() {
        let g = Values::from_u32s(&[5, 1, 2, 1, 2, 1, 2, 1, 2, 1, 2]);
        assert_eq!(least(&g, 3, 4), Some((1, 2)));
        assert_eq!(least(&g, 1, 2), Some((1, 2)));
        assert_eq!(least(&g, 3, 6), None);
    }
}
