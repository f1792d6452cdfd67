//! `grundy octal period CODE`: the period found and proved by the Octal
//! Periodicity Theorem, or arithmetic periodicity seen, or nothing
//! ([`grundy_jobs::octal_queries::period`]).
#![warn(clippy::arithmetic_side_effects)]

use crate::cli::common::EngineArg;
use crate::cli::progress::Bars;
use clap::Args;
use grundy_games::octal::theory::claim::Claim;
use grundy_games::octal::theory::period::{Arithmetic, PeriodSearch, Periodicity};
use grundy_games::octal::OctalCode;
use grundy_jobs::octal_queries::{period, PeriodRun};
use serde_json::json;

/// Default `--max-n`: values are computed until a period is proved or this
/// heap size is reached.
pub const PERIOD_MAX_N: usize = 1 << 22;

/// Default `--max-n` for a code with a repeating part (`4.[3]`): no period
/// can be proved, so every value up to it is computed, each heap costing
/// `O(n)` (Lasker's Nim to 16,383 takes about a tenth of a second).
pub const PERIOD_MAX_N_REPEATING: usize = (1 << 14) - 1;

/// `grundy octal period`.
#[derive(Debug, Args)]
pub struct PeriodArgs {
    /// Octal code or name (a code with a repeating part, such as 4.[3] or
    /// laskers-nim, gets observed periodicity only, never a proof).
    pub code: String,
    /// Give up after computing G(0..=N) [default: 4194304, or 16383 for a
    /// code with a repeating part].
    #[arg(long)]
    pub max_n: Option<usize>,
    /// Engine.
    #[arg(long, value_enum, default_value = "sparse")]
    pub engine: EngineArg,
    /// Start a naive computation estimated to take more than 10 minutes.
    #[arg(long)]
    pub force: bool,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
}

/// Runs `octal period`.
///
/// # Errors
/// A bad code; a computation too large.
pub fn run(a: PeriodArgs, bars: &Bars) -> anyhow::Result<()> {
    let code: OctalCode = a.code.parse()?;
    let max_n = a.max_n.unwrap_or(if code.is_finite() {
        PERIOD_MAX_N
    } else {
        PERIOD_MAX_N_REPEATING
    });
    let PeriodRun {
        found,
        computed_to,
        claim,
    } = period(&code, a.engine.into(), max_n, a.force, bars)?;
    match found {
        PeriodSearch::Proved(p) => proved(&a, max_n, &code, &p, claim.as_ref(), computed_to),
        PeriodSearch::Arithmetic(x) => not_proved(&a, max_n, &code, Some(x), computed_to),
        _ => not_proved(&a, max_n, &code, None, computed_to),
    }
}

fn proved(
    a: &PeriodArgs,
    max_n: usize,
    code: &OctalCode,
    p: &Periodicity,
    claim: Option<&Claim>,
    computed: usize,
) -> anyhow::Result<()> {
    let check = claim.map(|c| c.check_command(code));
    // A check-table row: code,pre_period,period.
    let row = format!("{code},{},{}", p.pre_period, p.period);
    if a.json {
        return outln!(
            "{}",
            json!({
                "code": code.to_string(),
                "max_n": max_n,
                "pre_period": p.pre_period,
                "period": p.period,
                "proved": true,
                "checked_to": p.checked_to,
                "proof_range": [p.theorem_pre_period, p.proof_end],
                "computed_to": computed,
                "claim": claim.map(|claim| json!({
                    "period": claim.period,
                    "values": claim.values,
                    "exceptions": claim.exceptions.iter().map(|(n, v)| [*n as u64, u64::from(*v)]).collect::<Vec<_>>(),
                })),
                "check": check,
                "check_table_row": row,
            })
        );
    }
    outln!(
        "{code}: period {} from n = {} (pre-period {}), proved: G(n + {}) = G(n) was checked for {} <= n < {} (values up to n = {}), which the Octal Periodicity Theorem (Guy and Smith 1956) extends to all n >= {}.",
        p.period,
        p.pre_period,
        p.pre_period,
        p.theorem_period,
        p.theorem_pre_period,
        p.proof_end,
        p.checked_to,
        p.theorem_pre_period
    )?;
    match check {
        Some(check) => outln!("To re-check the claim (values by n mod {}, then the exceptions):\n  {check}\nAs a row of a check-table file (code,pre_period,period):\n  {row}", p.period),
        None => outln!("The claim (values by n mod {}, then the exceptions below n = {}) is too long to print; as a row of a check-table file (code,pre_period,period), which `grundy octal check-table` re-checks:\n  {row}", p.period, p.pre_period),
    }
}

fn not_proved(
    a: &PeriodArgs,
    max_n: usize,
    code: &OctalCode,
    arith: Option<Arithmetic>,
    computed: usize,
) -> anyhow::Result<()> {
    if a.json {
        return outln!(
            "{}",
            json!({
                "code": code.to_string(),
                "max_n": max_n,
                "pre_period": null,
                "period": null,
                "proved": false,
                "checked_to": computed,
                "computed_to": computed,
                "arithmetic": arith.map(|x| json!({
                    "pre_period": x.pre_period, "period": x.period,
                    "saltus": x.saltus, "proved": false})),
            })
        );
    }
    // A repeating part: the theorem has no bound t to work with.
    let why = if code.is_finite() {
        ""
    } else {
        " The Octal Periodicity Theorem does not apply to a code with a repeating part, so no period of it is ever proved here."
    };
    match arith {
        Some(x) if x.saltus == 0 => outln!(
            "{code}: no period proved up to n = {computed}. Periodicity is seen: G(n + {}) = G(n) for {} <= n <= {} (observed, not proved).{why}",
            x.period,
            x.pre_period,
            computed.saturating_sub(x.period)
        ),
        Some(x) => outln!(
            "{code}: no period found up to n = {computed}. Arithmetic periodicity is seen: G(n + {}) = G(n) + {} for {} <= n <= {} (observed, not proved).{why}",
            x.period,
            x.saltus,
            x.pre_period,
            computed.saturating_sub(x.period)
        ),
        None => outln!("{code}: no period found up to n = {computed}.{why}"),
    }
}
