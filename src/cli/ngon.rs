//! `grundy ngon`: the n-gon game (remove a vertex with its remaining
//! neighbours; the last to remove wins), settled through Dawson's Chess
//! ([`grundy_jobs::octal_queries::ngon`]).

use super::common::with_stdout;
use super::progress::Bars;
use grundy_dataset::octal_rows::write_rows;
use serde_json::json;

/// `grundy ngon`.
#[derive(Debug, clap::Args)]
pub struct Args {
    /// Largest n (at least 3).
    #[arg(long)]
    pub max_n: usize,
    /// Print one JSON object instead.
    #[arg(long)]
    pub json: bool,
}

/// Lists, for n = 3..=N, the n-gon's nimber and whether the first player
/// wins (CSV, or JSON `rows`), streamed.
///
/// # Errors
/// `--max-n` below 3, above the largest heap size, or needing more memory
/// than is available.
pub fn run(a: Args, bars: &Bars) -> anyhow::Result<()> {
    let table = grundy_jobs::octal_queries::ngon(a.max_n, bars)?;
    with_stdout(|w| write_rows(w, a.json, &json!({"max_n": a.max_n}), table.rows()))
}
