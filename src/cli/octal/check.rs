//! `grundy octal check CODE --period P --values ...`: a published
//! periodicity claim checked for all n; exit code 1 ([`Refuted`]) when it
//! fails ([`grundy_jobs::octal_queries::check_claim`]).
#![warn(clippy::arithmetic_side_effects)]

use crate::cli::progress::Bars;
use crate::cli::refuted::Refuted;
use anyhow::Context;
use clap::Args;
use grundy_games::octal::theory::claim::Claim;
use grundy_games::octal::OctalCode;
use grundy_jobs::octal_queries::check_claim;
use serde_json::json;

/// Default `--max-n`: a claim whose proof needs values beyond it is checked
/// up to it and then refused, not passed.
pub const CHECK_MAX_N: usize = 1 << 20;

/// `grundy octal check`.
#[derive(Debug, Args)]
pub struct CheckArgs {
    /// Octal code or name.
    pub code: String,
    /// The claimed period P.
    #[arg(long)]
    pub period: usize,
    /// The claimed values for n ≡ 0, 1, …, P−1 (mod P), space or comma
    /// separated.
    #[arg(long)]
    pub values: String,
    /// Exceptional values as n:v pairs, e.g. "0:0,14:0,16:2".
    #[arg(long, default_value = "")]
    pub exceptions: String,
    /// Compare with G(n) for n <= N at most; a claim whose proof needs
    /// more is refused.
    #[arg(long, default_value_t = CHECK_MAX_N)]
    pub max_n: usize,
    /// Start a naive computation estimated to take more than 10 minutes.
    #[arg(long)]
    pub force: bool,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
}

/// Runs `octal check`.
///
/// # Errors
/// A bad code or claim; a computation too large; [`Refuted`] when the
/// claim fails.
pub fn run(a: CheckArgs, bars: &Bars) -> anyhow::Result<()> {
    let code: OctalCode = a.code.parse()?;
    let claim = Claim::parse(a.period, &a.values, &a.exceptions)?;
    let v =
        check_claim(&code, &claim, a.max_n, a.force, bars)?.context("the check stopped early")?;
    if a.json {
        outln!(
            "{}",
            json!({
                "code": code.to_string(),
                "claim": claim.to_string(),
                "max_n": a.max_n,
                "holds": v.holds,
                "first_failure": v.first_failure,
                "pre_period": v.pre_period,
                "proof_end": v.proof_end,
                "checked_to": v.checked_to,
            })
        )?;
    } else if let Some(f) = v.first_failure {
        outln!(
            "{code}: the claim fails at n = {}: it says G({}) = {}, but G({}) = {}.",
            f.n,
            f.n,
            f.claimed,
            f.n,
            f.actual
        )?;
    } else {
        outln!(
            "{code}: the claim holds for all n (proved): it agrees with G(n) for every n <= {}, so G(n + {}) = G(n) for {} <= n < {}, and the Octal Periodicity Theorem gives the rest.",
            v.checked_to,
            claim.period,
            v.pre_period,
            v.proof_end
        )?;
    }
    if let Some(f) = v.first_failure {
        return Err(Refuted(format!(
            "the claim for {code} does not hold (first at n = {})",
            f.n
        ))
        .into());
    }
    Ok(())
}
