//! `grundy ngon`: the n-gon game (remove a vertex with its remaining
//! neighbours; the last to remove wins), settled through Dawson's Chess.
#![warn(clippy::arithmetic_side_effects)]

use super::octal::{available_memory, print_rows};
use super::progress::Bars;
use grundy::games::octal::budget::{self, check_budget, estimate, MAX_N};
use grundy::games::octal::ring::ngon_nimber;
use grundy::games::octal::{Computation, Engine, OctalCode};
use grundy::progress::Progress;
use serde_json::json;
use std::sync::atomic::AtomicBool;

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
/// `--max-n` below 3, above [`MAX_N`], or needing more memory than is
/// available.
pub fn run(a: Args, bars: &Bars) -> anyhow::Result<()> {
    // The n-gon of n reads G_0.137(n − 3): values 0..=max_n − 3.
    let Some(len) = a.max_n.checked_sub(2).filter(|_| a.max_n >= 3) else {
        Err(grundy::Error::OutOfRange {
            what: format!("--max-n {}", a.max_n),
            reason: "a polygon has at least 3 vertices".into(),
        })?
    };
    budget::check_n("--max-n", a.max_n, MAX_N)?;
    let dawson: OctalCode = "0.137".parse()?;
    check_budget(
        &estimate(&dawson, Engine::Sparse, len),
        &format!("--max-n {}", a.max_n),
        available_memory(),
        false,
    )?;
    let mut c = Computation::new(dawson, Engine::Sparse);
    bars.phase("Dawson's Chess values", len as u64);
    c.extend_to(len, bars, &AtomicBool::new(false));
    bars.finish_phase();
    let g = c.values();
    print_rows(
        a.json,
        json!({"max_n": a.max_n}),
        (3..=a.max_n).map(|n| (n, ngon_nimber(g, n))),
    );
    Ok(())
}
