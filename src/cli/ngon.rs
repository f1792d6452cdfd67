//! `grundy ngon`: the n-gon game (remove a vertex with its remaining
//! neighbours; the last to remove wins), settled through Dawson's Chess.

use super::progress::Bars;
use grundy::games::octal::ring::ngon_first_player_wins;
use grundy::games::octal::{Computation, Engine};
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

/// Lists, for n = 3..=N, whether the first player wins.
///
/// # Errors
/// `--max-n` below 3 or too large.
pub fn run(a: Args, bars: &Bars) -> anyhow::Result<()> {
    if !(3..=1 << 34).contains(&a.max_n) {
        Err(grundy::Error::OutOfRange {
            what: format!("--max-n {}", a.max_n),
            reason: "a polygon has at least 3 vertices (and at most 2^34 here)".into(),
        })?;
    }
    let mut c = Computation::new("0.137".parse()?, Engine::Sparse);
    bars.phase("Dawson's Chess values", (a.max_n - 2) as u64);
    c.extend_to(a.max_n - 2, bars, &AtomicBool::new(false));
    bars.finish_phase();
    let table = ngon_first_player_wins(c.values(), a.max_n);
    let wins: Vec<usize> = table.iter().filter(|x| x.1).map(|x| x.0).collect();
    if a.json {
        outln!("{}", json!({"max_n": a.max_n, "first_player_wins": wins}));
    } else {
        let mut text = String::from("n,first_player\n");
        for (n, w) in table {
            text.push_str(&format!("{n},{}\n", if w { "wins" } else { "loses" }));
        }
        super::write_stdout(&text);
    }
    Ok(())
}
