//! `grundy octal ring CODE --max-n N`: the game on a ring of n tokens,
//! n = 1..=N, as CSV or JSON, streamed
//! ([`grundy_jobs::octal_queries::ring`]).

use crate::cli::common::with_stdout;
use crate::cli::progress::Bars;
use clap::Args;
use grundy_dataset::octal_rows::write_rows;
use grundy_games::octal::OctalCode;
use serde_json::json;

/// `grundy octal ring`.
#[derive(Debug, Args)]
pub struct RingArgs {
    /// Octal code or name.
    pub code: String,
    /// Largest ring size N.
    #[arg(long)]
    pub max_n: usize,
    /// Start a naive computation estimated to take more than 10 minutes.
    #[arg(long)]
    pub force: bool,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
}

/// Runs `octal ring`.
///
/// # Errors
/// A bad code; a computation too large.
pub fn run(a: RingArgs, bars: &Bars) -> anyhow::Result<()> {
    let code: OctalCode = a.code.parse()?;
    let table = grundy_jobs::octal_queries::ring(&code, a.max_n, a.force, bars)?;
    let head = json!({"code": code.to_string(), "max_n": a.max_n});
    with_stdout(|w| write_rows(w, a.json, &head, table.rows()))
}
